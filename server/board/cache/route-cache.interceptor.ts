import { CACHE_MANAGER, CacheInterceptor } from '@nestjs/cache-manager';
import { CallHandler, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Cache } from 'cache-manager';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { firstValueFrom, from, Observable } from 'rxjs';
import { Clock } from '../../common/clock';
import { SingleFlight } from '../../common/single-flight';
import { NotFoundError, RateLimitedError } from '../../common/errors';
import { boardErrorBody } from '../common/board-exception.filter';
import { type CodedDetail, withCode } from '../common/error-code';
import { isUpstreamFailure } from '../common/upstream-failures';
import { PlatformRateLimitedError } from '../platform/platform.errors';
import { isBudgetRefusal } from '../platform/platform-http';
import { BoardConfig } from '../config/board-config';
import { BoardMetrics } from '../metrics/board-metrics';
import { CacheIndex } from './cache-index';
import { CacheKeys } from './cache-keys';
import { ownedCopy } from '../common/compression';
import { withFreshness } from './freshness';
import { MissLimiter } from './miss-limiter';
import { RefreshAhead } from './refresh-ahead';
import { MissExemption, ReadProgress } from './route-cache.ports';
import { negotiateEncoding } from '../common/compression';
import { UpstreamBudget } from '../budget/upstream-budget';
import { ENRICHMENTS, PENDING_HEADER } from '@shared/board/entities';

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

type Outcome = { entry: RouteEntry; state: 'MISS' | 'STALE' };

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
const STALE_BACKOFF_MS = 60_000;
/** Most reads whose failure for want of call budget are held at once. */
const MAX_HELD_FAILURES = 1000;
/**
 * Longest an answer with pending enrichments is served before it is built again. Pages
 * ask again while anything is pending, so this bounds how often one key is rebuilt
 * whatever the number of viewers.
 */
export const PENDING_RECHECK_MS = 2_000;
/** Headers a route sets that belong to its cached answer. */
const KEPT_HEADERS = ['x-total-count'];

/**
 * The route layer of the cache (docs/architecture.md#caching). Each public read's
 * answer is cached under its canonical key with the time of its oldest upstream datum, and
 * is fresh only while that datum is, so no datum shown is older than the TTL while the
 * platform answers. Concurrent misses for one key run the route once. A miss that would
 * run the route counts against the client's allowance (admins exempt). When the platform
 * fails, or the board's call budget refuses the call, the last good answer goes out as
 * `X-Cache: STALE` with `X-Stale-Reason` (and `X-Budget-Until`). Sets `X-Cache` and `Age`.
 */
@Injectable()
export class RouteCacheInterceptor extends CacheInterceptor {
  private readonly inFlight = new SingleFlight<string, Outcome>();
  /**
   * Reads that failed, with nothing to fall back on, because the call budget is spent:
   * answered with the same failure until the budget admits calls again, since running the
   * route before then could only fail the same way.
   */
  private readonly heldFailures = new Map<string, { error: unknown; until: number }>();

  constructor(
    @Inject(CACHE_MANAGER) cacheManager: Cache,
    reflector: Reflector,
    private readonly cache: CacheIndex,
    private readonly keys: CacheKeys,
    private readonly limiter: MissLimiter,
    private readonly exemption: MissExemption,
    private readonly clock: Clock,
    private readonly config: BoardConfig,
    private readonly metrics: BoardMetrics,
    private readonly budget: UpstreamBudget,
    private readonly reads: ReadProgress,
    private readonly ahead: RefreshAhead,
  ) {
    super(cacheManager, reflector);
  }

