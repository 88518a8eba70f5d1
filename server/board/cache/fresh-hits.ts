import { Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Clock } from '../../common/clock';
import {
  COMPRESS_FROM_BYTES,
  compressed,
  type Encoding,
  negotiateEncoding,
} from '../common/compression';
import { BoardMetrics } from '../metrics/board-metrics';
import { CacheIndex } from './cache-index';
import { CacheKeys } from './cache-keys';
import { RefreshAhead } from './refresh-ahead';
import { EntryFreshness } from './entry-freshness';
import type { RouteEntry } from './route-entry';

/** What a hit sends that is the same for every request of one entry, made once. */
interface PreparedHit {
  /** Header names and values, flat, as `writeHead` takes them. */
  headers: string[];
  /** The body as sent uncompressed; null for an entry kept compressed (`br`). */
  identity: Buffer | null;
  /**
   * The whole header list last sent, by encoding sent (`''`: none): hits within one second
   * of each other send the same `Age`, so they send the same list, built once.
   */
  sent: Map<Encoding | '', { age: number; headers: string[] }>;
}

/**
 * The board's hot path (docs/architecture.md#caching): a GET whose answer is a fresh
 * route-cache entry held in this process is answered from the HTTP server's request
 * handler, before Fastify and Nest see it. What does not change from one request to the
 * next — the headers, the body's bytes — is prepared once per entry; a hit then costs
 * one key lookup (memoized per URL), one cache read, the freshness check, an addition for
 * the metrics and one write. The header list, `Age` included, is built once a second per
 * entry and encoding, not per hit. Anything else (a miss, a stale or pending answer, a 404, an
 * entry held in Redis, a client that cannot take the entry's encoding) goes the whole way,
 * where `RouteCacheInterceptor` answers it as before.
 */
@Injectable()
export class FreshHits {
  private readonly prepared = new WeakMap<RouteEntry, PreparedHit>();
  /** Headers every answer of the board carries (the security headers), flat. */
  private common: string[] = [];

  constructor(
    private readonly keys: CacheKeys,
    private readonly index: CacheIndex,
    private readonly freshness: EntryFreshness,
    private readonly ahead: RefreshAhead,
    private readonly metrics: BoardMetrics,
    private readonly clock: Clock,
  ) {}

  /** The headers the board's other answers get from its `onRequest` hook. */
  sendWith(headers: Readonly<Record<string, string>>): void {
    this.common = Object.entries(headers).flat();
  }

  /** Answer `request` from a fresh entry, or return false to let Fastify answer it. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || request.url === undefined) return false;
    const key = this.keys.route(request.url);
    if (key === null || this.ahead.isRebuild(request.headers)) return false;
    const entry = this.index.peek<RouteEntry>(key);
    if (entry === undefined || entry.status !== 200) return false;
    const now = this.clock.now().getTime();
    if (!this.freshness.isFresh(entry, now)) return false;

    let body: Buffer;
    let encoding: Encoding | null = null;
    const prepared = this.prepare(entry);
    if (prepared.identity === null) {
      // Kept compressed: sent as it is to clients that take brotli, as every browser does.
      if (negotiateEncoding(request.headers['accept-encoding']) !== 'br') return false;
      body = entry.br!;
      encoding = 'br';
    } else if (prepared.identity.byteLength >= COMPRESS_FROM_BYTES) {
      encoding = negotiateEncoding(request.headers['accept-encoding']);
      body = encoding === null ? prepared.identity : compressed(entry.body!, encoding);
    } else {
      body = prepared.identity;
    }

    this.metrics.countHit();
    this.ahead.note(key, request.url, now);
    const age = Math.max(0, Math.floor((now - entry.oldestAt) / 1000));
    response.writeHead(200, this.headersFor(prepared, encoding, age, body.byteLength));
    response.end(body);
    return true;
  }

  /** The headers of one hit: the entry's, then those of this encoding and age. */
  private headersFor(
    prepared: PreparedHit,
    encoding: Encoding | null,
    age: number,
    length: number,
  ): string[] {
    const last = prepared.sent.get(encoding ?? '');
    if (last?.age === age) return last.headers;
    const headers = this.buildHeaders(prepared, encoding, age, length);
    prepared.sent.set(encoding ?? '', { age, headers });
    return headers;
  }

  private buildHeaders(
    prepared: PreparedHit,
    encoding: Encoding | null,
    age: number,
    length: number,
  ): string[] {
    const headers = [
      ...prepared.headers,
      'x-cache',
      'HIT',
      'age',
      String(age),
      'content-length',
      String(length),
    ];
    if (encoding !== null) headers.push('content-encoding', encoding);
    return headers;
  }

  private prepare(entry: RouteEntry): PreparedHit {
    const known = this.prepared.get(entry);
    if (known) return known;
    const identity = entry.body === null ? null : Buffer.from(entry.body, 'utf8');
    const headers = [
      ...this.common,
      ...Object.entries(entry.headers).flat(),
      'content-type',
      'application/json; charset=utf-8',
      'cache-control',
      'no-cache',
    ];
    // As the compression hook does for any answer it could compress.
    if (identity === null || identity.byteLength >= COMPRESS_FROM_BYTES) {
      headers.push('vary', 'accept-encoding');
    }
    const prepared = { headers, identity, sent: new Map() };
    this.prepared.set(entry, prepared);
    return prepared;
  }
}
