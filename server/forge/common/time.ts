/** RFC 3339 UTC with milliseconds: the one format the forge stores and sends. */
export function iso(date: Date): string {
  return date.toISOString();
}

/** Zero time, sent as `last_updated_at.time` when a repository has no commit (as Go's NullTime). */
export const ZERO_TIME = '0001-01-01T00:00:00Z';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` → the instant that day starts (UTC). */
export function dayStart(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/** `YYYY-MM-DD` → the instant the next day starts (UTC), the exclusive end of the day. */
export function dayEnd(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString();
}
