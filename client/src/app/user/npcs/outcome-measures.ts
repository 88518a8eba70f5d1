import { MIN_PERCENTILE_SAMPLE } from '@shared/board/admin';
import type { Enrichment } from '@shared/board/entities';
import { MIN_COST_SAMPLE, type OutcomeMeasures } from '@shared/board/outcomes';

import type { CsvColumn } from '../../ui/csv';
import { formatCoreHours, formatCount, formatDuration } from '../../ui/format';
import { PENDING_MARK, meanText, sampleText, shareText, tooFewWord } from '../../ui/outcome-text';

/** The measures of a scope, in the order the tables show them (shared/board/outcomes.ts). */
export const MEASURE_KEYS = [
  'completed',
  'completion',
  'pickup',
  'cycle',
  'rework',
  'merge_rate',
  'time_to_merge',
  'review_rounds',
  'autonomy',
  'core_hours',
  'cost_pull',
  'cost_task',
] as const;
export type MeasureKey = (typeof MEASURE_KEYS)[number];

/** What a measure is about: the column group its header stands under. */
export type MeasureGroup = 'tasks' | 'pulls' | 'cost';

/** A measure's column header, its group and its definition in words. */
export interface MeasureDefinition {
  key: MeasureKey;
  group: MeasureGroup;
  header: string;
  how: string;
}

/**
 * How a cell reads: a figure, still counting (the board has yet to read its data), too few
 * results to give one, or none (nothing to measure, or data the board could not read).
 */
export type CellState = 'value' | 'pending' | 'too-few' | 'none';

/** One measure of one scope, in words, with the number it sorts and exports by. */
export interface MeasureCell {
  state: CellState;
  /** `46%`, `2h 5m`, `12.5` (core-hours: the header names the unit), `too few`, `…`. */
  text: string;
  /** `n = 12` under the figure, or null. */
  sample: string | null;
  /** The figure (a share 0–1, seconds, core-hours, a count), or null: sorted last. */
  value: number | null;
}

export type MeasureCells = Readonly<Record<MeasureKey, MeasureCell>>;

/** Which of a scope's data the board is still reading, from the answer's pending list. */
export interface PendingParts {
  /** NPC conversations (`attention`): a pickup time is unknown until read. */
  signals: boolean;
  /** Pull requests (`outcomes`): `measures.pulls` is null until read. */
  pulls: boolean;
  /** NPC runs (`runs`): the core-hours and costs are null until read. */
  runs: boolean;
}

/** The parts still being read, from the enrichments an answer went without. */
export function pendingParts(pending: ReadonlySet<Enrichment>): PendingParts {
  return {
    signals: pending.has('attention'),
    pulls: pending.has('outcomes'),
    runs: pending.has('runs'),
  };
}

const NONE: MeasureCell = { state: 'none', text: '—', sample: null, value: null };
const PENDING: MeasureCell = { state: 'pending', text: PENDING_MARK, sample: null, value: null };

function figure(text: string, value: number, sample: string | null = null): MeasureCell {
  return { state: 'value', text, sample, value };
}

function tooFew(n: number): MeasureCell {
  return { state: 'too-few', text: tooFewWord(), sample: sampleText(n), value: null };
}

/** A share over `n`; a dash when there is nothing to divide by. */
function share(ratio: number | null, n: number): MeasureCell {
  return ratio === null ? NONE : figure(shareText(ratio), ratio, sampleText(n));
}

/**
 * A percentile of `n` samples, "too few" below the sample a percentile needs; "…" while
 * the facts it is measured from are still being read (`pending`).
 */
function percentile(seconds: number | null, n: number, pending = false): MeasureCell {
  if (seconds === null && pending) return PENDING;
  if (seconds === null) return n < MIN_PERCENTILE_SAMPLE ? tooFew(n) : NONE;
  return figure(formatDuration(seconds * 1000), seconds, sampleText(n));
}

/** Core-hours per accepted result over `n` of them. */
function cost(value: number | null, n: number, pending: boolean): MeasureCell {
  if (value !== null) return figure(formatCoreHours(value), value, sampleText(n));
  if (pending) return PENDING;
  return n < MIN_COST_SAMPLE ? tooFew(n) : NONE;
}

/**
 * Every measure of a scope as its cell shows it. A figure the answer holds is shown
 * whatever is pending; a missing one reads "…" while the board is still reading its data
 * (the answer's pending list says so), else "too few" or a dash as its definition has it.
 */
