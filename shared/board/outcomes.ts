import { MIN_PERCENTILE_SAMPLE } from './admin';
import type { Issue } from './entities';
import { isNpcIssue } from './npc';
import type { NpcRun } from './runs';
import { roundCoreHours } from './runs';
import { mean, percentile } from './stats';

/**
 * What each NPC's work delivers (docs/rules.md#npc-outcomes): its tasks, its pull
 * requests and what its runs cost, per NPC, organization and repository, over 7 or 30 days.
 * Every measure is defined here, once; the pages print the same definitions in a legend.
 */

/** `GET /api/npcs` and `GET /api/npcs/:handle` query: the window, in days. */
export type OutcomeWindow = 7 | 30;

/** Below this many accepted results a cost per accepted result is "too few", not a number. */
export const MIN_COST_SAMPLE = 5;

/** How many weeks the trends cover, ending now (inside the 31 days the board holds runs for). */
export const TREND_WEEKS = 4;

/** One pull request an NPC opened, as the board holds it. */
export interface NpcPull {
  /** `<org>/<repo>`. */
  repo: string;
  number: number;
  title: string;
  web_url: string;
  /** Its author, lower-case: an NPC. */
  npc: string;
  state: 'open' | 'closed' | 'merged';
  created_at: string;
  updated_at: string;
  /**
   * When it merged: the platform publishes no merge time, so a merged pull request's
   * `updated_at` stands for it (the merge sets it; only a later comment or label moves it).
   * Null unless merged.
   */
  merged_at: string | null;
  /** The task it delivers (see `linkedTask`), or null. */
  task_number: number | null;
  /** A merged pull request's reviews that requested changes, + 1; null otherwise or until read. */
  review_rounds: number | null;
  /**
   * Whether a person (anyone but a configured or platform-marked NPC) has a commit on a
   * merged pull request; null otherwise or until read.
   */
  human_commit: boolean | null;
}

/** The pull request measures of one scope and window. */
export interface PullMeasures {
  /** Created in the window. */
  opened: number;
  /** Merged in the window (by `merged_at`). */
  merged: number;
  /** Closed without merging, last changed in the window. */
  closed_unmerged: number;
  /** Open now. */
  open: number;
  /** merged ÷ (merged + closed_unmerged); null when both are 0. Its n is their sum. */
  merge_rate: number | null;
  /** `merged_at − created_at` of the window's merged ones, seconds; null below 5 merged. */
  time_to_merge_p50_s: number | null;
  time_to_merge_p95_s: number | null;
  /** Mean review rounds per merged pull request; null with none merged. n = merged. */
  review_rounds: number | null;
  /** Share of merged pull requests with no commit by a person; null with none merged. n = merged. */
  autonomy: number | null;
}

/** Every measure of one scope (an NPC, or an NPC in one organization or repository). */
export interface OutcomeMeasures {
  /** NPC tasks created in the window, and of them those closed: the completion rate. */
  tasks_created: number;
  tasks_closed: number;
  /** tasks_closed ÷ tasks_created (as the admin overview defines it); null when none created. */
  completion_rate: number | null;
  /** Tasks closed as completed in the window. */
  tasks_completed: number;
  /** Pickup and cycle percentiles, seconds; null below 5 samples. */
  pickup_p50_s: number | null;
  pickup_p95_s: number | null;
  pickup_n: number;
  cycle_p50_s: number | null;
  cycle_p95_s: number | null;
  cycle_n: number;
  /** Open tasks now, and of them those stuck. */
  wip: number;
  stuck: number;
  /**
   * Rework: tasks open again after they were closed (`state_reason` reopened) and changed in
   * the window, ÷ (those + tasks_completed); null when both are 0. n = that sum.
   */
  reopened: number;
  rework: number | null;
  /** Null while the `outcomes` enrichment is pending (pull requests not held yet). */
  pulls: PullMeasures | null;
  /**
   * Billed core-hours of every run of the window (failed, stopped and retried included);
   * null while the `runs` enrichment is pending.
   */
  core_hours: number | null;
  /** core_hours ÷ merged pull requests; null below `MIN_COST_SAMPLE` merged, or pending. */
  cost_per_merged_pull: number | null;
  /** core_hours ÷ tasks_completed; null below `MIN_COST_SAMPLE` completed, or pending. */
  cost_per_completed_task: number | null;
}

