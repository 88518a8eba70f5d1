/**
 * Wire types of the board API that only the app needs. The entities themselves
 * (Organization, Issue, BoardMeta…) come from `@shared/board/entities`, the copy the
 * server compiles against.
 */
export type { BoardMeta } from '@shared/board/entities';

export type { BoardErrorBody } from '@shared/board/entities';
import type { Enrichment } from '@shared/board/entities';

/** Where an answer came from, per the board's `X-Cache` header. */
export type CacheState = 'HIT' | 'MISS' | 'STALE';

/**
 * Why a stale answer is old, per `X-Stale-Reason`: the board's own platform call budget
 * is spent (`budget`), or the platform did not answer (`platform`).
 */
export type StaleReason = 'budget' | 'platform';

/** How fresh one answer is, read from its headers when it arrived. */
export interface Freshness {
  /** `X-Cache`, or null when a proxy dropped it. */
  cache: CacheState | null;
  /** When the oldest upstream datum in the answer was fetched (epoch ms). */
  asOf: number;
  /** Of a STALE answer: why, when the board said. */
  staleReason?: StaleReason;
  /** Of a STALE answer held back by the budget: when the board may ask again (epoch ms). */
  budgetUntil?: number;
}

/**
 * One read route's body together with its freshness, and the enrichments it went without
 * (`X-Board-Pending`; empty when complete).
 */
export interface Fetched<T> {
  data: T;
  freshness: Freshness;
  pending: readonly Enrichment[];
}

/** Filters of `GET api/issues`, as the task board sends them. */
export interface IssueQuery {
  org?: string;
  state?: 'open' | 'closed';
  npc_handle?: string;
  /** Only issues needing attention for this reason (`any`: either). */
  attention?: 'any' | 'stuck' | 'overdue';
  /** One repository, `org/name`. */
  repo?: string;
}
