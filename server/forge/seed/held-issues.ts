/**
 * Meta key of the demo issues the NPC simulator leaves alone (`HeldIssues` as JSON), so
 * the stuck and overdue cases stay on show while the rest of the demo moves.
 */
export const HELD_ISSUES_KEY = 'demo_held_issues';

/** Ids of the held demo issues, by the case each shows. */
export interface HeldIssues {
  stuck: number[];
  overdue: number[];
}

/** The held issues stored under `HELD_ISSUES_KEY`, or none when the value is missing or unreadable. */
export function parseHeldIssues(value: string | null): HeldIssues {
  const none: HeldIssues = { stuck: [], overdue: [] };
  if (value === null) return none;
  try {
    const parsed = JSON.parse(value) as Partial<HeldIssues>;
    const ids = (list: unknown): number[] =>
      Array.isArray(list) ? list.filter((id): id is number => Number.isInteger(id)) : [];
    return { stuck: ids(parsed.stuck), overdue: ids(parsed.overdue) };
  } catch {
    return none;
  }
}
