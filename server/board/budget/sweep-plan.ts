/**
 * The issue sweep's plan (docs/architecture.md#the-refresh-plan). Editing an issue or
 * commenting on it moves no repository record, so on a platform without an organization-wide
 * issue list a sweep also asks unmoved repositories for their updated issues: each
 * repository is due one sweep period after it was last asked, and each refresh asks those
 * that would be past due before the next one, least recently asked first. The period is the
 * shortest in which the sweep's share of the hourly budget (`SWEEP_SHARE`) asks every held
 * repository once, never under the cache life (`ISSUE_SWEEP_MINUTES` fixes it instead). The
 * due times of a full read are spread evenly over the period, so the sweep costs about the
 * same at every refresh. While the budget is tight the period stretches with the cache life,
 * and the sweep leaves `SWEEP_RESERVE` of the hour to others.
 */

const HOUR_MS = 3_600_000;

/**
 * Share of the hourly call budget the sweep plans for. At demo size (about 50
 * repositories) the default budget sweeps every repository once per cache life with it;
 * at 400 repositories, about every 27 minutes.
 */
export const SWEEP_SHARE = 0.3;
/**
 * Share of the hour the sweep leaves to others: the viewers' quarter and a little more, so
 * the sweep alone never brings the hour's use to where the cache life stretches (75 %).
 */
export const SWEEP_RESERVE = 0.35;

/** The settings the plan follows. */
export interface SweepSettings {
  issueSweepMs: number | null;
  platformMaxCallsPerHour: number;
  cacheTtlMs: number;
}

/**
 * The sweep period for `heldRepositories` in all. Each repository's check is one listing
 * call, or a few when it has many changes.
 */
export function sweepPeriodMs(settings: SweepSettings, heldRepositories: number): number {
  if (settings.issueSweepMs !== null) return settings.issueSweepMs;
  const perHour = settings.platformMaxCallsPerHour * SWEEP_SHARE;
  return Math.max(settings.cacheTtlMs, Math.ceil((heldRepositories / perHour) * HOUR_MS));
}

/**
 * The repositories a refresh at `now` asks: those last asked before the horizon (one period
 * after they were asked, and the time to the next refresh, both stretched with the cache
 * life), least recently asked first, at most `left` of them; with how many were due.
 */
export function sweepDue(
  candidates: readonly { path: string; checkedAt: number }[],
  horizon: number,
  left: number,
): { asked: Set<string>; due: number } {
  const due = candidates
    .filter((candidate) => candidate.checkedAt < horizon)
    .sort((a, b) => a.checkedAt - b.checkedAt || (a.path < b.path ? -1 : 1));
  const asked = due.slice(0, Math.max(0, Math.min(due.length, left)));
  return { asked: new Set(asked.map((entry) => entry.path)), due: due.length };
}

/**
 * After a full read, the repositories' last checks spread over the past sweep period (the
 * j-th of n in path order as if asked j/n of a period ago), so they fall due one after
 * another instead of all at once a period later.
 */
export function spreadChecks(
  paths: Iterable<string>,
  now: number,
  periodMs: number,
): Map<string, number> {
  const sorted = [...paths].sort();
  return new Map(sorted.map((path, j) => [path, now - Math.floor((periodMs * j) / sorted.length)]));
}