export function measureCells(m: OutcomeMeasures, pending: PendingParts): MeasureCells {
  const pulls = m.pulls;
  const pullCell = (make: (p: NonNullable<OutcomeMeasures['pulls']>) => MeasureCell) =>
    pulls ? make(pulls) : pending.pulls ? PENDING : NONE;
  const reworkN = m.reopened + m.tasks_completed;
  return {
    completed: figure(formatCount(m.tasks_completed), m.tasks_completed),
    completion: share(m.completion_rate, m.tasks_created),
    pickup: percentile(m.pickup_p50_s, m.pickup_n, pending.signals),
    cycle: percentile(m.cycle_p50_s, m.cycle_n, pending.signals),
    rework: share(m.rework, reworkN),
    merge_rate: pullCell((p) => share(p.merge_rate, p.merged + p.closed_unmerged)),
    time_to_merge: pullCell((p) => percentile(p.time_to_merge_p50_s, p.merged)),
    review_rounds: pullCell((p) =>
      p.review_rounds === null
        ? NONE
        : figure(meanText(p.review_rounds), p.review_rounds, sampleText(p.merged)),
    ),
    autonomy: pullCell((p) => share(p.autonomy, p.merged)),
    core_hours:
      m.core_hours === null
        ? pending.runs
          ? PENDING
          : NONE
        : figure(formatCoreHours(m.core_hours), m.core_hours),
    cost_pull: pulls
      ? cost(m.cost_per_merged_pull, pulls.merged, pending.runs)
      : pending.pulls || pending.runs
        ? PENDING
        : NONE,
    cost_task: cost(m.cost_per_completed_task, m.tasks_completed, pending.runs),
  };
}

/** The column groups' names. */
export function groupHeaders(): Record<MeasureGroup, string> {
  return {
    tasks: $localize`:@@npcs.group.tasks:Tasks`,
    pulls: $localize`:@@npcs.group.pulls:Pull requests`,
    cost: $localize`:@@npcs.group.cost:Runs and cost`,
  };
}

/**
 * Each measure's header and its definition as the legend and the header's hover text give
 * it: the doc comments of shared/board/outcomes.ts, in the reader's words.
 */
export function measureDefinitions(days: number): MeasureDefinition[] {
  const min = MIN_PERCENTILE_SAMPLE;
  const minCost = MIN_COST_SAMPLE;
  return [
    {
      key: 'completed',
      group: 'tasks',
      header: $localize`:@@npcs.measure.completed:Completed`,
      how: $localize`:@@npcs.measure.completedHow:Its tasks closed as completed in the last ${days}:days: days.`,
    },
    {
      key: 'completion',
      group: 'tasks',
      header: $localize`:@@npcs.measure.completion:Completion rate`,
      how: $localize`:@@npcs.measure.completionHow:Of its tasks created in the last ${days}:days: days, the share that is closed now (n = tasks created).`,
    },
    {
      key: 'pickup',
      group: 'tasks',
      header: $localize`:@@npcs.measure.pickup:Pickup P50`,
      how: $localize`:@@npcs.measure.pickupHow:The median time from a task's assignment to the NPC's first comment on it (n = tasks picked up). Below ${min}:min: tasks: too few.`,
    },
    {
      key: 'cycle',
      group: 'tasks',
      header: $localize`:@@npcs.measure.cycle:Cycle P50`,
      how: $localize`:@@npcs.measure.cycleHow:The median time from a task's assignment to its close, over its tasks completed in the window (n = those tasks). Below ${min}:min: tasks: too few.`,
    },
    {
      key: 'rework',
      group: 'tasks',
      header: $localize`:@@npcs.measure.rework:Rework`,
      how: $localize`:@@npcs.measure.reworkHow:Tasks opened again after they were closed and changed in the window, as a share of those and the tasks completed (n = both together).`,
    },
    {
      key: 'merge_rate',
      group: 'pulls',
      header: $localize`:@@npcs.measure.mergeRate:Merge rate`,
      how: $localize`:@@npcs.measure.mergeRateHow:Of its pull requests merged in the window or closed without merging, the share that merged (n = both together).`,
    },
    {
      key: 'time_to_merge',
      group: 'pulls',
      header: $localize`:@@npcs.measure.timeToMerge:Time to merge P50`,
      how: $localize`:@@npcs.measure.timeToMergeHow:The median time from opening a pull request to its merge, over those merged in the window (n = merged). The platform publishes no merge time, so a merged pull request's last change stands for it. Below ${min}:min: merged: too few.`,
    },
    {
      key: 'review_rounds',
      group: 'pulls',
      header: $localize`:@@npcs.measure.reviewRounds:Review rounds`,
      how: $localize`:@@npcs.measure.reviewRoundsHow:Per merged pull request, on average: its reviews that asked for changes, plus one (n = merged).`,
    },
    {
      key: 'autonomy',
      group: 'pulls',
      header: $localize`:@@npcs.measure.autonomy:Autonomy`,
      how: $localize`:@@npcs.measure.autonomyHow:The share of its merged pull requests with no commit by a person (n = merged).`,
    },
    {
      key: 'core_hours',
      group: 'cost',
      header: $localize`:@@npcs.measure.coreHours:Core-hours`,
      how: $localize`:@@npcs.measure.coreHoursHow:Billed core-hours of all its runs in the window, failed, stopped and retried runs included.`,
    },
    {
      key: 'cost_pull',
      group: 'cost',
      header: $localize`:@@npcs.measure.costPull:Core-h per merged PR`,
      how: $localize`:@@npcs.measure.costPullHow:Core-hours per pull request merged in the window. Below ${minCost}:min: merged: too few.`,
    },
    {
      key: 'cost_task',
      group: 'cost',
      header: $localize`:@@npcs.measure.costTask:Core-h per completed task`,
      how: $localize`:@@npcs.measure.costTaskHow:Core-hours per task completed in the window. Below ${minCost}:min: completed: too few.`,
    },
  ];
}