  /** The canonical key of a public read; `undefined` for anything else (never cached). */
  protected override trackBy(context: ExecutionContext): string | undefined {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.method !== 'GET') return undefined;
    return this.keys.route(request.url) ?? undefined;
  }

  override async intercept(
    context: ExecutionContext,
    next: CallHandler,
  ): Promise<Observable<unknown>> {
    const key = this.trackBy(context);
    if (!key) return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const entry = await this.cache.get<RouteEntry>(key);
    if (this.ahead.isRebuild(request.headers)) {
      // Under a key of its own: a viewer must not join a rebuild that fails without a
      // fallback, but take the usual path (a STALE answer when the platform is down).
      const outcome = await this.inFlight.run(`ahead ${key}`, () =>
        this.refresh(key, entry, reply, next, true),
      );
      return from([this.answer(request, reply, outcome.entry, outcome.state)]);
    }
    this.ahead.note(key, request.url);
    if (entry && this.isFresh(entry)) {
      this.metrics.countHit();
      return from([this.answer(request, reply, entry, 'HIT')]);
    }
    if (entry && this.isBackingOff(entry)) {
      this.metrics.routeCache.inc({ result: 'stale' });
      return from([this.answer(request, reply, entry, 'STALE')]);
    }
    const failed = this.heldFailures.get(key);
    if (failed && this.clock.now().getTime() < failed.until) throw failed.error;
    // A request that would start the fetch spends a miss; one that joins a fetch in flight,
    // or rebuilds an answer still waiting for enrichments, spends none. (Counting may wait
    // for Redis, so look again afterwards.)
    if (!this.inFlight.has(key) && entry?.recheckAt === undefined) await this.admitMiss(request);
    const outcome = await this.inFlight.run(key, () => this.refresh(key, entry, reply, next));
    return from([this.answer(request, reply, outcome.entry, outcome.state)]);
  }

  /**
   * Answer a GET from a fresh entry before Nest's pipeline runs (an `onRequest` hook), the
   * hot path of the board. Only public reads have keys, so no guarded route can be
   * answered here. Returns false when the request must go the whole way.
   */
  async serveFresh(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const key = this.keys.route(request.url);
    if (!key || this.ahead.isRebuild(request.headers)) return false;
    const entry = await this.cache.get<RouteEntry>(key);
    if (!entry) return false;
    const state = this.isFresh(entry) ? 'HIT' : this.isBackingOff(entry) ? 'STALE' : null;
    if (state === null) return false;
    if (state === 'HIT') this.metrics.countHit();
    else this.metrics.routeCache.inc({ result: 'stale' });
    this.ahead.note(key, request.url);
    if (entry.status === 404) {
      this.setHeaders(reply, entry, state);
      void reply
        .status(404)
        .header('cache-control', 'no-store')
        .send(
          boardErrorBody(
            404,
            entry.body ?? 'Not found',
            String(request.id),
            entry.error?.errorCode,
            entry.error?.errorParams,
          ),
        );
      return true;
    }
    void reply.send(this.answer(request, reply, entry, state));
    return true;
  }

  /**
   * Fresh while its oldest datum is younger than the TTL (stretched while the budget is
   * tight), and, with enrichments pending, until it is due to be rebuilt.
   */
  isFresh(entry: RouteEntry, now = this.clock.now().getTime()): boolean {
    if (entry.outdated) return false;
    if (entry.recheckAt !== undefined) {
      if (now >= entry.recheckAt || this.reads.hasNews(entry.readsMark)) return false;
    }
    return now - entry.oldestAt < this.budget.effectiveTtlMs();
  }

  private isBackingOff(entry: RouteEntry): boolean {
    return entry.retryAt !== undefined && this.clock.now().getTime() < entry.retryAt;
  }

  /** Count a miss against the client's allowance, or refuse it with 429. */
  private async admitMiss(request: FastifyRequest): Promise<void> {
    if (this.exemption.exempt(request)) return;
    const waitSeconds = await this.limiter.take(request.ip);
    if (waitSeconds === 0) return;
    this.metrics.routeCache.inc({ result: 'limited' });
    throw new RateLimitedError(
      `Too many requests for uncached data from this address; try again in ${waitSeconds} s`,
      {
        retryAfterSeconds: waitSeconds,
        ...withCode('uncached_rate_limited', { seconds: waitSeconds }),
      },
    );
  }

  private async refresh(
    key: string,
    previous: RouteEntry | undefined,
    reply: FastifyReply,
    next: CallHandler,
    ahead = false,
  ): Promise<Outcome> {
    const started = this.clock.now().getTime();
    // Taken before the route runs: a read it queues may finish before it answers.
    const readsMark = this.reads.mark();
    const { result, scope } = withFreshness(() => firstValueFrom(next.handle()));
    let entry: RouteEntry;
    try {
      entry = toEntry(JSON.stringify(await result), scope.oldest ?? started, keptHeaders(reply));
      if (scope.pending.size > 0) {
        entry.headers[PENDING_HEADER] = ENRICHMENTS.filter((e) => scope.pending.has(e)).join(', ');
        entry.recheckAt = started + PENDING_RECHECK_MS;
        entry.readsMark = readsMark;
      }
    } catch (error) {
      // Refreshing ahead changes nothing when it fails: viewers rebuild the answer as ever.
      if (ahead) throw error;
      if (previous && isUpstreamFailure(error)) {
        this.metrics.routeCache.inc({ result: 'stale' });
        const staleReason = await this.staleReasonOf(error);
        const backingOff: RouteEntry = {
          ...previous,
          retryAt: holdUntil(started + staleBackoffMs(error, this.config), staleReason),
          staleReason,
        };
        await this.cache.set(key, backingOff, STALE_RETENTION_MS);
        return { entry: backingOff, state: 'STALE' };
      }
      if (isBudgetRefusal(error)) this.holdFailure(key, error, await this.budget.spentUntil());
      if (!(error instanceof NotFoundError)) throw error;
      entry = {
        status: 404,
        body: error.message,
        ...codedDetailOf(error),
        br: null,
        oldestAt: scope.oldest ?? started,
        headers: {},
      };
    }
    if (started - entry.oldestAt >= this.budget.effectiveTtlMs()) {
      // Built from held data older than the TTL (the budget or the platform held the refresh
      // back): served as STALE for a while instead of rebuilt on every request.
      const staleReason = await this.staleReasonOf(null);
      entry = {
        ...entry,
        retryAt: holdUntil(
          started + Math.min(STALE_BACKOFF_MS, this.config.cacheTtlMs),
          staleReason,
        ),
        staleReason,
      };
      await this.cache.set(key, entry, STALE_RETENTION_MS);
      this.metrics.routeCache.inc({ result: 'stale' });
      return { entry, state: 'STALE' };
    }
    await this.cache.set(key, entry, STALE_RETENTION_MS);
    this.metrics.routeCache.inc({ result: 'miss' });
    return { entry, state: 'MISS' };
  }

  /**
   * Why an answer is stale: the board's budget refused the call (or, for held data that
   * grew old without an error, the hour's budget is used up), or else the platform.
   */
  private async staleReasonOf(error: unknown): Promise<StaleReason> {
    const refused = isBudgetRefusal(error);
    if (!refused && error !== null) return { kind: 'platform' };
    if (!refused && (await this.budget.state()).remaining > 0) return { kind: 'platform' };
    return { kind: 'budget', until: await this.budget.spentUntil() };
  }

  private holdFailure(key: string, error: unknown, until: number): void {
    const now = this.clock.now().getTime();
    for (const [held, failure] of this.heldFailures) {
      if (failure.until <= now) this.heldFailures.delete(held);
    }
    if (this.heldFailures.size >= MAX_HELD_FAILURES) {
      this.heldFailures.delete(this.heldFailures.keys().next().value!);
    }
    this.heldFailures.set(key, { error, until });
  }

  private setHeaders(reply: FastifyReply, entry: RouteEntry, state: string): void {
    const age = Math.max(0, Math.floor((this.clock.now().getTime() - entry.oldestAt) / 1000));
    void reply.headers({ ...entry.headers, 'x-cache': state, age: String(age) });
    if (state !== 'STALE') return;
    const reason = entry.staleReason ?? { kind: 'platform' };
    void reply.header('x-stale-reason', reason.kind);
    if (reason.kind === 'budget') {
      void reply.header('x-budget-until', new Date(reason.until).toISOString());
    }
  }

  /** Set the answer's headers and give its body, compressed when the entry and client allow. */
  private answer(
    request: FastifyRequest,
    reply: FastifyReply,
    entry: RouteEntry,
    state: 'HIT' | 'MISS' | 'STALE',
  ): string | Buffer {
    this.setHeaders(reply, entry, state);
    if (entry.status === 404) throw new NotFoundError(entry.body ?? 'Not found', entry.error);
    void reply.headers({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-cache',
    });
    if (entry.body !== null) return entry.body;
    void reply.header('vary', 'accept-encoding');
    if (negotiateEncoding(request.headers['accept-encoding']) === 'br') {
      void reply.header('content-encoding', 'br');
      return entry.br!;
    }
    // Anything else gets the JSON, which the board's compression gzips if the client asks.
    return brotliDecompressSync(entry.br!).toString('utf8');
  }
}

/** How long a STALE answer is served before the platform is asked again: `Retry-After`, within a minute and the TTL. */
function staleBackoffMs(error: unknown, config: BoardConfig): number {
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
function holdUntil(backoffUntil: number, reason: StaleReason): number {
  return reason.kind === 'budget' ? Math.max(backoffUntil, reason.until) : backoffUntil;
}

function toEntry(body: string, oldestAt: number, headers: Record<string, string>): RouteEntry {
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

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  return kept;
}

/** The code and params a not-found error gave its answer, to keep with its entry. */
function codedDetailOf(error: NotFoundError): { error?: CodedDetail } {
  const code = error.detail['errorCode'];
  const params = error.detail['errorParams'];
  if (typeof code !== 'string') return {};
  return {
    error: withCode(code as CodedDetail['errorCode'], params as CodedDetail['errorParams']),
  };
}
