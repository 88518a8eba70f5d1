import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { ENRICHMENTS, PENDING_HEADER } from '@shared/board/entities';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliDecompressSync } from 'node:zlib';
import { firstValueFrom, from, Observable } from 'rxjs';
import { Clock } from '../../common/clock';
import { NotFoundError } from '../../common/errors';
import { SingleFlight } from '../../common/single-flight';
import { boardErrorBody } from '../common/board-exception.filter';
import { negotiateEncoding } from '../common/compression';
import { handOverQuery } from '../common/validated-queries';
import { isUpstreamFailure } from '../common/upstream-failures';
import { BoardMetrics } from '../metrics/board-metrics';
import { isBudgetRefusal } from '../platform/platform-failures';
import { CacheIndex } from './cache-index';
import { CacheKeys } from './cache-keys';
import { EntryFreshness } from './entry-freshness';
import { withFreshness } from './freshness';
import { MissLimiter } from './miss-limiter';
import { RefreshAhead } from './refresh-ahead';
import {
  codedDetailOf,
  keptHeaders,
  PENDING_RECHECK_MS,
  type RouteEntry,
  STALE_RETENTION_MS,
  toEntry,
} from './route-entry';

type Outcome = { entry: RouteEntry; state: 'MISS' | 'STALE' };

/** Most reads whose failure for want of call budget are held at once. */
const MAX_HELD_FAILURES = 1000;

/** What the `onRequest` hook found for a request it could not answer: its key and entry. */
interface LookedUp {
  key: string;
  /** The query as building the key validated it; the validation pipe takes it over. */
  query: object | null;
  entry: RouteEntry | undefined;
}

/**
 * Handed from the hook to the interceptor, so a miss reads the index once. Kept by request,
 * outside the instance: a module may build its own instance of an interceptor it names.
 */
const lookedUp = new WeakMap<FastifyRequest, LookedUp>();

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
export class RouteCacheInterceptor implements NestInterceptor {
  private readonly inFlight = new SingleFlight<string, Outcome>();
  /**
   * Reads that failed, with nothing to fall back on, because the call budget is spent:
   * answered with the same failure until the budget admits calls again, since running the
   * route before then could only fail the same way.
   */
  private readonly heldFailures = new Map<string, { error: unknown; until: number }>();

  constructor(
    private readonly cache: CacheIndex,
    private readonly keys: CacheKeys,
    private readonly limiter: MissLimiter,
    private readonly freshness: EntryFreshness,
    private readonly ahead: RefreshAhead,
    private readonly metrics: BoardMetrics,
    private readonly clock: Clock,
  ) {}

  /** The key and entry of a public read (as the hook found them); null for anything else. */
  private async lookUp(request: FastifyRequest): Promise<LookedUp | null> {
    const found = lookedUp.get(request);
    if (found !== undefined) return found;
    if (request.method !== 'GET') return null;
    const routeKey = this.keys.routeKey(request.url);
    return routeKey === null
      ? null
      : { ...routeKey, entry: await this.cache.get<RouteEntry>(routeKey.key) };
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const found = await this.lookUp(request);
    if (found === null) return next.handle();
    const { key, entry } = found;
    if (found.query !== null) handOverQuery(request.query, found.query);
    if (this.ahead.isRebuild(request.headers)) {
      // Under a key of its own: a viewer must not join a rebuild that fails without a
      // fallback, but take the usual path (a STALE answer when the platform is down).
      const outcome = await this.inFlight.run(`ahead ${key}`, () =>
        this.refresh(key, entry, reply, next, true),
      );
      return from([this.answer(request, reply, outcome.entry, outcome.state)]);
    }
    this.ahead.note(key, request.url);
    if (entry && this.freshness.isFresh(entry)) {
      this.metrics.countHit();
      return from([this.answer(request, reply, entry, 'HIT')]);
    }
    if (entry && this.freshness.isBackingOff(entry)) {
      this.metrics.routeCache.inc({ result: 'stale' });
      return from([this.answer(request, reply, entry, 'STALE')]);
    }
    const failed = this.heldFailures.get(key);
    if (failed && this.clock.now().getTime() < failed.until) throw failed.error;
    // A request that would start the fetch spends a miss; one that joins a fetch in flight,
    // or rebuilds an answer still waiting for enrichments, spends none. (Counting may wait
    // for Redis, so look again afterwards.)
    if (!this.inFlight.has(key) && entry?.recheckAt === undefined)
      await this.limiter.admit(request);
    const outcome = await this.inFlight.run(key, () => this.refresh(key, entry, reply, next));
    return from([this.answer(request, reply, outcome.entry, outcome.state)]);
  }

  /**
   * Answer a GET from a fresh entry before Nest's pipeline runs (an `onRequest` hook), the
   * hot path of the board. Only public reads have keys, so no guarded route can be
   * answered here. Returns false when the request must go the whole way.
   */
  async serveFresh(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const routeKey = this.keys.routeKey(request.url);
    if (!routeKey || this.ahead.isRebuild(request.headers)) return false;
    const { key, query } = routeKey;
    const entry = await this.cache.get<RouteEntry>(key);
    const state = !entry
      ? null
      : this.freshness.isFresh(entry)
        ? 'HIT'
        : this.freshness.isBackingOff(entry)
          ? 'STALE'
          : null;
    if (entry === undefined || state === null) {
      lookedUp.set(request, { key, query, entry });
      return false;
    }
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

  private async refresh(
    key: string,
    previous: RouteEntry | undefined,
    reply: FastifyReply,
    next: CallHandler,
    ahead = false,
  ): Promise<Outcome> {
    const started = this.clock.now().getTime();
    // Taken before the route runs: a read it queues may finish before it answers.
    const readsMark = this.freshness.mark();
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
        const backingOff = await this.freshness.backingOff(previous, started, error);
        await this.cache.set(key, backingOff, STALE_RETENTION_MS);
        return { entry: backingOff, state: 'STALE' };
      }
      if (isBudgetRefusal(error)) this.holdFailure(key, error, await this.freshness.spentUntil());
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
    const aged = await this.freshness.agedOut(entry, started);
    if (aged !== null) {
      await this.cache.set(key, aged, STALE_RETENTION_MS);
      this.metrics.routeCache.inc({ result: 'stale' });
      return { entry: aged, state: 'STALE' };
    }
    await this.cache.set(key, entry, STALE_RETENTION_MS);
    this.metrics.routeCache.inc({ result: 'miss' });
    return { entry, state: 'MISS' };
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
