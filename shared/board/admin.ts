/**
 * `GET /api/admin/overview?days=7|30` (docs/architecture.md#admin-overview-figures).
 * Times are in seconds.
 */
export interface AdminOverview {
  days: 7 | 30;
  window: { from: string; to: string };
  completion: { created: number; closed: number; rate: number | null };
  response_time: ResponseTimeFigures & { by_npc: (ResponseTimeFigures & { npc: string })[] };
  credit_ranking: { org_slug: string; consumed: number; snapshots: number }[];
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

/** `GET/PUT /api/admin/settings`. */
export interface AdminSettings {
  credit_alert_threshold: number;
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
