import { CACHE_MANAGER } from '@nestjs/cache-manager';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Cache } from 'cache-manager';
import { BoardMetrics } from '../metrics/board-metrics';
import { RedisConnection } from '../redis/redis-connection';
import { BoundedMemoryStore } from './memory-store';

/** Keys of the shared cache in Redis are `<namespace>::<key>`. */
export const REDIS_CACHE_NAMESPACE = 'npc-board-cache';

/**
 * Reads and writes the cache store on behalf of both cache layers, and drops (or marks)
 * entries by key prefix when a change makes them stale: in the bounded in-process store,
 * or, with Redis, among every replica's keys (SCAN).
 */
@Injectable()
export class CacheIndex {
  constructor(
    @Inject(CACHE_MANAGER) private readonly cache: Cache,
    metrics: BoardMetrics,
    @Optional() private readonly memory?: BoundedMemoryStore,
    @Optional() private readonly redis?: RedisConnection,
  ) {
    if (memory) metrics.watchCache(() => ({ entries: memory.entries, bytes: memory.bytes }));
  }

  /** Read an entry; a store that fails counts as a miss. */
  async get<T>(key: string): Promise<T | undefined> {
    try {
      return (await this.cache.get<T>(key)) ?? undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * An entry this process holds, read at once: undefined when the store is shared (Redis,
   * read with `get`) or holds none under `key`.
   */
  peek<T>(key: string): T | undefined {
    return this.memory?.peek(key) as T | undefined;
  }

  /** Store an entry for `ttlMs` and remember its key; a store that fails is skipped. */
  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    try {
      await this.cache.set(key, value, ttlMs);
    } catch {
      // The answer still goes out; it is just not cached.
    }
  }

  /** Drop every entry whose key starts with one of `prefixes`; returns how many. */
  async invalidate(prefixes: readonly string[]): Promise<number> {
    if (this.redis) return this.dropShared(prefixes);
    const doomed = this.local(prefixes);
    if (doomed.length > 0) await this.cache.mdel(doomed).catch(() => undefined);
    return doomed.length;
  }

  /**
   * Rewrite every entry under `prefixes` with `change`, kept for `ttlMs`: an entry known to
   * be out of date that should still be there to fall back on. Returns how many.
   */
  async rewrite<T>(
    prefixes: readonly string[],
    change: (value: T) => T,
    ttlMs: number,
  ): Promise<number> {
    const keys = this.redis ? await this.sharedKeys(prefixes) : this.local(prefixes);
    let rewritten = 0;
    for (const key of keys) {
      const value = await this.get<T>(key);
      if (value === undefined) continue;
      await this.set(key, change(value), ttlMs);
      rewritten += 1;
    }
    return rewritten;
  }

  private local(prefixes: readonly string[]): string[] {
    if (!this.memory) return [];
    return [...this.memory.keys()].filter((key) => prefixes.some((p) => key.startsWith(p)));
  }

  /** Every replica's entries under the prefixes, found with SCAN and deleted in Redis. */
  private async dropShared(prefixes: readonly string[]): Promise<number> {
    const client = this.redis!.client;
    let dropped = 0;
    try {
      for await (const keys of this.scanShared(prefixes)) dropped += await client.del(keys);
    } catch {
      // Redis is away: nothing it holds can be served meanwhile either.
    }
    return dropped;
  }

  /** Every replica's keys under the prefixes, without the namespace; none while Redis is away. */
  private async sharedKeys(prefixes: readonly string[]): Promise<string[]> {
    const found: string[] = [];
    const namespace = `${REDIS_CACHE_NAMESPACE}::`;
    try {
      for await (const keys of this.scanShared(prefixes)) {
        found.push(...keys.map((key) => key.slice(namespace.length)));
      }
    } catch {
      return [];
    }
    return found;
  }

  /** Pages of namespaced Redis keys under the prefixes, found with SCAN; none empty. */
  private async *scanShared(prefixes: readonly string[]): AsyncGenerator<string[]> {
    const namespace = `${REDIS_CACHE_NAMESPACE}::`;
    for (const prefix of prefixes) {
      const match = `${namespace}${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
      for await (const keys of this.redis!.client.scanIterator({ MATCH: match, COUNT: 500 })) {
        if (keys.length > 0) yield keys;
      }
    }
  }
}
