import type { Issue } from '@shared/board/entities';
import { formatDuration } from '@shared/board/signals';

/**
 * The NPC timings the issue dialog states, in words. Durations come from the board's
 * signals (pickup latency, cycle time); while the NPC has not answered or the issue is
 * open, the current wait is counted from `assigned_at` to `now`.
 */

type Timed = Pick<Issue, 'state' | 'state_reason' | 'signals'>;

const seconds = (s: number): string => formatDuration(s * 1000);

function waitedSince(assignedAt: string, now: number): string {
  return formatDuration(now - Date.parse(assignedAt));
}

/** "42 min", "waiting 3 h", "never picked up", or null when no NPC is assigned. */
export function pickupText(issue: Timed, now: number): string | null {
  const { assigned_at, pickup_latency_s } = issue.signals;
  if (pickup_latency_s !== null) return seconds(pickup_latency_s);
  if (assigned_at === null) return null;
  if (issue.state === 'open') return `waiting ${waitedSince(assigned_at, now)}`;
  return 'never picked up';
}

/**
 * "1 d 4 h" for an issue closed as completed, "open 2 d 3 h so far" while open, or a
 * reason there is none; null when no NPC is assigned.
 */
export function cycleText(issue: Timed, now: number): string | null {
  const { assigned_at, cycle_time_s } = issue.signals;
  if (cycle_time_s !== null) return seconds(cycle_time_s);
  if (assigned_at === null) return null;
  if (issue.state === 'open') return `open ${waitedSince(assigned_at, now)} so far`;
  if (issue.state_reason === 'not_planned') return 'none: closed as not planned';
  return 'unknown';
}

/** The cycle fact's label: while the issue is open it is the time since assignment. */
export function cycleLabel(issue: Timed): string {
  return issue.signals.cycle_time_s === null && issue.state === 'open'
    ? 'Time since assigned'
    : 'Cycle time';
}
