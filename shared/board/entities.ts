/**
 * Entities returned by the board's own routes
 * (docs/architecture.md#the-data-path-of-a-read and #rules). The Angular app reads
 * exactly these shapes.
 */

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
}

export interface Issue {
  number: number;
  title: string;
  state: 'open' | 'closed';
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
}

/**
 * Body of every board error answer. `message` names the problem (a bad parameter, what
 * the platform did); `request_id` is the one in the board's logs.
 */
export interface BoardErrorBody {
  statusCode: number;
  error: string;
  message: string;
  request_id: string;
}
