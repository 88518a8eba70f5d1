import type { AdminOverview, NpcFigures, ResponseTimeFigures } from '@shared/board/admin';
import { MIN_PERCENTILE_SAMPLE } from '@shared/board/admin';
import { MIN_COST_SAMPLE } from '@shared/board/outcomes';

import type { CsvColumn } from '../../ui/csv';
import { costPerResultText, sampleText, shareText } from '../../ui/outcome-text';
import {
  formatCount,
  formatCredits,
  formatDays,
  formatDuration,
  formatPercent,
  formatRate,
} from '../../ui/format';
import type { RankedItem } from '../../user/charts/bar-chart-options';

/** The two windows of the overview (docs/rules.md#admin-overview-figures). */
export type OverviewDays = 7 | 30;

/** How many repositories the activity ranking shows. */
export const ACTIVITY_TOP = 10;

/** One of the four figure cards on top of the overview. */
export interface FigureCard {
  key: 'completion-7' | 'completion-30' | 'response-average' | 'response-p95';
  label: string;
  value: string;
  /** A second line under the value, e.g. `28 closed / 61 created`. */
  detail: string;
  /** The sample size, `n = …`. */
  sample: string;
  /** How the figure is computed, in the words of docs/architecture.md. */
  how: string;
}

/** `46%`; a dash when nothing was created in the window (no rate to give). */
export function rateText(rate: number | null): string {
  return rate === null ? '—' : formatPercent(rate);
}

/**
 * A number of seconds as a duration in its two largest units, rounded down (`10m`,
 * `2h 5m`, `3d 4h`, format.ts). A dash when there is nothing to measure.
 */
export function durationText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  return formatDuration(seconds * 1000);
}

/** Reads the `days` query parameter; 7 unless it says 30. */
export function parseDays(raw: string | null | undefined): OverviewDays {
  return raw === '30' ? 30 : 7;
}

function completionCard(overview: AdminOverview): FigureCard {
  const { created, closed, rate } = overview.completion;
  return {
    key: overview.days === 7 ? 'completion-7' : 'completion-30',
    label: $localize`:@@admin.overview.completion.label:Completion rate, ${formatDays(overview.days)}:days:`,
    value: rateText(rate),
    detail: $localize`:@@admin.overview.completion.detail:${formatCount(closed)}:closed: closed / ${formatCount(created)}:created: created`,
    sample: $localize`:@@admin.overview.completion.sample:n = ${formatCount(created)}:created: NPC issues created`,
    how: $localize`:@@admin.overview.completion.how:Of the NPC issues created in the last ${overview.days}:days: days (UTC), the share that is closed now.`,
  };
}

function sampleOf(figures: ResponseTimeFigures): string {
  const answered = formatCount(figures.answered);
  const waiting = formatCount(figures.waiting);
  return $localize`:@@admin.overview.pickup.sample:n = ${answered}:answered: answered · ${waiting}:waiting: still waiting`;
}

/**
 * The four cards: completion over 7 and over 30 days, then the response time average and
 * P95 of the window chosen for the rest of the page (`response`).
 */
export function figureCards(
  week: AdminOverview,
  month: AdminOverview,
  response: AdminOverview,
): FigureCard[] {
  const figures = response.response_time;
  const waiting =
    figures.waiting === 0
      ? $localize`:@@admin.overview.pickup.noneWaiting:none waiting`
      : $localize`:@@admin.overview.pickup.waiting:${formatCount(figures.waiting)}:waiting: still waiting`;
  const measured = $localize`:@@admin.overview.pickup.measured:Pickup time: for the NPC-assigned issues created in the last ${response.days}:days: days (UTC), the time from the NPC's assignment to the first comment by an NPC.`;
  const span = formatDays(response.days);
  return [
    completionCard(week),
    completionCard(month),
    {
      key: 'response-average',
      label: $localize`:@@admin.overview.pickup.averageLabel:Pickup time, average (${span}:days:)`,
      value: durationText(figures.average_seconds),
      detail: waiting,
      sample: sampleOf(figures),
      how: $localize`:@@admin.overview.pickup.averageHow:${measured}:measured: The mean over the issues that have such a comment; issues still waiting are counted separately, not dropped.`,
    },
    {
      key: 'response-p95',
      label: $localize`:@@admin.overview.pickup.p95Label:Pickup time, P95 (${span}:days:)`,
      value: durationText(figures.p95_seconds),
      detail: $localize`:@@admin.overview.pickup.p95Detail:95% of answers came sooner`,
      sample: sampleOf(figures),
      how: $localize`:@@admin.overview.pickup.p95How:${measured}:measured: The 95th percentile of those times, with linear interpolation between ranks; issues still waiting are counted separately.`,
    },
  ];
}

