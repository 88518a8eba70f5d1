import type { PlatformIssueActivity } from '@shared/platform/types';

/**
 * What an issue's activities tell the signals (docs/rules.md#npc-signals): when each
 * user was last assigned and when the issue last closed. The platform publishes the
 * activity payload as free-form; entries read as `{action: 'assigned', assignees: [...]}`
 * and `{action: 'closed'}` count, anything else is ignored, so a platform that records
 * neither leaves the signals on their fallbacks (creation and update times).
 */
export interface ActivityFacts {
  /** Lower-case username → time of the latest assignment naming it. */
  assigned: ReadonlyMap<string, string>;
  /** Time of the latest close, or null. */
  closed_at: string | null;
}

/**
 * The assignments of every issue with none on record, one shared empty map: the facts
 * service holds an entry per NPC issue it has read (thousands), many without assignments.
 */
const NO_ASSIGNMENTS: ReadonlyMap<string, string> = new Map();

export function activityFacts(activities: readonly PlatformIssueActivity[]): ActivityFacts {
  const assigned = new Map<string, string>();
  let closedAt: string | null = null;
  const byTime = [...activities].sort(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at),
  );
  for (const activity of byTime) {
    if (Number.isNaN(Date.parse(activity.created_at))) continue;
    const payload = asRecord(activity.payload);
    const action = typeof payload?.['action'] === 'string' ? payload['action'] : activity.type;
    if (action === 'assigned') {
      for (const name of usernames(payload?.['assignees'])) assigned.set(name, activity.created_at);
    } else if (action === 'unassigned') {
      for (const name of usernames(payload?.['assignees'])) assigned.delete(name);
    } else if (action === 'closed') {
      closedAt = activity.created_at;
    } else if (action === 'reopened') {
      closedAt = null;
    }
  }
  return { assigned: assigned.size > 0 ? assigned : NO_ASSIGNMENTS, closed_at: closedAt };
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** Usernames from a list of names or of user records. */
function usernames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const name = typeof entry === 'string' ? entry : asRecord(entry)?.['username'];
    return typeof name === 'string' && name !== '' ? [name.toLowerCase()] : [];
  });
}
