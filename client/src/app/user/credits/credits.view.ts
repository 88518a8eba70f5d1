import type { CreditForecastKind, OrgCredits } from '@shared/board/entities';

import { ApiError } from '../../core/api-error';
import type { CsvColumn } from '../../ui/csv';
import { formatCount, formatDays, formatPercent, formatRate } from '../../ui/format';
import { coreHoursText } from '../../ui/core-hours-text';
import { creditsPerCoreHour, linkedShare, type OrgRunFigures } from '@shared/board/runs';
import { SortDirection, SortValue, sortRows } from '../../ui/sort';
import { BalanceSeries } from '../charts/chart-options';
import { RunwayFields, forecastText, runwayText } from '../../ui/credit-text';

export { forecastText, runwayText };
import { isBelowThreshold } from '@shared/board/credits';

/** One organization in the credits monitor. */
export interface CreditRow {
  slug: string;
  name: string;
  /** null: unknown (see `unknownReason`) or not loaded (see `error`). */
  balance: number | null;
  unknownReason: string | null;
  low: boolean;
  avgDaily: number | null;
  forecast: CreditForecastKind | null;
  exhaustionDate: string | null;
  /** Exhaustion dates at the 75th and 25th percentile of daily consumption, or null. */
  band: { early: string; late: string } | null;
  /** Credits spent per NPC issue completed over `taskWindowDays`; null when unknown. */
  creditsPerTask: number | null;
  /** The `n` of `creditsPerTask`. */
  tasksCompleted: number;
  taskWindowDays: number;
  /** How many more tasks the balance pays for at `creditsPerTask`; null when unknown. */
  runwayTasks: number | null;
  error: ApiError | null;
  credits: OrgCredits | null;
}

export type CreditAnswer =
  { slug: string; credits: OrgCredits } | { slug: string; error: ApiError };

/** What a viewer sees change on a row, for the mark a live update leaves. */
export function creditFigures(answer: CreditAnswer): unknown[] {
  if ('error' in answer) return ['error', answer.error.message];
  const c = answer.credits;
  return [
    c.balance,
    c.avg_daily_consumption,
    c.predicted_exhaustion_date,
    c.forecast,
    c.credits_per_task,
    c.tasks_completed,
    c.runway_tasks,
  ];
}

export const CREDIT_SORT_KEYS = ['name', 'balance', 'avg', 'runs_out'] as const;
export type CreditSortKey = (typeof CREDIT_SORT_KEYS)[number];

/** Rows in the order of the answers; the threshold is the one `api/meta` publishes. */
export function creditRows(
  answers: readonly CreditAnswer[],
  names: ReadonlyMap<string, string>,
  threshold: number | null,
): CreditRow[] {
  return answers.map((answer) => {
    const name = names.get(answer.slug) ?? answer.slug;
    if ('error' in answer) {
      return {
        slug: answer.slug,
        name,
        balance: null,
        unknownReason: null,
        low: false,
        avgDaily: null,
        forecast: null,
        exhaustionDate: null,
        band: null,
        creditsPerTask: null,
        tasksCompleted: 0,
        taskWindowDays: 7,
        runwayTasks: null,
        error: answer.error,
        credits: null,
      };
    }
    const c = answer.credits;
    return {
      slug: answer.slug,
      name,
      balance: c.balance,
      unknownReason:
        c.balance === null
          ? (c.balance_unknown_reason ??
            $localize`:@@credits.unknownReason.noSource:no credit source`)
          : null,
      low: isBelowThreshold(c.balance, threshold),
      avgDaily: c.avg_daily_consumption,
      forecast: c.forecast,
      exhaustionDate: c.predicted_exhaustion_date,
      // A board from before these figures answers without them: shown as unknown.
      band: c.exhaustion_band ?? null,
      creditsPerTask: c.credits_per_task ?? null,
      tasksCompleted: c.tasks_completed ?? 0,
      taskWindowDays: c.task_window_days ?? 7,
      runwayTasks: c.runway_tasks ?? null,
      error: null,
      credits: c,
    };
  });
}

/** The cost per task with its sample: "12.4 credits per task (n = 17 tasks, 7d)". */
export function costPerTaskText(row: RunwayFields): string {
  const count = formatCount(row.tasksCompleted);
  const days = formatDays(row.taskWindowDays);
  const sample =
    row.tasksCompleted === 1
      ? $localize`:@@credits.cost.sampleOne:n = ${count}:count: task, ${days}:days:`
      : $localize`:@@credits.cost.sampleOther:n = ${count}:count: tasks, ${days}:days:`;
  if (row.creditsPerTask === null) return $localize`:@@credits.cost.unknown:— (${sample}:sample:)`;
  const cost = formatRate(row.creditsPerTask);
  return $localize`:@@credits.cost.perTask:${cost}:cost: credits per task (${sample}:sample:)`;
}

/**
 * The forecast band next to the date: "between 2026-12-01 and 2026-12-09"; empty when
 * there is no date to put it beside, a note when the window is too short for one.
 */
export function bandText(row: Pick<CreditRow, 'forecast' | 'band'>): string {
  if (row.forecast !== 'date') return '';
  if (!row.band) return $localize`:@@credits.band.none:no range: fewer than 3 days of data`;
  const { early, late } = row.band;
  return $localize`:@@credits.band.between:between ${early}:early: and ${late}:late:`;
}

/** How the runway figures are computed, for the legend under the table. */
export function runwayLegend(taskWindowDays: number): string[] {
  return [
    $localize`:@@credits.legend.runsOut:Runs out: today plus the balance divided by the average daily consumption of the window.`,
    $localize`:@@credits.legend.band:Between … and …: the same date at the 75th and the 25th percentile of the window's daily consumption (needs at least 3 days).`,
    $localize`:@@credits.legend.tasks:Tasks: the balance divided by the credits spent per NPC issue completed over the last ${taskWindowDays}:days: days (consumption ÷ issues completed, n = those issues), rounded down.`,
  ];
}

