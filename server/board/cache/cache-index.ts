import { CACHE_MANAGER } from '@nestjs/cache-manager';
import { Inject, Injectable } from '@nestjs/common';
import type { Cache } from 'cache-manager';

/**
 * Writes to the cache store on behalf of both cache layers and remembers the keys, so a
 * write to the platform (dispatch, threshold change, credit refresh) can drop exactly the
 * entries it makes stale.
 */
@Injectable()
export class CacheIndex {
  private readonly keys = new Set<string>();

  constructor(@Inject(CACHE_MANAGER) private readonly cache: Cache) {}

  /** Read an entry. */
  get<T>(key: string): Promise<T | undefined> {
    return this.cache.get<T>(key);
  }

  /** Store an entry for `ttlMs` and remember its key. */
  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    await this.cache.set(key, value, ttlMs);
    this.keys.add(key);
  }

  /** Drop every entry whose key starts with one of `prefixes`; returns how many. */
  async invalidate(prefixes: readonly string[]): Promise<number> {
    const lower = prefixes.map((p) => p.toLowerCase());
    const doomed = [...this.keys].filter((key) => {
      const k = key.toLowerCase();
      return lower.some((p) => k.startsWith(p));
    });
    for (const key of doomed) this.keys.delete(key);
    if (doomed.length > 0) await this.cache.mdel(doomed);
    return doomed.length;
  }
}
