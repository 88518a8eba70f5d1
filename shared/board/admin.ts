import type { OutcomeMeasures } from './outcomes';
import type { NpcRun } from './runs';

/**
 * `GET /api/admin/overview?days=7|30` (docs/rules.md#admin-overview-figures).
 * Times are in seconds.
 */
export interface AdminOverview {
  days: 7 | 30;
  window: { from: string; to: string };
  completion: { created: number; closed: number; rate: number | null };
  response_time: ResponseTimeFigures & { by_npc: (ResponseTimeFigures & { npc: string })[] };
  credit_ranking: {
    org_slug: string;
    consumed: number;
    snapshots: number;
    /** Consumption ÷ NPC issues completed in the window; null when none completed. */
    credits_per_task: number | null;
    tasks_completed: number;
  }[];
  /** Per NPC work figures (docs/rules.md#npc-signals); no credit figure per NPC. */
  npcs: NpcFigures[];
  activity_ranking: { repo: string; commits: number }[];
  /** Repositories whose commits could not be read (the platform has no history for them). */
  activity_unavailable: string[];
  /** What the NPCs' runs did and cost (docs/rules.md#npc-runs). */
  runs: {
    by_npc: NpcRunFigures[];
    /** The tasks whose runs of the last 7 days billed the most core-hours, at most five. */
    costliest: CostlyTask[];
    /** The runs going now, the longest-running first, each with its task's title if any. */
    running: RunningRun[];
  };
}

/**
 * One NPC's runs of the window: on the tasks the board shows, and those its title names on
 * a pull request or no task in their repositories. Core-hours are billed core-hours, failed,
 * stopped and retried runs included.
 */
export interface NpcRunFigures {
  npc: string;
  /** Runs started in the window; of them, those that ended each way. */
  runs: number;
  succeeded: number;
  failed: number;
  stopped: number;
  /** Succeeded ÷ ended; null while none ended. */
  success_rate: number | null;
  /** Median wall time of the ended runs; null below `MIN_PERCENTILE_SAMPLE`. */
  median_duration_s: number | null;
  /** Core-hours the window's ended runs billed. */
  core_hours: number;
  /**
   * Core-hours of the runs of its tasks completed in the window (every run of them) ÷ those
   * tasks; null with none completed.
   */
  core_hours_per_completed_task: number | null;
  /** The *n* of `core_hours_per_completed_task`. */
  completed_tasks: number;
}

/** A run going now, as the overview lists it for an admin to stop. */
export interface RunningRun extends NpcRun {
  /** Its task's title; null for a run linked to no task. */
  task_title: string | null;
}

/** A task and what its recent runs cost. */
export interface CostlyTask {
  repo: string;
  number: number;
  title: string;
  npc: string | null;
  runs: number;
  core_hours: number;
}

export interface ResponseTimeFigures {
  /** NPC-assigned issues created in the window that have an NPC comment. */
  answered: number;
  /** Those still waiting for one. */
  waiting: number;
  average_seconds: number | null;
  p95_seconds: number | null;
}

/**
 * One NPC's row of the overview: its task measures and its pull requests' outcomes as
 * `OutcomeMeasures` defines them (docs/rules.md#npc-outcomes), with `completed` its tasks
 * completed in the window, merge rate with its n (merged + closed unmerged), autonomy over
 * `merged_pulls`, and billed core-hours per merged pull request. The pull request figures
 * are null (and their counts 0) when its pull requests could not be read.
 */
export type NpcFigures = { npc: string } & Pick<
  OutcomeMeasures,
  | 'pickup_p50_s'
  | 'pickup_p95_s'
  | 'pickup_n'
  | 'cycle_p50_s'
  | 'cycle_p95_s'
  | 'cycle_n'
  | 'wip'
  | 'stuck'
  | 'cost_per_merged_pull'
> & {
    completed: number;
    merge_rate: number | null;
    merge_n: number;
    merged_pulls: number;
    autonomy: number | null;
  };

/** Below this many samples a percentile is "too few", not a number. */
export const MIN_PERCENTILE_SAMPLE = 5;