/** The legend's line on "…", which the tables show while the board reads. */
export function pendingLegend(): string {
  return $localize`:@@npcs.legend.pending:Still counting: the board is still reading NPC conversations, pull requests or runs; the figure fills in by itself.`;
}

/** The export of a table of scopes: each measure's figure and sample as numbers. */
export function measureCsvColumns<T>(measures: (row: T) => OutcomeMeasures): CsvColumn<T>[] {
  const pull = <K extends keyof NonNullable<OutcomeMeasures['pulls']>>(row: T, key: K) =>
    measures(row).pulls?.[key] ?? null;
  return [
    {
      header: $localize`:@@npcs.csv.tasksCreated:Tasks created`,
      value: (r) => measures(r).tasks_created,
    },
    {
      header: $localize`:@@npcs.csv.tasksClosed:Tasks closed`,
      value: (r) => measures(r).tasks_closed,
    },
    {
      header: $localize`:@@npcs.csv.completionRate:Completion rate (0–1)`,
      value: (r) => measures(r).completion_rate,
    },
    {
      header: $localize`:@@npcs.csv.tasksCompleted:Tasks completed`,
      value: (r) => measures(r).tasks_completed,
    },
    {
      header: $localize`:@@npcs.csv.pickupP50:Pickup P50 (s)`,
      value: (r) => measures(r).pickup_p50_s,
    },
    { header: $localize`:@@npcs.csv.pickupN:Pickup n`, value: (r) => measures(r).pickup_n },
    {
      header: $localize`:@@npcs.csv.cycleP50:Cycle P50 (s)`,
      value: (r) => measures(r).cycle_p50_s,
    },
    { header: $localize`:@@npcs.csv.cycleN:Cycle n`, value: (r) => measures(r).cycle_n },
    { header: $localize`:@@npcs.csv.wip:Open tasks`, value: (r) => measures(r).wip },
    { header: $localize`:@@npcs.csv.stuck:Stuck`, value: (r) => measures(r).stuck },
    { header: $localize`:@@npcs.csv.reopened:Reopened`, value: (r) => measures(r).reopened },
    { header: $localize`:@@npcs.csv.rework:Rework (0–1)`, value: (r) => measures(r).rework },
    { header: $localize`:@@npcs.csv.pullsOpened:PRs opened`, value: (r) => pull(r, 'opened') },
    { header: $localize`:@@npcs.csv.pullsMerged:PRs merged`, value: (r) => pull(r, 'merged') },
    {
      header: $localize`:@@npcs.csv.pullsClosedUnmerged:PRs closed unmerged`,
      value: (r) => pull(r, 'closed_unmerged'),
    },
    { header: $localize`:@@npcs.csv.pullsOpen:PRs open`, value: (r) => pull(r, 'open') },
    {
      header: $localize`:@@npcs.csv.mergeRate:Merge rate (0–1)`,
      value: (r) => pull(r, 'merge_rate'),
    },
    {
      header: $localize`:@@npcs.csv.timeToMergeP50:Time to merge P50 (s)`,
      value: (r) => pull(r, 'time_to_merge_p50_s'),
    },
    {
      header: $localize`:@@npcs.csv.timeToMergeP95:Time to merge P95 (s)`,
      value: (r) => pull(r, 'time_to_merge_p95_s'),
    },
    {
      header: $localize`:@@npcs.csv.reviewRounds:Review rounds`,
      value: (r) => pull(r, 'review_rounds'),
    },
    { header: $localize`:@@npcs.csv.autonomy:Autonomy (0–1)`, value: (r) => pull(r, 'autonomy') },
    {
      header: $localize`:@@npcs.csv.coreHours:Core-hours`,
      value: (r) => measures(r).core_hours,
    },
    {
      header: $localize`:@@npcs.csv.costPull:Core-hours per merged PR`,
      value: (r) => measures(r).cost_per_merged_pull,
    },
    {
      header: $localize`:@@npcs.csv.costTask:Core-hours per completed task`,
      value: (r) => measures(r).cost_per_completed_task,
    },
  ];
}