/**
 * A percentile as a duration, or "too few (n = 3)" below the sample a percentile needs:
 * a P95 of three samples would be one of them dressed up as a statistic.
 */
export function percentileText(seconds: number | null, n: number): string {
  if (n < MIN_PERCENTILE_SAMPLE || seconds === null) {
    return $localize`:@@admin.overview.npc.tooFew:too few (n = ${formatCount(n)}:n:)`;
  }
  return durationText(seconds);
}

/** One row of the per-NPC work table, every figure already in words. */
export interface NpcWorkRow {
  npc: string;
  pickupP50: string;
  pickupP95: string;
  pickupN: number;
  cycleP50: string;
  cycleP95: string;
  cycleN: number;
  wip: number;
  stuck: number;
  completed: number;
  /** Merged ÷ (merged + closed unmerged) of its pull requests, and that sum. */
  mergeRate: string;
  mergeN: number;
  /** Of its merged pull requests, the share with no commit by a person; over `mergedPulls`. */
  autonomy: string;
  mergedPulls: number;
  /** Billed core-hours per merged pull request, or "too few (n = 3)". */
  costPerPull: string;
  figures: NpcFigures;
}

/** The per-NPC work table, in the server's order. */
export function npcWorkRows(overview: AdminOverview): NpcWorkRow[] {
  // A board from before the per-NPC figures answers without them.
  return (overview.npcs ?? []).map((f) => ({
    npc: f.npc,
    pickupP50: percentileText(f.pickup_p50_s, f.pickup_n),
    pickupP95: percentileText(f.pickup_p95_s, f.pickup_n),
    pickupN: f.pickup_n,
    cycleP50: percentileText(f.cycle_p50_s, f.cycle_n),
    cycleP95: percentileText(f.cycle_p95_s, f.cycle_n),
    cycleN: f.cycle_n,
    wip: f.wip,
    stuck: f.stuck,
    completed: f.completed,
    // A board from before the pull request figures answers without them: unknown.
    mergeRate: shareText(f.merge_rate ?? null),
    mergeN: f.merge_n ?? 0,
    autonomy: shareText(f.autonomy ?? null),
    mergedPulls: f.merged_pulls ?? 0,
    costPerPull:
      f.merged_pulls === undefined
        ? '—'
        : costPerResultText(f.cost_per_merged_pull ?? null, f.merged_pulls),
    figures: f,
  }));
}

/** The sample under a pull request figure: `n = 12`, none when there is nothing to count. */
export function pullSampleText(n: number): string | null {
  return n > 0 ? sampleText(n) : null;
}