/** The largest pickup SLO and stuck limit accepted: a week of minutes, a month of hours. */
export const PICKUP_SLO_MAX_MINUTES = 7 * 24 * 60;
export const STUCK_AFTER_MAX_HOURS = 30 * 24;

/** The alert rules (docs/rules.md#settings); each can be switched off. */
export const ALERT_RULES = [
  'credits_below_threshold',
  'runway_short',
  'credits_exhausted',
  'npc_stuck',
  'pickup_overdue',
  'snapshot_failing',
  'run_runaway',
  'task_failing',
] as const;
export type AlertRule = (typeof ALERT_RULES)[number];

/**
 * One NPC's own WIP limits. An absent (or null) `soft` and an absent `hard` fall back to
 * the global ones; `hard: null` means no hard limit for this NPC (`wipLimitsFor`).
 */
export interface WipLimits {
  soft?: number | null;
  hard?: number | null;
}

/** The largest run length (minutes) and failed-run count the run alerts accept. */
export const RUN_MAX_MINUTES_MAX = 7 * 24 * 60;
export const FAILED_RUNS_MAX = 100;

/** The largest WIP limit accepted. */
export const WIP_LIMIT_MAX = 10_000;
/** The largest runway alert horizon (days) and reminder interval (hours) accepted. */
export const RUNWAY_ALERT_MAX_DAYS = 365;
export const ALERT_REPEAT_MAX_HOURS = 30 * 24;

/** `GET/PUT /api/admin/settings`: every admin setting in one object (PUT is partial). */
export interface AdminSettings {
  credit_alert_threshold: number;
  /** Runway (days) under which an organization's runway is short: alerts and dispatch. */
  runway_alert_days: number;
  /** Hours between reminders of an alert that keeps firing. */
  alert_repeat_hours: number;
  /** Which alert rules are on. */
  alert_rules: Record<AlertRule, boolean>;
  /** An assigned NPC issue without an NPC comment after this long is overdue. */
  pickup_slo_minutes: number;
  /** An in-progress NPC issue without NPC activity for this long is stuck. */
  stuck_after_hours: number;
  /** An NPC run going longer than this is a runaway (`run_runaway`). */
  run_max_minutes: number;
  /** A task whose last this many runs all failed is failing (`task_failing`). */
  failed_runs_in_a_row: number;
  /** Open NPC tasks at which a dispatch to that NPC warns. */
  wip_soft_limit: number;
  /** Open NPC tasks at which a dispatch to that NPC is refused; null: no limit. */
  wip_hard_limit: number | null;
  /** Per-NPC limits that replace the global ones. */
  wip_limits: Record<string, WipLimits>;
}

/**
 * Body of `PUT /api/admin/settings`: absent fields are kept; `alert_rules` and
 * `wip_limits` change only the entries they name (an NPC set to null loses its own limits).
 */
export type SettingsChange = Partial<Omit<AdminSettings, 'alert_rules' | 'wip_limits'>> & {
  alert_rules?: Partial<AdminSettings['alert_rules']>;
  wip_limits?: Record<string, WipLimits | null>;
};

/** The soft and hard WIP limits that hold for one NPC. */
export function wipLimitsFor(
  settings: Pick<AdminSettings, 'wip_soft_limit' | 'wip_hard_limit' | 'wip_limits'>,
  npc: string,
): { soft: number; hard: number | null } {
  const own = settings.wip_limits[npc] ?? {};
  return {
    soft: own.soft ?? settings.wip_soft_limit,
    hard: own.hard === undefined ? settings.wip_hard_limit : own.hard,
  };
}

/** `POST /api/admin/credits/refresh`. */
export interface RefreshResult {
  recorded_at: string | null;
  balances: {
    org_slug: string;
    balance: number | null;
    below_threshold: boolean;
    reason?: string;
  }[];
}

/** Body of `POST /api/issues/create`. */
export interface DispatchRequest {
  repo: string;
  title?: string;
  requirement: string;
  npc: string;
  work_mode: boolean;
  /** Dispatch although a check blocks it; needs `override_reason`. */
  override?: boolean;
  override_reason?: string;
}
