import { createCache } from 'cache-manager';
import { BoardMetrics } from '../metrics/board-metrics';
import { BoundedMemoryStore } from './memory-store';
import { ManualClock } from '../../common/clock';
import type { BoardConfig } from '../config/board-config';
import { CacheIndex } from './cache-index';
import { CacheKeys } from './cache-keys';
import { PublicReads } from './public-reads';
import { LocalLock } from '../locks/distributed-lock';
import { withFreshness } from './freshness';
import { UpstreamCache } from './upstream-cache';

describe('UpstreamCache', () => {
  const ttl = 300_000;
  let clock: ManualClock;
  let cache: UpstreamCache;
  let memory: BoundedMemoryStore;

  beforeEach(() => {
    clock = new ManualClock('2026-11-22T10:00:00Z');
    memory = new BoundedMemoryStore(1000, 16 * 1024 * 1024);
    cache = new UpstreamCache(
      new CacheIndex(createCache({ stores: [memory.keyv] }), new BoardMetrics(), memory),
      clock,
      { cacheTtlMs: ttl } as BoardConfig,
      new LocalLock(),
      new CacheKeys({ basePath: '/' } as BoardConfig, PublicReads.of([])),
    );
  });

  it('makes one call for concurrent misses of one key', async () => {
    let calls = 0;
    const load = async (): Promise<string> => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 'value';
    };
    const values = await Promise.all(Array.from({ length: 50 }, () => cache.getOrLoad('k', load)));
    expect(values).toEqual(Array(50).fill('value'));
    expect(calls).toBe(1);
  });

  it('gives every ask an answer of its own, the one that made the read included', async () => {
    const made = { items: [1, 2] };
    const load = async (): Promise<{ items: number[] }> => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return made;
    };
    const asks = await Promise.all([1, 2, 3].map(() => cache.getOrLoad('k', load)));
    // One ask takes the answer as parsed, without unpacking what was just packed.
    expect(asks.filter((answer) => answer === made)).toHaveLength(1);
    for (const answer of asks) answer.items.push(3);
    expect(made.items).toEqual([1, 2, 3]);
    expect(asks.map((answer) => answer.items)).toEqual(Array(3).fill([1, 2, 3]));
    // What the cache holds is the answer as read, whatever its askers did with theirs.
    await expect(cache.getOrLoad('k', load)).resolves.toEqual({ items: [1, 2] });
  });

  it('serves from the cache until the TTL has passed on the clock', async () => {
    let calls = 0;
    const load = (): Promise<number> => Promise.resolve(++calls);
    expect(await cache.getOrLoad('k', load)).toBe(1);
    clock.advance(ttl - 1);
    expect(await cache.getOrLoad('k', load)).toBe(1);
    clock.advance(1);
    expect(await cache.getOrLoad('k', load)).toBe(2);
  });

  it('does not cache failures', async () => {
    let calls = 0;
    const failing = (): Promise<number> => {
      calls += 1;
      return Promise.reject(new Error('down'));
    };
    await expect(cache.getOrLoad('k', failing)).rejects.toThrow('down');
    await expect(cache.getOrLoad('k', failing)).rejects.toThrow('down');
    expect(calls).toBe(2);
  });

  it('reports the fetch time of the oldest datum to the request scope', async () => {
    await cache.getOrLoad('old', () => Promise.resolve(1));
    const fetchedOld = clock.now().getTime();
    clock.advance(60_000);
    const { result, scope } = withFreshness(async () => {
      await cache.getOrLoad('new', () => Promise.resolve(2));
      return cache.getOrLoad('old', () => Promise.resolve(3));
    });
    expect(await result).toBe(1);
    expect(scope.oldest).toBe(fetchedOld);
  });

  it('drops entries by key prefix', async () => {
    let calls = 0;
    const load = (): Promise<number> => Promise.resolve(++calls);
    await cache.getOrLoad('GET /acme/-/issues?page=1', load);
    await cache.getOrLoad('GET /globex/-/issues?page=1', load);
    expect(await cache.invalidate('GET /acme/')).toBe(1);
    expect(await cache.getOrLoad('GET /acme/-/issues?page=1', load)).toBe(3);
    expect(await cache.getOrLoad('GET /globex/-/issues?page=1', load)).toBe(2);
  });

  it('keeps a small packed entry in memory of its own size, not in a view of a larger chunk', async () => {
    const list = Array.from({ length: 20 }, (_, i) => ({ id: i, title: `Issue ${i}` }));
    await cache.getOrLoad('GET /acme/-/issues', () => Promise.resolve(list));
    const record = memory.lru.get('GET /acme/-/issues') as { value: { packed: Buffer } };
    const packed = record.value.packed;
    expect(packed.byteLength).toBeLessThan(16 * 1024);
    expect(packed.buffer.byteLength).toBe(packed.byteLength);
    expect(await cache.getOrLoad('GET /acme/-/issues', () => Promise.resolve([]))).toEqual(list);
  });
});
