/**
 * Entities returned by the board's own routes
 * (docs/architecture.md#the-data-path-of-a-read and #rules). The Angular app reads
 * exactly these shapes.
 */

import type { IssueRuns } from './runs';

export interface BoardUser {
  username: string;
  is_npc: boolean;
}

export interface BoardLabel {
  name: string;
  /** Hex without `#`. */
  color: string;
}

export type BoardColumn = 'pending' | 'in_progress' | 'done';

/**
 * What a read answers without until the board has read it (docs/architecture.md#core-first),
 * listed in the answer's `X-Board-Pending` header: `attention` is the NPC work signals of
 * issues, their attention and the stuck and overdue counts (from issue conversations);
 * `commits` is the people/NPC split of repositories' commits; `runs` is the NPC runs of
 * tasks (`Issue.runs`, docs/rules.md#npc-runs); `outcomes` is the NPCs' pull requests
 * (docs/rules.md#npc-outcomes). Until known, those fields are `null`
 * (`npc_only` and `npc_work_in_dormant` false).
 */
export type Enrichment = 'attention' | 'commits' | 'runs' | 'outcomes';

/** Every enrichment, in the order `X-Board-Pending` lists them. */
export const ENRICHMENTS: readonly Enrichment[] = ['attention', 'commits', 'runs', 'outcomes'];

/** The header naming an answer's pending enrichments. */
export const PENDING_HEADER = 'x-board-pending';

export interface Organization {
  slug: string;
  name: string;
  avatar_url: string;
  repo_count: number;
  /** `null` when no balance could be had. */
  credits_balance: number | null;
  credits_recorded_at: string | null;
  /** Open NPC issues: pending pickup plus in progress. */
  active_issue_count: number;
  open_issue_count: number;
  /**
   * Open NPC issues in progress with no NPC activity for `stuck_after_hours`; `null` while
   * the `attention` enrichment is pending.
   */
  stuck_count: number | null;
  /**
   * Open NPC-assigned issues still waiting for their first NPC comment past the pickup SLO;
   * `null` while the `attention` enrichment is pending.
   */
  overdue_count: number | null;
  /** Set when this organization's data could not be fetched; the counts are then 0. */
  error?: string;
}

export interface Repository {
  /** `<org_slug>/<repo_name>`. */
  full_name: string;
  org_slug: string;
  name: string;
  description: string;
  visibility: 'public' | 'private';
  /** Time of the last commit when the platform knows it. */
  updated_at: string;
  open_issues_count: number;
  open_pulls_count: number;
  web_url: string;
  /** Latest commit by a person within the last 31 days; `null` when none (or not read). */
  last_human_commit_at: string | null;
  /** Latest commit by an NPC within the last 31 days; `null` when none (or not read). */
  last_npc_commit_at: string | null;
  /** Kept alive by NPCs only: NPC commits within 7 days, no human commit for 30 days. */
  npc_only: boolean;
  /** Open NPC issues in a repository with no human commit for 30 days. */
  npc_work_in_dormant: boolean;
}

export interface Issue {
  number: number;
  title: string;
  state: 'open' | 'closed';
  /** Why it closed (`completed`, `not_planned`) or reopened, as the platform says; else null. */
  state_reason: string | null;
  body: string;
  author: BoardUser;
  assignees: BoardUser[];
  labels: BoardLabel[];
  comment_count: number;
  created_at: string;
  updated_at: string;
  repository: { full_name: string };
  column: BoardColumn;
  web_url: string;
  /** NPC work timings (docs/rules.md#npc-signals); all null on a non-NPC issue. */
  signals: IssueSignals;
  /** Why the issue needs someone's attention, or null. */
  attention: IssueAttention | null;
  /**
   * The NPC runs of an NPC task; null while the `runs` enrichment is pending, and on an
   * issue no NPC works on.
   */
  runs: IssueRuns | null;
}

export interface IssueSignals {
  /** When the current NPC assignee was set (else the creation time); null without one. */
  assigned_at: string | null;
  first_npc_at: string | null;
  last_npc_at: string | null;
  closed_at: string | null;
  /** False when `closed_at` is the closed issue's `updated_at` (no activity said when). */
  closed_at_exact: boolean;
  /** `first_npc_at − assigned_at`; null while waiting. */
  pickup_latency_s: number | null;
  /** `closed_at − assigned_at` for issues closed as completed. */
  cycle_time_s: number | null;
}

export type AttentionReason = 'stuck' | 'overdue';

export interface IssueAttention {
  reason: AttentionReason;
  /** Since when: the last NPC activity (stuck) or `assigned_at` (overdue). */
  since: string;
  /**
   * Overdue: the pickup SLO in minutes it was measured against; null when stuck. The app
   * writes the detail from `reason`, `since` and this, in the viewer's language.
   */
  slo_minutes: number | null;
  /** In English words, for API users: "no NPC activity for 2 d 3 h", "waiting for pickup 3 h, SLO 1 h". */
  detail: string;
}

/** `GET /api/repos/:full_name/issues/:number/comments`, oldest first. */
export interface IssueComment {
  id: string;
  author: BoardUser;
  /** Markdown as written; the app sanitises it. */
  body: string;
  created_at: string;
}

export interface PullRequest {
  number: number;
  title: string;
  state: 'open' | 'closed' | 'merged';
  author: BoardUser;
  created_at: string;
  updated_at: string;
  web_url: string;
}

export interface CreditSnapshot {
  org_slug: string;
  balance: number;
  recorded_at: string;
}

/** `GET /api/orgs/:slug/credits`. */
export interface OrgCredits {
  org_slug: string;
  balance: number | null;
  /** Why the balance is unknown, when it is. */
  balance_unknown_reason?: string;
  threshold: number;
  below_threshold: boolean;
  /** `null` with fewer than 24 hours of snapshots. */
  avg_daily_consumption: number | null;
  /** `YYYY-MM-DD`; `null` when nothing is spent or the data is insufficient. */
  predicted_exhaustion_date: string | null;
  forecast: CreditForecastKind;
  /**
   * Consumption over the last `task_window_days` (7) ÷ NPC issues completed in them;
   * null when none completed or the consumption is unknown.
   */
  credits_per_task: number | null;
  /** NPC issues completed in the task window (the `n` of `credits_per_task`). */
  tasks_completed: number;
  task_window_days: number;
  /** `floor(balance ÷ credits_per_task)`; null when either is unknown. */
  runway_tasks: number | null;
  /**
   * Exhaustion dates at the 75th (early) and 25th (late) percentile of the window's daily
   * consumption; null with fewer than 3 days in the window.
   */
  exhaustion_band: { early: string; late: string } | null;
  snapshots: CreditSnapshot[];
}

export type CreditForecastKind = 'date' | 'never' | 'insufficient_data' | 'unknown_balance';

/** `GET /api/meta`. */
export interface BoardMeta {
  version: string;
  npc_handles: string[];
  credit_alert_threshold: number;
  platform_web_url: string;
  covered_orgs: string[];
  /**
   * The cache life (CACHE_TTL_MS) in seconds: how often the sync looks for changes, and
   * how often a page refreshes by itself while the change stream is down.
   */
  cache_ttl_seconds: number;
}

/**
 * Body of every board error answer. `message` names the problem in English (a bad
 * parameter, what the platform did), for API users and logs; `code` is its stable name
 * (`BOARD_ERROR_CODES` in `shared/board/errors.ts`, or a blocking finding's code) and
 * `params` the values the message is written from, so that a client words it itself;
 * `request_id` is the one in the board's logs.
 */
export interface BoardErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code: string;
  params: Record<string, string | number>;
  request_id: string;
}
