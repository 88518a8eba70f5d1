import type { IssueRuns, RunStatus } from '@shared/board/runs';

import type { IconName } from '../../ui/icons';
import { coreHoursText } from '../../ui/core-hours-text';
import { formatCount } from '../../ui/format';

/**
 * NPC runs in words (docs/rules.md#npc-runs): a run's outcome, core-hours, and what
 * a task card says of its runs.
 */

/** A run's outcome, with the icon that goes with it. */
export const RUN_STATUSES: Record<RunStatus, { label: string; icon: IconName }> = {
  running: { label: $localize`:@@runs.status.running:running`, icon: 'play_circle' },
  success: { label: $localize`:@@runs.status.success:succeeded`, icon: 'check_circle' },
  error: { label: $localize`:@@runs.status.error:failed`, icon: 'error' },
  cancel: { label: $localize`:@@runs.status.cancel:stopped`, icon: 'stop_circle' },
};

/** The card's summary of finished work: `3 runs · last failed · 1.25 core-h`; null with none. */
export function runsSummary(runs: IssueRuns | null): string | null {
  if (runs === null || runs.count === 0) return null;
  // Only the run going now: its marker says it all.
  const ended = runs.count - (runs.running ? 1 : 0);
  if (ended === 0) return null;
  const parts = [
    runs.count === 1
      ? $localize`:@@runs.card.one:1 run`
      : $localize`:@@runs.card.many:${formatCount(runs.count)}:count: runs`,
  ];
  if (runs.last_status !== null && runs.last_status !== 'running')
    parts.push($localize`:@@runs.card.last:last ${RUN_STATUSES[runs.last_status].label}:status:`);
  if (runs.core_hours !== null) parts.push(coreHoursText(runs.core_hours));
  return parts.join(' · ');
}
