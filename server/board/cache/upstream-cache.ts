import { CACHE_MANAGER } from '@nestjs/cache-manager';
import { Inject, Injectable } from '@nestjs/common';
import type { Cache } from 'cache-manager';
import { Clock } from '../../common/clock';
import { BoardConfig } from '../config/board-config';
import { noteFetchedAt } from './freshness';

interface Entry<T> {
  value: T;
  fetchedAt: number;
}

/**
 * The upstream layer of DESIGN section 7: platform GET answers cached by method, path and
 * query for `CACHE_TTL_MS`, with single flight (concurrent misses for one key make one
 * call). Freshness is judged by the injected clock, so tests move time instead of waiting.
 */
@Injectable()
export class UpstreamCache {
  private readonly inFlight = new Map<string, Promise<Entry<unknown>>>();
  /** Keys written by this process, so writes can drop the ones they make stale. */
  private readonly known = new Set<string>();

  constructor(
    @Inject(CACHE_MANAGER) private readonly cache: Cache,
    private readonly clock: Clock,
    private readonly config: BoardConfig,
  ) {}

  /** The cached value for `key`, or what `load` gives (then cached). */
  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = await this.cache.get<Entry<T>>(key);
    if (cached && this.isFresh(cached.fetchedAt)) {
      noteFetchedAt(cached.fetchedAt);
      return cached.value;
    }
    let pending = this.inFlight.get(key) as Promise<Entry<T>> | undefined;
    if (!pending) {
      pending = this.load(key, load);
      this.inFlight.set(key, pending);
      const clear = (): void => {
        this.inFlight.delete(key);
      };
      pending.then(clear, clear);
    }
    const entry = await pending;
    noteFetchedAt(entry.fetchedAt);
    return entry.value;
  }

  /** Drop every entry whose key starts with one of `prefixes`. */
  async invalidate(...prefixes: string[]): Promise<number> {
    const keys = [...this.known].filter((key) => prefixes.some((p) => key.startsWith(p)));
    for (const key of keys) this.known.delete(key);
    if (keys.length > 0) await this.cache.mdel(keys);
    return keys.length;
  }

  private isFresh(fetchedAt: number): boolean {
    return this.clock.now().getTime() - fetchedAt < this.config.cacheTtlMs;
  }

  private async load<T>(key: string, load: () => Promise<T>): Promise<Entry<T>> {
    const fetchedAt = this.clock.now().getTime();
    const value = await load();
    const entry = { value, fetchedAt };
    await this.cache.set(key, entry, this.config.cacheTtlMs);
    this.known.add(key);
    return entry;
  }
}
