/**
 * Repository health colouring (docs/rules.md#repository-health): by the age of the
 * last commit.
 */
export type HealthLevel = 'fresh' | 'yellow' | 'red';

export const YELLOW_AFTER_DAYS = 7;
export const RED_AFTER_DAYS = 30;
const DAY_MS = 86_400_000;

/** Older than 30 days is red, older than 7 days yellow, anything newer fresh. */
export function repositoryHealth(lastCommitAt: string | Date, now: Date): HealthLevel {
  const age = now.getTime() - new Date(lastCommitAt).getTime();
  if (age > RED_AFTER_DAYS * DAY_MS) return 'red';
  if (age > YELLOW_AFTER_DAYS * DAY_MS) return 'yellow';
  return 'fresh';
}