/** One week of an NPC's work, for the trends. */
export interface OutcomeWeek {
  /** The week's first instant (ISO); weeks end now, `TREND_WEEKS` of them, oldest first. */
  start: string;
  tasks_completed: number;
  /** Null while pull requests are pending. */
  pulls_merged: number | null;
  /** Null while runs are pending. */
  core_hours: number | null;
}

/** One NPC's row of `/npcs`. */
export interface NpcScorecard {
  /** Lower-case username. */
  npc: string;
  /** Whether it is one of the board's configured NPC handles (`NPC_HANDLES`). */
  configured: boolean;
  measures: OutcomeMeasures;
  weeks: OutcomeWeek[];
}

/** `GET /api/npcs?days=7|30`: configured NPCs first, then the others seen, each by name. */
export interface NpcScorecards {
  days: OutcomeWindow;
  /** The window's start (ISO). */
  since: string;
  npcs: NpcScorecard[];
}

/** One of an NPC's open tasks, as `/npcs/:handle` lists them. */
export interface NpcTask {
  repo: string;
  number: number;
  title: string;
  web_url: string;
  column: 'pending' | 'in_progress';
  updated_at: string;
  attention: 'stuck' | 'overdue' | null;
}

/** `GET /api/npcs/:handle?days=7|30`. */
export interface NpcDetail extends NpcScorecard {
  days: OutcomeWindow;
  since: string;
  /** The same measures per organization, then per repository, where it had work. */
  by_org: { org: string; measures: OutcomeMeasures }[];
  by_repo: { repo: string; measures: OutcomeMeasures }[];
  /** Its open tasks, the longest untouched first. */
  tasks: NpcTask[];
  /** Its pull requests changed in the window, newest change first, at most 50. */
  pulls: NpcPull[];
}

const CLOSING_REFERENCE = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s+#([1-9]\d{0,9})\b/i;
const TASK_BRANCH = /(?:^|\/)issue-([1-9]\d{0,9})$/;

/**
 * The task of its own repository a pull request delivers: the issue its description closes
 * (`Closes #12`, `fixes #12`, `Resolved #12`, any case; the first one), else the one its head
 * branch is named for (`issue-12`, `npc/issue-12`); null when neither names one.
 */
