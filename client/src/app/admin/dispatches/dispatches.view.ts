import type { Params } from '@angular/router';
import type { DispatchHistoryItem } from '@shared/board/dispatch';
import { formatDuration } from '@shared/board/signals';

import type { CsvColumn } from '../../ui/csv';

/** The history's filters, from the URL (`?npc=&org=`). */
export interface DispatchesUrlState {
  npc: string | null;
  org: string | null;
}

const SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export function parseDispatchesState(params: Params): DispatchesUrlState {
  const text = (key: string): string | null =>
    typeof params[key] === 'string' && SLUG.test(params[key]) ? params[key] : null;
  return { npc: text('npc'), org: text('org') };
}

/** The longest history the page asks for. */
export const HISTORY_LIMIT = 500;

/** How a column reads on the page. */
export const COLUMN_LABELS = {
  pending: 'Pending pickup',
  in_progress: 'In progress',
  done: 'Done',
} as const;

/** "12 min", or an en dash while not measured. */
export function durationText(seconds: number | null): string {
  return seconds === null ? '–' : formatDuration(seconds * 1000);
}

/** Where the issue stands now, in words. */
export function columnText(item: Pick<DispatchHistoryItem, 'column'>): string {
  return item.column === null ? 'Not found' : COLUMN_LABELS[item.column];
}

/** What was done: "Dispatch", or "Re-dispatch from npc-builder". */
export function kindText(item: Pick<DispatchHistoryItem, 'kind' | 'previous_npc'>): string {
  if (item.kind === 'dispatch') return 'Dispatch';
  return item.previous_npc ? `Re-dispatch from ${item.previous_npc}` : 'Re-dispatch';
}

/** Why it went out despite a block, or why it was handed over; empty otherwise. */
export function noteText(
  item: Pick<DispatchHistoryItem, 'override' | 'override_reason' | 'reason'>,
): string {
  if (item.override) return `Override: ${item.override_reason ?? ''}`.trim();
  return item.reason ?? '';
}

/** The export: one row per dispatch, with the same figures as the table. */
export const DISPATCH_CSV_COLUMNS: readonly CsvColumn<DispatchHistoryItem>[] = [
  { header: 'Dispatched at (UTC)', value: (d) => d.dispatched_at },
  { header: 'Actor', value: (d) => d.actor },
  { header: 'Kind', value: (d) => d.kind },
  { header: 'Repository', value: (d) => d.repo },
  { header: 'Issue', value: (d) => d.number },
  { header: 'Title', value: (d) => d.title },
  { header: 'NPC', value: (d) => d.npc },
  { header: 'Previous NPC', value: (d) => d.previous_npc },
  { header: 'Work mode', value: (d) => d.work_mode },
  { header: 'Column now', value: (d) => d.column },
  { header: 'Pickup latency (s)', value: (d) => d.pickup_latency_s },
  { header: 'Cycle time (s)', value: (d) => d.cycle_time_s },
  { header: 'Findings', value: (d) => d.findings.map((f) => `${f.code}:${f.severity}`).join(' ') },
  { header: 'Override', value: (d) => d.override },
  { header: 'Override reason', value: (d) => d.override_reason },
  { header: 'Reason', value: (d) => d.reason },
];
