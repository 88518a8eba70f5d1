import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Clock } from '../../common/clock';
import { BACKGROUND_RESERVE, UpstreamBudget } from '../budget/upstream-budget';

/** Answers asked for within this long are rebuilt ahead of their expiry. */
export const ASKED_RECENTLY_MS = 3_600_000;
/** Most answers kept track of (the most recently asked). */
const MAX_ASKED = 500;
const CONCURRENT_REBUILDS = 4;
/** Marks the board's own request that rebuilds an answer (value: a per-process secret). */
const AHEAD_HEADER = 'x-board-refresh-ahead';

/** How the board sends itself a GET (fastify's `inject`); resolves with the status. */
export type SelfRequest = (url: string, headers: Record<string, string>) => Promise<number>;

/**
 * The route answers viewers asked for recently, and their rebuild ahead of expiry
 * (docs/architecture.md#live-pages). The route cache notes every public read it answers;
 * the sync cycle calls `run` once per cache life: each noted route runs again through the
 * whole pipeline, as background work in which an upstream entry that would expire before
 * `freshUntil` counts as expired, so the rebuilt answer stays fresh until then and the
 * next viewer gets it from the cache. A rebuild the budget or the platform refuses
 * leaves the answer as it was, for viewers to rebuild as ever.
 */
@Injectable()
export class RefreshAhead {
  /** Route key → the URL last asked for it and when. */
  private readonly asked = new LRUCache<string, { url: string; at: number }>({ max: MAX_ASKED });
  private readonly secret = randomBytes(16).toString('hex');
  private selfRequest: SelfRequest | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly budget: UpstreamBudget,
  ) {}

  /** How the board asks itself for a route (set once the HTTP server exists). */
  useSelfRequest(selfRequest: SelfRequest): void {
    this.selfRequest = selfRequest;
  }

  /** A viewer (not a rebuild) asked for the route under `key` at `url`, at `now`. */
  note(key: string, url: string, now = this.clock.now().getTime()): void {
    const known = this.asked.get(key);
    if (known?.url === url) known.at = now;
    else this.asked.set(key, { url, at: now });
  }

  /** Whether a request with these headers is one of `run`'s rebuilds. */
  isRebuild(headers: IncomingHttpHeaders): boolean {
    return headers[AHEAD_HEADER] === this.secret;
  }

  /** Rebuild every route asked for within `ASKED_RECENTLY_MS`; returns how many were. */
  async run(freshUntil: number): Promise<number> {
    const selfRequest = this.selfRequest;
    if (!selfRequest) return 0;
    const now = this.clock.now().getTime();
    const urls: string[] = [];
    for (const { url, at } of this.asked.values()) if (now - at < ASKED_RECENTLY_MS) urls.push(url);
    const headers = { [AHEAD_HEADER]: this.secret };
    let rebuilt = 0;
    const worker = async (): Promise<void> => {
      for (let url = urls.shift(); url !== undefined; url = urls.shift()) {
        const status = await this.budget
          .background(() => selfRequest(url, headers), BACKGROUND_RESERVE, { freshUntil })
          .catch(() => 0);
        if (status > 0 && status < 500) rebuilt += 1;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_REBUILDS }, worker));
    return rebuilt;
  }
}