export function linkedTask(pull: { body: string; head_ref: string }): number | null {
  const closing = CLOSING_REFERENCE.exec(pull.body);
  if (closing) return Number(closing[1]);
  const branch = TASK_BRANCH.exec(pull.head_ref.replace(/^refs\/heads\//, ''));
  return branch ? Number(branch[1]) : null;
}

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** NPC issues closed as completed (not "not planned") between `from` and `to`. */
export function completedBetween(issues: readonly Issue[], from: Date, to: Date): Issue[] {
  return issues.filter((issue) => {
    if (issue.state !== 'closed' || issue.state_reason === 'not_planned') return false;
    if (!isNpcIssue(issue) || issue.signals.closed_at === null) return false;
    const at = Date.parse(issue.signals.closed_at);
    return at >= from.getTime() && at <= to.getTime();
  });
}

/** A percentile in whole seconds, or null below `MIN_PERCENTILE_SAMPLE` values. */
export function guardedPercentile(values: readonly number[], p: number): number | null {
  if (values.length < MIN_PERCENTILE_SAMPLE) return null;
  return Math.round(percentile(values, p)!);
}

/** The NPC usernames assigned to an issue now, lower-case. */
export function assignedNpcs(issue: Issue): string[] {
  return issue.assignees.filter((a) => a.is_npc).map((a) => a.username.toLowerCase());
}

/** What one scope's measures are computed from (all of one NPC, already narrowed to the scope). */
export interface OutcomeInputs {
  /** The NPC's tasks (issues it is assigned to), with their signals and attention. */
  tasks: readonly Issue[];
  /** Its pull requests as held; null while they are not. */
  pulls: readonly NpcPull[] | null;
  /** Its runs as held, bills included; null while they are not, or a bill is unread. */
  runs: readonly NpcRun[] | null;
  /** The window, ms. */
  since: number;
  now: number;
}

/** Every measure of `OutcomeMeasures`, as its doc comments define them. */
export function outcomeMeasures(input: OutcomeInputs): OutcomeMeasures {
  const { tasks, since, now } = input;
  const created = tasks.filter((task) => Date.parse(task.created_at) >= since);
  const closed = created.filter((task) => task.state === 'closed').length;
  const completed = completedBetween(tasks, new Date(since), new Date(now));
  const pickups = tasks.flatMap((task) =>
    task.signals.assigned_at !== null &&
    Date.parse(task.signals.assigned_at) >= since &&
    task.signals.pickup_latency_s !== null
      ? [task.signals.pickup_latency_s]
      : [],
  );
  const cycles = completed.flatMap((task) =>
    task.signals.cycle_time_s === null ? [] : [task.signals.cycle_time_s],
  );
  const open = tasks.filter((task) => task.state === 'open');
  const reopened = open.filter(
    (task) => task.state_reason === 'reopened' && Date.parse(task.updated_at) >= since,
  ).length;
  const pulls = input.pulls === null ? null : pullMeasures(input.pulls, since);
  const coreHours = billedSince(input.runs, since, now);
  const per = (count: number | undefined): number | null =>
    coreHours === null || count === undefined || count < MIN_COST_SAMPLE
      ? null
      : roundCoreHours(coreHours / count);
  return {
    tasks_created: created.length,
    tasks_closed: closed,
    completion_rate: created.length === 0 ? null : closed / created.length,
    tasks_completed: completed.length,
    pickup_p50_s: guardedPercentile(pickups, 0.5),
    pickup_p95_s: guardedPercentile(pickups, 0.95),
    pickup_n: pickups.length,
    cycle_p50_s: guardedPercentile(cycles, 0.5),
    cycle_p95_s: guardedPercentile(cycles, 0.95),
    cycle_n: cycles.length,
    wip: open.length,
    stuck: open.filter((task) => task.attention?.reason === 'stuck').length,
    reopened,
    rework: completed.length + reopened === 0 ? null : reopened / (completed.length + reopened),
    pulls,
    core_hours: coreHours,
    cost_per_merged_pull: per(pulls?.merged),
    cost_per_completed_task: per(completed.length),
  };
}

/** The pull request measures of `PullMeasures` over the window from `since`. */
export function pullMeasures(pulls: readonly NpcPull[], since: number): PullMeasures {
  const merged = pulls.filter(
    (pull) => pull.merged_at !== null && Date.parse(pull.merged_at) >= since,
  );
  const closedUnmerged = pulls.filter(
    (pull) => pull.state === 'closed' && Date.parse(pull.updated_at) >= since,
  ).length;
  const toMerge = merged.map(
    (pull) => (Date.parse(pull.merged_at!) - Date.parse(pull.created_at)) / 1000,
  );
  const rounds = merged.flatMap((pull) =>
    pull.review_rounds === null ? [] : [pull.review_rounds],
  );
  const finished = merged.filter((pull) => pull.human_commit !== null);
  const ended = merged.length + closedUnmerged;
  return {
    opened: pulls.filter((pull) => Date.parse(pull.created_at) >= since).length,
    merged: merged.length,
    closed_unmerged: closedUnmerged,
    open: pulls.filter((pull) => pull.state === 'open').length,
    merge_rate: ended === 0 ? null : merged.length / ended,
    time_to_merge_p50_s: guardedPercentile(toMerge, 0.5),
    time_to_merge_p95_s: guardedPercentile(toMerge, 0.95),
    review_rounds: mean(rounds),
    autonomy:
      finished.length === 0
        ? null
        : finished.filter((pull) => pull.human_commit === false).length / finished.length,
  };
}

/** Billed core-hours of the ended runs started in [since, now); null when unknown. */
function billedSince(runs: readonly NpcRun[] | null, since: number, now: number): number | null {
  if (runs === null) return null;
  let sum = 0;
  for (const run of runs) {
    const started = Date.parse(run.started_at);
    if (started < since || started >= now || run.status === 'running') continue;
    if (run.core_hours === null) return null;
    sum += run.core_hours;
  }
  return roundCoreHours(sum);
}

/** The `TREND_WEEKS` weeks ending `now`, oldest first, of one NPC's work. */
export function outcomeWeeks(input: Omit<OutcomeInputs, 'since'>): OutcomeWeek[] {
  const { now } = input;
  return Array.from({ length: TREND_WEEKS }, (_, i) => {
    const start = now - (TREND_WEEKS - i) * WEEK_MS;
    const end = start + WEEK_MS;
    const merged = input.pulls?.filter((pull) => {
      const at = pull.merged_at === null ? NaN : Date.parse(pull.merged_at);
      return at >= start && at < end;
    });
    return {
      start: new Date(start).toISOString(),
      tasks_completed: completedBetween(input.tasks, new Date(start), new Date(end - 1)).length,
      pulls_merged: merged === undefined ? null : merged.length,
      core_hours: billedSince(input.runs, start, end),
    };
  });
}
