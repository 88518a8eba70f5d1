/**
 * `GET /api/admin/overview?days=7|30` (docs/architecture.md#admin-overview-figures).
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
  /** Per NPC work figures (docs/architecture.md#npc-signals); no credit figure per NPC. */
  npcs: NpcFigures[];
  activity_ranking: { repo: string; commits: number }[];
  /** Repositories whose commits could not be read (the platform has no history for them). */
  activity_unavailable: string[];
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
 * One NPC's row of the overview. Pickup and cycle percentiles are null below
 * `MIN_PERCENTILE_SAMPLE` samples; `pickup_n`/`cycle_n` say how many there were.
 */
export interface NpcFigures {
  npc: string;
  pickup_p50_s: number | null;
  pickup_p95_s: number | null;
  pickup_n: number;
  cycle_p50_s: number | null;
  cycle_p95_s: number | null;
  cycle_n: number;
  /** Open NPC issues assigned to it now. */
  wip: number;
  /** Of those, stuck now. */
  stuck: number;
  /** Its issues closed as completed in the window. */
  completed: number;
}

/** Below this many samples a percentile is "too few", not a number. */
export const MIN_PERCENTILE_SAMPLE = 5;

/** The largest pickup SLO and stuck limit accepted: a week of minutes, a month of hours. */
export const PICKUP_SLO_MAX_MINUTES = 7 * 24 * 60;
export const STUCK_AFTER_MAX_HOURS = 30 * 24;

/** `GET/PUT /api/admin/settings`: every admin setting in one object (PUT is partial). */
export interface AdminSettings {
  credit_alert_threshold: number;
  /** An assigned NPC issue without an NPC comment after this long is overdue. */
  pickup_slo_minutes: number;
  /** An in-progress NPC issue without NPC activity for this long is stuck. */
  stuck_after_hours: number;
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
}
