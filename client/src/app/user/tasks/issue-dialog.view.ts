import type { Issue } from '@shared/board/entities';

import { formatDuration, formatInterval } from '../../ui/format';

/**
 * The NPC timings the issue dialog states, in words. Durations come from the board's
 * signals (pickup latency, cycle time); while the NPC has not answered or the issue is
 * open, the current wait is counted from `assigned_at` to `now`.
 */

type Timed = Pick<Issue, 'state' | 'state_reason' | 'signals'>;

/** `42m`, `1d 4h`; a wait under a minute in seconds (`45 sec`) rather than `0m`. */
function seconds(s: number): string {
  return s > 0 && s < 60 ? formatInterval(s) : formatDuration(s * 1000);
}

function waitedSince(assignedAt: string, now: number): string {
  return formatDuration(now - Date.parse(assignedAt));
}

/** "42m", "waiting 3h", "never picked up", or null when no NPC is assigned. */
export function pickupText(issue: Timed, now: number): string | null {
  const { assigned_at, pickup_latency_s } = issue.signals;
  if (pickup_latency_s !== null) return seconds(pickup_latency_s);
  if (assigned_at === null) return null;
  if (issue.state === 'open') {
    return $localize`:@@tasks.dialog.pickupWaiting:waiting ${waitedSince(assigned_at, now)}:duration:`;
  }
  return $localize`:@@tasks.dialog.neverPickedUp:never picked up`;
}

/**
 * "1d 4h" for an issue closed as completed, "open 2d 3h so far" while open, or a
 * reason there is none; null when no NPC is assigned.
 */
export function cycleText(issue: Timed, now: number): string | null {
  const { assigned_at, cycle_time_s } = issue.signals;
  if (cycle_time_s !== null) return seconds(cycle_time_s);
  if (assigned_at === null) return null;
  if (issue.state === 'open') {
    return $localize`:@@tasks.dialog.openSoFar:open ${waitedSince(assigned_at, now)}:duration: so far`;
  }
  if (issue.state_reason === 'not_planned') {
    return $localize`:@@tasks.dialog.cycleNotPlanned:none: closed as not planned`;
  }
  return $localize`:@@tasks.dialog.unknown:unknown`;
}

/** The cycle fact's label: while the issue is open it is the time since assignment. */
export function cycleLabel(issue: Timed): string {
  return issue.signals.cycle_time_s === null && issue.state === 'open'
    ? $localize`:@@tasks.dialog.sinceAssigned:Time since assigned`
    : $localize`:@@tasks.dialog.cycle:Cycle time`;
}