/** Each column of the per-NPC table: its header and how its figure is computed. */
export function npcColumnHelp(days: OverviewDays): Record<string, { header: string; how: string }> {
  const min = MIN_PERCENTILE_SAMPLE;
  return {
    npc: {
      header: $localize`:@@admin.overview.npc.column.npc:NPC`,
      how: $localize`:@@admin.overview.npc.column.npcHow:The NPC; its row opens its stuck tasks.`,
    },
    pickup_p50: {
      header: $localize`:@@admin.overview.npc.column.pickupP50:Pickup P50`,
      how: $localize`:@@admin.overview.npc.column.pickupP50How:Pickup = first NPC comment − assignment, over its issues of the last ${days}:days: days; the median.`,
    },
    pickup_p95: {
      header: $localize`:@@admin.overview.npc.column.pickupP95:Pickup P95`,
      how: $localize`:@@admin.overview.npc.column.pickupP95How:The 95th percentile of the same pickup times (n = issues picked up). Below ${min}:min: samples: too few.`,
    },
    cycle_p50: {
      header: $localize`:@@admin.overview.npc.column.cycleP50:Cycle P50`,
      how: $localize`:@@admin.overview.npc.column.cycleP50How:Cycle = close − assignment, for its issues closed as completed in the last ${days}:days: days (not planned ones left out); the median.`,
    },
    cycle_p95: {
      header: $localize`:@@admin.overview.npc.column.cycleP95:Cycle P95`,
      how: $localize`:@@admin.overview.npc.column.cycleP95How:The 95th percentile of the same cycle times (n = issues completed). Below ${min}:min: samples: too few.`,
    },
    wip: {
      header: $localize`:@@admin.overview.npc.column.wip:WIP`,
      how: $localize`:@@admin.overview.npc.column.wipHow:Open NPC issues assigned to it now (work in progress).`,
    },
    stuck: {
      header: $localize`:@@admin.overview.npc.column.stuck:Stuck`,
      how: $localize`:@@admin.overview.npc.column.stuckHow:Of those, in progress with no NPC activity for longer than the stuck setting.`,
    },
    completed: {
      header: $localize`:@@admin.overview.npc.column.completedIn:Completed (${formatDays(days)}:days:)`,
      how: $localize`:@@admin.overview.npc.column.completedHow:Its issues closed as completed in the last ${days}:days: days (UTC).`,
    },
    merge_rate: {
      header: $localize`:@@admin.overview.npc.column.mergeRate:Merge rate`,
      how: $localize`:@@admin.overview.npc.column.mergeRateHow:Of its pull requests merged in the window or closed without merging, the share that merged (n = both together).`,
    },
    autonomy: {
      header: $localize`:@@admin.overview.npc.column.autonomy:Autonomy`,
      how: $localize`:@@admin.overview.npc.column.autonomyHow:The share of its merged pull requests with no commit by a person (n = merged).`,
    },
    cost_per_merged_pull: {
      header: $localize`:@@admin.overview.npc.column.costPerPull:Core-h per merged PR`,
      how: $localize`:@@admin.overview.npc.column.costPerPullHow:Billed core-hours of its runs in the window per pull request merged in it, the cost of an accepted result. Below ${MIN_COST_SAMPLE}:min: merged: too few.`,
    },
  };
}

/** The per-NPC export: the figures as numbers of seconds, with their n. */
export const NPC_CSV_COLUMNS: CsvColumn<NpcWorkRow>[] = [
  { header: $localize`:@@admin.overview.npc.column.npc:NPC`, value: (r) => r.npc },
  {
    header: $localize`:@@admin.overview.npc.csv.pickupP50:Pickup P50 (s)`,
    value: (r) => r.figures.pickup_p50_s,
  },
  {
    header: $localize`:@@admin.overview.npc.csv.pickupP95:Pickup P95 (s)`,
    value: (r) => r.figures.pickup_p95_s,
  },
  { header: $localize`:@@admin.overview.npc.csv.pickupN:Pickup n`, value: (r) => r.pickupN },
  {
    header: $localize`:@@admin.overview.npc.csv.cycleP50:Cycle P50 (s)`,
    value: (r) => r.figures.cycle_p50_s,
  },
  {
    header: $localize`:@@admin.overview.npc.csv.cycleP95:Cycle P95 (s)`,
    value: (r) => r.figures.cycle_p95_s,
  },
  { header: $localize`:@@admin.overview.npc.csv.cycleN:Cycle n`, value: (r) => r.cycleN },
  { header: $localize`:@@admin.overview.npc.column.wip:WIP`, value: (r) => r.wip },
  { header: $localize`:@@admin.overview.npc.column.stuck:Stuck`, value: (r) => r.stuck },
  { header: $localize`:@@admin.overview.npc.csv.completed:Completed`, value: (r) => r.completed },
  {
    header: $localize`:@@admin.overview.npc.csv.mergeRate:Merge rate (0–1)`,
    value: (r) => r.figures.merge_rate ?? null,
  },
  { header: $localize`:@@admin.overview.npc.csv.mergeN:Merge rate n`, value: (r) => r.mergeN },
  {
    header: $localize`:@@admin.overview.npc.csv.autonomy:Autonomy (0–1)`,
    value: (r) => r.figures.autonomy ?? null,
  },
  {
    header: $localize`:@@admin.overview.npc.csv.mergedPulls:Merged PRs`,
    value: (r) => r.mergedPulls,
  },
  {
    header: $localize`:@@admin.overview.npc.csv.costPerPull:Core-hours per merged PR`,
    value: (r) => r.figures.cost_per_merged_pull ?? null,
  },
];

