import type { FastifyReply } from 'fastify';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import type { NotFoundError } from '../../common/errors';
import { type CodedDetail, withCode } from '../common/error-code';
import { ownedCopy } from '../common/compression';
import type { BoardConfig } from '../config/board-config';
import { PlatformRateLimitedError } from '../platform/platform.errors';

/**
 * A read route's answer and the fetch time of the oldest upstream datum in it. A 200 keeps
 * its serialized body (large ones brotli-compressed, which is most of the cache's memory
 * saved, and sent as they are to clients that accept brotli, as every browser does); a
 * 404 keeps its message, so asking again for a missing repository or issue costs nothing
 * upstream.
 */
export interface RouteEntry {
  status: 200 | 404;
  /** The JSON body of a 200 (when small), or the message of a 404. */
  body: string | null;
  /** Of a 404: the code and params of its answer (`withCode`), when it had its own. */
  error?: CodedDetail;
  /** The JSON body of a large 200, brotli-compressed. */
  br: Buffer | null;
  oldestAt: number;
  headers: Record<string, string>;
  /**
   * Set on an entry served as STALE after a platform failure: until then it is served as
   * it is without asking the platform again, so a rate-limited platform is not asked once
   * per request and viewers are not counted as misses.
   */
  retryAt?: number;
  /** Why an entry served as STALE is old: set with `retryAt`. */
  staleReason?: StaleReason;
  /**
   * Set on an answer built while enrichments were pending (`X-Board-Pending`): it is fresh
   * only until then, or until the background reads it waited for are done, and rebuilding
   * it spends no miss, since it is rebuilt from what the board holds.
   */
  recheckAt?: number;
  /** `ReadProgress.mark()` when it was built, with `recheckAt`. */
  readsMark?: string;
  /**
   * Set when the sync found that the data it shows changed (`outdated`): no longer fresh,
   * but still what a viewer is shown, as STALE, while the platform fails.
   */
  outdated?: true;
}

/** `entry`, known to be out of date: rebuilt on its next read, kept as its fallback. */
export function outdated(entry: RouteEntry): RouteEntry {
  return { ...entry, outdated: true };
}

/**
 * Why a STALE answer is old, sent as `X-Stale-Reason`: `budget` while the board's own call
 * budget holds platform calls back (with `X-Budget-Until`, the ISO time a call is admitted
 * again), `platform` when the platform failed.
 */
export type StaleReason = { kind: 'platform' } | { kind: 'budget'; until: number };

/** Answers larger than this are kept compressed. */
const COMPRESS_ABOVE_BYTES = 16 * 1024;
/**
 * Brotli's quality for cached answers. Measured on the task board's 350 KB issue list:
 * 27 KB in 2.4 ms, where gzip's fastest level gave 44 KB in 0.8 ms; an answer is
 * compressed once per miss and sent on every hit.
 */
const BROTLI_QUALITY = 5;

/** Expired answers are kept this long (within the cache's bounds) for platform failures. */
export const STALE_RETENTION_MS = 24 * 3_600_000;
/** Longest a STALE answer is served before the route asks the platform again. */
export const STALE_BACKOFF_MS = 60_000;
/**
 * Longest an answer with pending enrichments is served before it is built again. Pages
 * ask again while anything is pending, so this bounds how often one key is rebuilt
 * whatever the number of viewers.
 */
export const PENDING_RECHECK_MS = 2_000;
/** Headers a route sets that belong to its cached answer. */
const KEPT_HEADERS = ['x-total-count'];

/** How long a STALE answer is served before the platform is asked again: `Retry-After`, within a minute and the TTL. */
export function staleBackoffMs(error: unknown, config: BoardConfig): number {
  const wanted =
    error instanceof PlatformRateLimitedError && error.retryAfterMs !== null
      ? error.retryAfterMs
      : STALE_BACKOFF_MS;
  return Math.max(1_000, Math.min(wanted, STALE_BACKOFF_MS, config.cacheTtlMs));
}

/**
 * When a STALE answer is asked again: after its backoff, or, when the call budget is
 * spent, once it admits calls again (nothing could be refreshed before).
 */
export function holdUntil(backoffUntil: number, reason: StaleReason): number {
  return reason.kind === 'budget' ? Math.max(backoffUntil, reason.until) : backoffUntil;
}

export function toEntry(
  body: string,
  oldestAt: number,
  headers: Record<string, string>,
): RouteEntry {
  const large = Buffer.byteLength(body) > COMPRESS_ABOVE_BYTES;
  return {
    status: 200,
    body: large ? null : body,
    br: large ? ownedCopy(compress(body)) : null,
    oldestAt,
    headers,
  };
}

function compress(body: string): Buffer {
  return brotliCompressSync(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  });
}

export function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  return kept;
}

/** The code and params a not-found error gave its answer, to keep with its entry. */
export function codedDetailOf(error: NotFoundError): { error?: CodedDetail } {
  const code = error.detail['errorCode'];
  const params = error.detail['errorParams'];
  if (typeof code !== 'string') return {};
  return {
    error: withCode(code as CodedDetail['errorCode'], params as CodedDetail['errorParams']),
  };
}