/** Column names the table and the export share. */
export function organizationHeader(): string {
  return $localize`:@@credits.column.org:Organization`;
}

export function balanceHeader(): string {
  return $localize`:@@credits.column.balance:Balance`;
}

export function runsOutHeader(): string {
  return $localize`:@@credits.column.runsOut:Runs out`;
}

/** The average column's name for a window: "Avg/day (7d)". */
export function avgPerDayHeader(days: number): string {
  return $localize`:@@credits.column.avg:Avg/day (${formatDays(days)}:days:)`;
}

/** The cost column's name; the cost per task is over the board's 7-day task window. */
export function costPerTaskHeader(): string {
  return $localize`:@@credits.column.cost:Cost per task (${formatDays(7)}:days:)`;
}

/** The columns of the credits export, as the table shows them. */
export function creditCsvColumns(days: number): CsvColumn<CreditRow>[] {
  return [
    { header: organizationHeader(), value: (r) => r.name },
    { header: $localize`:@@credits.csv.slug:Slug`, value: (r) => r.slug },
    { header: balanceHeader(), value: (r) => r.balance },
    {
      header: $localize`:@@credits.csv.belowThreshold:Below threshold`,
      value: (r) => (r.error ? null : r.low),
    },
    {
      header: $localize`:@@credits.csv.avgPerDay:Avg per day (${formatDays(days)}:days:)`,
      value: (r) => r.avgDaily,
    },
    { header: runsOutHeader(), value: (r) => (r.error ? null : forecastText(r)) },
    {
      header: $localize`:@@credits.csv.runsOutEarliest:Runs out earliest`,
      value: (r) => r.band?.early ?? null,
    },
    {
      header: $localize`:@@credits.csv.runsOutLatest:Runs out latest`,
      value: (r) => r.band?.late ?? null,
    },
    { header: $localize`:@@credits.csv.runwayTasks:Runway (tasks)`, value: (r) => r.runwayTasks },
    {
      header: $localize`:@@credits.csv.creditsPerTask:Credits per task`,
      value: (r) => r.creditsPerTask,
    },
    {
      header: $localize`:@@credits.csv.tasksCompleted:Tasks completed (n)`,
      value: (r) => (r.error ? null : r.tasksCompleted),
    },
    {
      header: $localize`:@@credits.csv.taskWindow:Task window (days)`,
      value: (r) => (r.error ? null : r.taskWindowDays),
    },
    { header: $localize`:@@credits.csv.error:Error`, value: (r) => r.error?.message ?? null },
  ];
}

const SORT_VALUE: Record<CreditSortKey, (row: CreditRow) => SortValue> = {
  name: (r) => r.name,
  balance: (r) => r.balance,
  avg: (r) => r.avgDaily,
  // "never" runs out last, after every date; unknowns sort last either way (null).
  runs_out: (r) =>
    r.forecast === 'date' && r.exhaustionDate
      ? Date.parse(r.exhaustionDate)
      : r.forecast === 'never'
        ? Number.MAX_SAFE_INTEGER
        : null,
};

export function sortCreditRows(
  rows: readonly CreditRow[],
  key: CreditSortKey,
  dir: SortDirection,
): CreditRow[] {
  return sortRows(rows, SORT_VALUE[key], dir);
}

/** The balance chart's lines: every organization whose snapshots were loaded. */
export function balanceSeries(rows: readonly CreditRow[]): BalanceSeries[] {
  return rows
    .filter((row) => row.credits !== null)
    .map((row) => ({ key: row.slug, label: row.name, snapshots: row.credits?.snapshots ?? [] }));
}

/** The NPC runs column's name for the window. */
export function runsHeader(days: number): string {
  return $localize`:@@credits.column.runs:NPC runs (${formatDays(days)}:days:)`;
}

/** What the NPC runs column says of one organization, in parts; null while counting. */
export interface RunsCell {
  /** `161.66 core-h`. */
  coreHours: string;
  /** `≈ 1.02 credits per core-h (estimate)`; null without spend or core-hours to share. */
  perCoreHour: string | null;
  /** `92 % on tasks`; null without core-hours. */
  onTasks: string | null;
}

/**
 * The window's NPC runs of a row: their billed core-hours, the credits per core-hour the
 * estimate gives (the average daily spend ÷ the runs' core-hours per day over the window)
 * and the share of the core-hours the board could put on a task.
 */
export function runsCell(
  row: Pick<CreditRow, 'avgDaily'>,
  runs: OrgRunFigures | undefined,
  days: number,
): RunsCell | null {
  if (runs?.core_hours == null) return null;
  const rate = creditsPerCoreHour(row.avgDaily, runs.core_hours / days);
  const share = linkedShare(runs.linked_core_hours, runs.core_hours);
  return {
    coreHours: coreHoursText(runs.core_hours),
    perCoreHour:
      rate === null
        ? null
        : $localize`:@@credits.runs.perCoreHour:≈ ${formatRate(rate)}:rate: credits per core-h (estimate)`,
    onTasks:
      share === null
        ? null
        : $localize`:@@credits.runs.onTasks:${formatPercent(share)}:share: on tasks`,
  };
}

/** The legend line that gives the estimate's rule. */
export function runsLegend(): string {
  return $localize`:@@credits.legend.runs:NPC runs: core-hours are exact, as the platform bills them (failed and stopped runs included). Credits per core-hour are an estimate: the average daily spend shared among the window's runs by their core-hours. "On tasks": the share of those core-hours from runs the board links to a task; the rest ran on pull requests or named no task.`;
}
