import type { BoardColumn } from './entities';

/**
 * Dispatch rules shared by the board's API and the dispatch form
 * (docs/rules.md#dispatch).
 */

/** The board's limit on a requirement. */
export const MAX_REQUIREMENT_LENGTH = 20_000;
/** The platform's limit on an issue title. */
export const MAX_TITLE_LENGTH = 255;

/**
 * The title of an issue dispatched without one: the requirement's first non-empty line,
 * without Markdown heading marks, at most 255 characters; null while there is no text.
 */
export function defaultTitle(requirement: string): string | null {
  const line = requirement
    .split('\n')
    .map((l) => l.replace(/^\s*#+\s*/, '').trim())
    .find((l) => l !== '');
  return line === undefined ? null : line.slice(0, MAX_TITLE_LENGTH);
}

/** What a preflight can find (docs/rules.md#guarded-dispatch). */
export const FINDING_CODES = [
  'wip_limit',
  'possible_duplicate',
  'low_runway',
  'below_threshold',
  'dormant_repository',
  'npc_stuck_here',
  'npc_running_here',
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

/**
 * One thing a dispatch should know before it goes out; `block` refuses it. `message` is
 * English, for API users; `params` holds what it is written from, so a client can word
 * it itself:
 * - `wip_limit`: `npc`, `count` (its open tasks), `limit` (the one reached), `soft`, and
 *   `hard` when there is a hard limit;
 * - `possible_duplicate`: `repo`, `number` and `title` of the most similar open issue,
 *   `count` (similar issues) and `more` (`count` − 1);
 * - `low_runway`: `org`, `balance`; when it warns also `days` (whole days left, 0: less
 *   than one) and `alert_days` (the `runway_alert_days` setting);
 * - `below_threshold`: `org`, `balance`, `threshold`;
 * - `dormant_repository`: `repo`, `org`, `dormant_days`, and `since` (the date of the last
 *   human commit, `YYYY-MM-DD`) when there is one;
 * - `npc_stuck_here`: `npc`, `count` (its stuck tasks);
 * - `npc_running_here`: `npc`, `repo`, `count` (its runs going there), and `sn` and
 *   `started_at` of the newest.
 */
export interface DispatchFinding {
  code: FindingCode;
  severity: 'warn' | 'block';
  message: string;
  params: Record<string, string | number>;
  /** Board pages and issues that explain the finding (absolute platform or board paths). */
  links: { label: string; url: string }[];
}

/** `POST /api/issues/preflight`. */
export interface PreflightResult {
  findings: DispatchFinding[];
}

/** The longest override reason and re-dispatch reason accepted. */
export const MAX_REASON_LENGTH = 500;

/** One dispatch, re-dispatch or run stop, as the board's store keeps it. */
export interface DispatchRecord {
  id: string;
  kind: 'dispatch' | 'redispatch' | 'stop';
  dispatched_at: string;
  /** The trusted-header user, or "token". */
  actor: string;
  /** `<org>/<repo>`. */
  repo: string;
  number: number;
  title: string;
  npc: string;
  /** Re-dispatch: the NPC the issue was taken from. */
  previous_npc: string | null;
  /** Null for a re-dispatch, which keeps the mode. */
  work_mode: boolean | null;
  /** The findings in force when it was sent. */
  findings: DispatchFinding[];
  override: boolean;
  override_reason: string | null;
  /** Re-dispatch and stop: why. */
  reason: string | null;
  /** Stop: the run stopped (its task is `repo#number`; 0 when it had none). */
  run?: StoppedRun;
}

/** What a stop record keeps of the run. */
export interface StoppedRun {
  sn: string;
  /** Core-hours it had billed when it was stopped. */
  core_hours: number;
  /** The platform's answer. */
  message: string;
  log_url: string;
}

/** `GET /api/admin/dispatches` items: the record and where its issue stands now. */
export interface DispatchHistoryItem extends DispatchRecord {
  /** Null when the issue is no longer among the board's issues. */
  column: BoardColumn | null;
  web_url: string | null;
  pickup_latency_s: number | null;
  cycle_time_s: number | null;
}

/** Filters of `GET /api/admin/dispatches`. */
export interface DispatchFilter {
  limit: number;
  npc?: string;
  org?: string;
}
