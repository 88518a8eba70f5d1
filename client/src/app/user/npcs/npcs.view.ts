import type { Params } from '@angular/router';
import type {
  NpcScorecard,
  NpcScorecards,
  OutcomeMeasures,
  OutcomeWeek,
  OutcomeWindow,
} from '@shared/board/outcomes';
import { TREND_WEEKS } from '@shared/board/outcomes';

import type { CsvColumn } from '../../ui/csv';
import { formatCount, formatList, formatUtcDate } from '../../ui/format';
import { SortDirection, SortValue, sortRows } from '../../ui/sort';
import { MeasureCells, PendingParts, measureCells, measureCsvColumns } from './outcome-measures';
import { NpcSortKey, windowQuery } from './npcs-url-state';

/** One row of a measures table: a scope (an NPC, an organization, a repository). */
export interface MeasureRow {
  /** What the row stands for, unique in its table: `npc-builder`, `acme`, `acme/web`. */
  key: string;
  name: string;
  /** Where the name leads (an app path and its query), or null. */
  link: { path: string; query: Params | null } | null;
  /** A short note under the name, or null. */
  note: string | null;
  cells: MeasureCells;
  /** Tasks completed per week, oldest first, for the row's sparkline; null: no trend. */
  trend: readonly number[] | null;
  measures: OutcomeMeasures;
}

/** The path of an NPC's own page. */
export function npcPath(npc: string): string {
  return `/npcs/${encodeURIComponent(npc)}`;
}

/** The note under an NPC that is not one of the board's configured NPCs. */
export function otherNpcNote(): string {
  return $localize`:@@npcs.row.otherNpc:other NPC`;
}

/** The hover text of that note. */
export function otherNpcHint(): string {
  return $localize`:@@npcs.row.otherNpcHint:Marked as an NPC by the platform; not one of the NPCs the board is set up with.`;
}

/** The rows of `/npcs`, in the answer's order (configured NPCs first). */
export function npcRows(
  answer: NpcScorecards,
  pending: PendingParts,
  days: OutcomeWindow,
): MeasureRow[] {
  return answer.npcs.map((card) => ({
    key: card.npc,
    name: card.npc,
    link: { path: npcPath(card.npc), query: windowQuery(days) },
    note: card.configured ? null : otherNpcNote(),
    cells: measureCells(card.measures, pending),
    trend: card.weeks.map((w) => w.tasks_completed),
    measures: card.measures,
  }));
}

/** What a viewer sees change on a row, for the mark a live update leaves. */
export function scorecardFigures(card: NpcScorecard): unknown[] {
  return [card.measures, card.weeks.map((w) => w.tasks_completed)];
}

/**
 * Rows in a column's order; without one, as given. By name, or by a measure's figure,
 * with those that have none (too few, still counting) last either way.
 */
export function sortMeasureRows(
  rows: readonly MeasureRow[],
  sort: NpcSortKey | null,
  dir: SortDirection,
): MeasureRow[] {
  if (sort === null) return [...rows];
  const value = (row: MeasureRow): SortValue => (sort === 'npc' ? row.name : row.cells[sort].value);
  return sortRows(rows, value, dir);
}

/** A week as the trends name it: the UTC day it starts, `2026-11-01`. */
export function weekName(week: Pick<OutcomeWeek, 'start'>): string {
  return formatUtcDate(week.start);
}

/** The sparkline's words: "Tasks completed per week, oldest first: 1, 3, 2, 4". */
export function trendText(trend: readonly number[]): string {
  const values = formatList(trend.map((n) => formatCount(n)));
  return $localize`:@@npcs.trend.text:Tasks completed per week, oldest first: ${values}:values:`;
}

/** The trend column's header. */
export function trendHeader(): string {
  return $localize`:@@npcs.trend.header:Completed per week`;
}

/** The trend column's definition. */
export function trendHow(): string {
  return $localize`:@@npcs.trend.how:Tasks completed in each of the last ${TREND_WEEKS}:weeks: weeks, oldest first; the last week ends now.`;
}

/** The name column of the NPC export. */
export function npcHeader(): string {
  return $localize`:@@npcs.column.npc:NPC`;
}

/**
 * The columns of the `/npcs` export: the NPC, whether it is configured, every measure's
 * figure and sample as numbers, then its completed tasks of each trend week (`weeks`, the
 * answer's weeks, name those columns).
 */
export function npcCsvColumns(weeks: readonly OutcomeWeek[]): CsvColumn<MeasureRow>[] {
  return [
    { header: npcHeader(), value: (r) => r.name },
    { header: $localize`:@@npcs.csv.configured:Configured`, value: (r) => r.note === null },
    ...measureCsvColumns<MeasureRow>((r) => r.measures),
    ...weeks.map((week, index): CsvColumn<MeasureRow> => ({
      header: $localize`:@@npcs.csv.week:Completed (week of ${weekName(week)}:week:)`,
      value: (r) => r.trend?.[index] ?? null,
    })),
  ];
}
