import { Injectable, Optional } from '@nestjs/common';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { Clock } from '../../common/clock';
import { SingleFlight } from '../../common/single-flight';
import { BoardConfig } from '../config/board-config';
import { setTimeout as sleep } from 'node:timers/promises';
import { CacheIndex } from './cache-index';
import { CacheKeys } from './cache-keys';
import { DistributedLock } from '../locks/distributed-lock';
import { ownedCopy } from '../common/compression';
import { MAX_STRETCH, UpstreamBudget } from '../budget/upstream-budget';

/** How long one replica may hold an upstream key while it fetches. */
const LOCK_TTL_MS = 10_000;
const POLL_MS = 25;
import { noteFetchedAt } from './freshness';

/**
 * A cached answer, kept as compressed JSON: platform lists are large and repetitive
 * (several times smaller packed), entries are ready for a shared store such as Redis,
 * and every reader gets its own copy, which no caller can change under another (the one
 * whose ask made the read gets the answer as parsed: nobody else has it).
 */
interface Entry {
  packed: Buffer;
  fetchedAt: number;
}

/** A read just made: its entry, and the answer as parsed, for the first ask to take it. */
interface Loaded {
  entry: Entry;
  value: unknown;
  taken: boolean;
}

function pack(value: unknown): Buffer {
  return ownedCopy(deflateRawSync(JSON.stringify(value), { level: 1 }));
}

function unpack<T>(packed: Buffer | Uint8Array): T {
  return JSON.parse(inflateRawSync(packed).toString('utf8')) as T;
}

/**
 * The upstream layer (docs/architecture.md#caching): platform GET answers cached by
 * method, path and query for `CACHE_TTL_MS`, with single flight (concurrent misses for
 * one key make one call). Freshness is judged by the injected clock, so tests move time
 * instead of waiting.
 */
@Injectable()
export class UpstreamCache {
  private readonly inFlight = new SingleFlight<string, Loaded | Entry>();
  constructor(
    private readonly cache: CacheIndex,
    private readonly clock: Clock,
    private readonly config: BoardConfig,
    private readonly lock: DistributedLock,
    private readonly keys: CacheKeys,
    @Optional() private readonly budget?: UpstreamBudget,
  ) {}

  /** How long an entry counts as fresh: the TTL, stretched while the upstream budget is tight. */
  ttlMs(): number {
    return this.budget?.effectiveTtlMs() ?? this.config.cacheTtlMs;
  }

  /** A platform GET of `path` and `queryString`, from the cache or from `load`. */
  cachedGet<T>(path: string, queryString: string, load: () => Promise<T>): Promise<T> {
    return this.getOrLoad(this.keys.upstream(path, queryString), load);
  }

  /** The cached value for `key`, or what `load` gives (then cached). */
  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = await this.cache.get<Entry>(key);
    if (cached && this.isFresh(cached.fetchedAt)) {
      noteFetchedAt(cached.fetchedAt);
      return unpack<T>(cached.packed);
    }
    const read = await this.inFlight.run(key, () => this.load(key, load));
    const entry = 'entry' in read ? read.entry : read;
    noteFetchedAt(entry.fetchedAt);
    if ('entry' in read && !read.taken) {
      read.taken = true;
      return read.value as T;
    }
    return unpack<T>(entry.packed);
  }

  /** Drop every entry whose key starts with one of `prefixes` (e.g. `GET /acme/-/issues`). */
  invalidate(...prefixes: string[]): Promise<number> {
    return this.cache.invalidate(prefixes);
  }

  /** Fresh now, or, when refreshing ahead, not expiring before the time the work refreshes for. */
  private isFresh(fetchedAt: number): boolean {
    const until = this.budget?.currentWork()?.freshUntil;
    if (until !== undefined) return until - fetchedAt <= this.ttlMs();
    return this.clock.now().getTime() - fetchedAt < this.ttlMs();
  }

  private async load<T>(key: string, load: () => Promise<T>): Promise<Loaded | Entry> {
    // Across replicas, one fetches and the others wait for its entry.
    const lock = await this.lock.acquire(`upstream:${key}`, LOCK_TTL_MS);
    if (!lock) {
      const theirs = await this.waitForOther(key);
      if (theirs) return theirs;
    }
    try {
      const fetchedAt = this.clock.now().getTime();
      const value = await load();
      const entry: Entry = { packed: pack(value), fetchedAt };
      // Kept as long as the longest stretched TTL could still call it fresh.
      await this.cache.set(key, entry, this.config.cacheTtlMs * MAX_STRETCH);
      return { entry, value, taken: false };
    } finally {
      await lock?.release();
    }
  }

  /** The entry another replica is fetching, or `null` if it gave up or took too long. */
  private async waitForOther(key: string): Promise<Entry | null> {
    const deadline = Date.now() + LOCK_TTL_MS;
    while (Date.now() < deadline) {
      await sleep(POLL_MS);
      const entry = await this.cache.get<Entry>(key);
      if (entry && this.isFresh(entry.fetchedAt)) return entry;
      if (!(await this.lock.isHeld(`upstream:${key}`))) {
        const last = await this.cache.get<Entry>(key);
        return last && this.isFresh(last.fetchedAt) ? last : null;
      }
    }
    return null;
  }
}
