import type { Params } from '@angular/router';
import type { DispatchHistoryItem } from '@shared/board/dispatch';

import type { CsvColumn } from '../../ui/csv';
import { formatDuration } from '../../ui/format';
import { coreHoursText } from '../../ui/core-hours-text';

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
  pending: $localize`:@@admin.dispatches.state.pending:Pending pickup`,
  in_progress: $localize`:@@admin.dispatches.state.inProgress:In progress`,
  done: $localize`:@@admin.dispatches.state.done:Done`,
} as const;

/** "12m", or an en dash while not measured. */
export function durationText(seconds: number | null): string {
  return seconds === null ? '–' : formatDuration(seconds * 1000);
}

/** Where the issue stands now, in words. */
export function columnText(item: Pick<DispatchHistoryItem, 'column'>): string {
  return item.column === null
    ? $localize`:@@admin.dispatches.state.notFound:Not found`
    : COLUMN_LABELS[item.column];
}

/** What was done: "Dispatch", "Re-dispatch from npc-builder", or "Run stopped (1.5 core-h)". */
export function kindText(item: Pick<DispatchHistoryItem, 'kind' | 'previous_npc' | 'run'>): string {
  if (item.kind === 'dispatch') return $localize`:@@admin.dispatches.kind.dispatch:Dispatch`;
  if (item.kind === 'stop')
    return $localize`:@@admin.dispatches.kind.stop:Run ${item.run?.sn ?? ''}:sn: stopped (${coreHoursText(item.run?.core_hours ?? 0)}:hours:)`;
  return item.previous_npc
    ? $localize`:@@admin.dispatches.kind.redispatchFrom:Re-dispatch from ${item.previous_npc}:npc:`
    : $localize`:@@admin.dispatches.kind.redispatch:Re-dispatch`;
}

/** Why it went out despite a block, or why it was handed over; empty otherwise. */
export function noteText(
  item: Pick<DispatchHistoryItem, 'override' | 'override_reason' | 'reason'>,
): string {
  if (item.override) {
    const reason = item.override_reason ?? '';
    return $localize`:@@admin.dispatches.note.override:Override: ${reason}:reason:`.trim();
  }
  return item.reason ?? '';
}

/** The export: one row per dispatch, with the same figures as the table. */
export const DISPATCH_CSV_COLUMNS: readonly CsvColumn<DispatchHistoryItem>[] = [
  {
    header: $localize`:@@admin.dispatches.csv.dispatchedAt:Dispatched at (UTC)`,
    value: (d) => d.dispatched_at,
  },
  { header: $localize`:@@admin.dispatches.csv.actor:Actor`, value: (d) => d.actor },
  { header: $localize`:@@admin.dispatches.csv.kind:Kind`, value: (d) => d.kind },
  { header: $localize`:@@admin.dispatches.csv.repo:Repository`, value: (d) => d.repo },
  { header: $localize`:@@admin.dispatches.csv.issue:Issue`, value: (d) => d.number },
  { header: $localize`:@@admin.dispatches.csv.title:Title`, value: (d) => d.title },
  { header: $localize`:@@admin.dispatches.csv.npc:NPC`, value: (d) => d.npc },
  {
    header: $localize`:@@admin.dispatches.csv.previousNpc:Previous NPC`,
    value: (d) => d.previous_npc,
  },
  { header: $localize`:@@admin.dispatches.csv.workMode:Work mode`, value: (d) => d.work_mode },
  { header: $localize`:@@admin.dispatches.csv.column:Column now`, value: (d) => d.column },
  {
    header: $localize`:@@admin.dispatches.csv.pickup:Pickup latency (s)`,
    value: (d) => d.pickup_latency_s,
  },
  { header: $localize`:@@admin.dispatches.csv.cycle:Cycle time (s)`, value: (d) => d.cycle_time_s },
  {
    header: $localize`:@@admin.dispatches.csv.findings:Findings`,
    value: (d) => d.findings.map((f) => `${f.code}:${f.severity}`).join(' '),
  },
  { header: $localize`:@@admin.dispatches.csv.override:Override`, value: (d) => d.override },
  {
    header: $localize`:@@admin.dispatches.csv.overrideReason:Override reason`,
    value: (d) => d.override_reason,
  },
  { header: $localize`:@@admin.dispatches.csv.reason:Reason`, value: (d) => d.reason },
  { header: $localize`:@@admin.dispatches.csv.run:Run stopped`, value: (d) => d.run?.sn ?? null },
  {
    header: $localize`:@@admin.dispatches.csv.coreHours:Core-hours billed when stopped`,
    value: (d) => d.run?.core_hours ?? null,
  },
];
