import { CACHE_MANAGER, CacheInterceptor } from '@nestjs/cache-manager';
import { CallHandler, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Cache } from 'cache-manager';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gunzipSync, gzipSync } from 'node:zlib';
import { firstValueFrom, from, Observable } from 'rxjs';
import { Clock } from '../../common/clock';
import { DomainError } from '../../common/errors';
import { BoardConfig } from '../config/board-config';
import { BoardMetrics } from '../ops/board-metrics';
import { CacheIndex } from './cache-index';
import { withFreshness } from './freshness';

/**
 * A read route's serialized answer and the fetch time of the oldest upstream datum in it.
 * Large answers (issue lists) are kept gzip-compressed, which is most of the cache's
 * memory saved, and go out as they are to clients that accept gzip (every browser).
 */
interface RouteEntry {
  body: string | null;
  gzip: Buffer | null;
  oldestAt: number;
  headers: Record<string, string>;
}

/** Answers larger than this are kept compressed. */
const COMPRESS_ABOVE_BYTES = 16 * 1024;

function acceptsGzip(request: FastifyRequest): boolean {
  return /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
}

/** Expired answers are kept this long to answer with when the platform fails. */
export const STALE_RETENTION_MS = 24 * 3_600_000;
/** Headers a route sets that belong to its cached answer. */
const KEPT_HEADERS = ['x-total-count'];
export const ROUTE_KEY_PREFIX = 'route:';

/**
 * The route layer (docs/architecture.md#caching). Each read route's serialized answer is
 * cached with the time of its oldest upstream datum, and is fresh only while that datum
 * is, so no datum shown is older than the TTL while the platform answers. When the
 * platform fails, the last good answer is served as `X-Cache: STALE`. Sets `X-Cache` and
 * `Age`.
 */
@Injectable()
export class RouteCacheInterceptor extends CacheInterceptor {
  constructor(
    @Inject(CACHE_MANAGER) cacheManager: Cache,
    reflector: Reflector,
    private readonly cache: CacheIndex,
    private readonly clock: Clock,
    private readonly config: BoardConfig,
    private readonly metrics: BoardMetrics,
  ) {
    super(cacheManager, reflector);
  }

  override async intercept(
    context: ExecutionContext,
    next: CallHandler,
  ): Promise<Observable<unknown>> {
    const url = this.trackBy(context);
    if (!url) return next.handle();
    const key = ROUTE_KEY_PREFIX + url;
    const http = context.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const gzip = acceptsGzip(http.getRequest<FastifyRequest>());
    const entry = await this.cache.get<RouteEntry>(key);
    if (entry && this.isFresh(entry)) {
      this.metrics.routeCache.inc({ result: 'hit' });
      return from([this.answer(reply, entry, 'HIT', gzip)]);
    }
    return from(this.refresh(key, entry, reply, next, gzip));
  }

  /**
   * Answer a GET from a fresh entry before Nest's pipeline runs (an `onRequest` hook), the
   * hot path of the board. Entries exist only for URLs whose answer passed validation.
   * Returns false when the request must go the whole way.
   */
  async serveFresh(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const entry = await this.cache.get<RouteEntry>(ROUTE_KEY_PREFIX + request.url);
    if (!entry || !this.isFresh(entry)) return false;
    this.metrics.routeCache.inc({ result: 'hit' });
    void reply.send(this.answer(reply, entry, 'HIT', acceptsGzip(request)));
    return true;
  }

  private isFresh(entry: RouteEntry): boolean {
    return this.clock.now().getTime() - entry.oldestAt < this.config.cacheTtlMs;
  }

  private async refresh(
    key: string,
    previous: RouteEntry | undefined,
    reply: FastifyReply,
    next: CallHandler,
    gzip: boolean,
  ): Promise<string | Buffer> {
    const started = this.clock.now().getTime();
    const { result, scope } = withFreshness(() => firstValueFrom(next.handle()));
    let value: unknown;
    try {
      value = await result;
    } catch (error) {
      if (previous && isPlatformFailure(error)) {
        this.metrics.routeCache.inc({ result: 'stale' });
        return this.answer(reply, previous, 'STALE', gzip);
      }
      throw error;
    }
    const body = JSON.stringify(value);
    const large = Buffer.byteLength(body) > COMPRESS_ABOVE_BYTES;
    const entry: RouteEntry = {
      body: large ? null : body,
      gzip: large ? gzipSync(body, { level: 1 }) : null,
      oldestAt: scope.oldest ?? started,
      headers: keptHeaders(reply),
    };
    await this.cache.set(key, entry, STALE_RETENTION_MS);
    this.metrics.routeCache.inc({ result: 'miss' });
    return this.answer(reply, entry, 'MISS', gzip, body);
  }

  /** Set the answer's headers and give its body, compressed when the entry and client allow. */
  private answer(
    reply: FastifyReply,
    entry: RouteEntry,
    state: 'HIT' | 'MISS' | 'STALE',
    gzip: boolean,
    plain?: string,
  ): string | Buffer {
    const age = Math.max(0, Math.floor((this.clock.now().getTime() - entry.oldestAt) / 1000));
    void reply.headers({
      ...entry.headers,
      'content-type': 'application/json; charset=utf-8',
      'x-cache': state,
      age: String(age),
      'cache-control': 'no-cache',
    });
    if (entry.body !== null) return entry.body;
    void reply.header('vary', 'accept-encoding');
    if (gzip && entry.gzip) {
      void reply.header('content-encoding', 'gzip');
      return entry.gzip;
    }
    return plain ?? gunzipSync(entry.gzip!).toString('utf8');
  }
}

/** Failures of the platform itself, as opposed to answers such as "not found". */
function isPlatformFailure(error: unknown): boolean {
  return (
    error instanceof DomainError && (error.kind === 'upstream' || error.kind === 'rate_limited')
  );
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  return kept;
}