/** The task board's URL parameters for an NPC's stuck tasks. */
export function npcStuckQuery(npc: string): { npc: string; attention: 'stuck' } {
  return { npc, attention: 'stuck' };
}

/** One organization of the credit ranking. */
export interface CreditRankRow {
  slug: string;
  name: string;
  consumed: number;
  creditsPerTask: number | null;
  tasksCompleted: number;
}

/** Organizations by credits consumed in the window, as the server ranks them. */
export function creditRankRows(
  overview: AdminOverview,
  names: ReadonlyMap<string, string>,
): CreditRankRow[] {
  return overview.credit_ranking.map((r) => ({
    slug: r.org_slug,
    name: names.get(r.org_slug) ?? r.org_slug,
    consumed: r.consumed,
    creditsPerTask: r.credits_per_task ?? null,
    tasksCompleted: r.tasks_completed ?? 0,
  }));
}

/** Credits per task in words: "12.4" or a dash when no task was completed. */
export function perTaskText(row: Pick<CreditRankRow, 'creditsPerTask'>): string {
  return row.creditsPerTask === null ? '—' : formatRate(row.creditsPerTask);
}

export const CREDIT_RANK_CSV_COLUMNS: CsvColumn<CreditRankRow>[] = [
  {
    header: $localize`:@@admin.overview.credits.column.organization:Organization`,
    value: (r) => r.name,
  },
  { header: $localize`:@@admin.overview.credits.csv.slug:Slug`, value: (r) => r.slug },
  {
    header: $localize`:@@admin.overview.credits.column.spent:Credits spent`,
    value: (r) => r.consumed,
  },
  {
    header: $localize`:@@admin.overview.credits.csv.perTask:Credits per task`,
    value: (r) => r.creditsPerTask,
  },
  {
    header: $localize`:@@admin.overview.credits.csv.tasksCompleted:Tasks completed (n)`,
    value: (r) => r.tasksCompleted,
  },
];

/** The bars of the credit ranking. */
export function creditItems(
  overview: AdminOverview,
  names: ReadonlyMap<string, string>,
): RankedItem[] {
  return creditRankRows(overview, names).map((r) => ({ label: r.name, value: r.consumed }));
}

/** The most active repositories by commits in the window; repositories without any are left out. */
export function activityItems(overview: AdminOverview, top = ACTIVITY_TOP): RankedItem[] {
  return overview.activity_ranking
    .filter((r) => r.commits > 0)
    .slice(0, top)
    .map((r) => ({ label: r.repo, value: r.commits }));
}

/** The honest note when some repositories' commits could not be read; null when all could. */
export function activityUnavailableText(overview: AdminOverview): string | null {
  const n = overview.activity_unavailable.length;
  if (n === 0) return null;
  return n === 1
    ? $localize`:@@admin.overview.activity.unavailableOne:Commit history unavailable for 1 repository: they are left out of this ranking.`
    : $localize`:@@admin.overview.activity.unavailable:Commit history unavailable for ${formatCount(n)}:count: repositories: they are left out of this ranking.`;
}

/** Credits in the ranking's table and tooltips. */
export const formatConsumed = formatCredits;
