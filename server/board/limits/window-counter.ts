import { Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { RedisConnection } from '../redis/redis-connection';

/** What one attempt to count a hit found. */
export interface WindowTake {
  /** Whether the hit was counted (the window held fewer than the limit). */
  taken: boolean;
  /** When the window ends, in epoch milliseconds. */
  resetAt: number;
}

/**
 * Hits per key in fixed windows on the board's clock: the anonymous miss allowance and the
 * failed admin sign-ins. `take` counts a hit only while the key's window holds fewer than
 * `limit`, in one step, so concurrent requests cannot both take the last one. Behind
 * several replicas the count is shared through Redis (`REDIS_URL`), so a client gets one
 * allowance, not one per replica.
 */
export abstract class WindowCounter {
  abstract take(key: string, limit: number, windowMs: number, now: number): Promise<WindowTake>;
}

/** One process's counts (no `REDIS_URL`); the table of keys is bounded. */
export class MemoryWindowCounter extends WindowCounter {
  // Bounded by size (one per key) rather than `max`, which makes LRUCache allocate its
  // tables for every slot up front: about 1 MB for a table that is mostly empty.
  private readonly windows = new LRUCache<string, { start: number; count: number }>({
    maxSize: 50_000,
    sizeCalculation: () => 1,
  });

  take(key: string, limit: number, windowMs: number, now: number): Promise<WindowTake> {
    const start = now - (now % windowMs);
    const resetAt = start + windowMs;
    const window = this.windows.get(key);
    const current = window && window.start === start ? window : { start, count: 0 };
    if (current.count >= limit) return Promise.resolve({ taken: false, resetAt });
    current.count += 1;
    this.windows.set(key, current);
    return Promise.resolve({ taken: true, resetAt });
  }
}

const KEY_PREFIX = 'npc-board:limit:';

/** Counts the hit unless the window already holds the limit, in one step for every replica. */
const TAKE_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/**
 * The counts shared by every replica. A window's key names its start on the board's clock;
 * Redis only expires it once it is long over. While Redis is away each replica counts on
 * its own, so the limits still hold per replica.
 */
export class RedisWindowCounter extends WindowCounter {
  private readonly logger = new Logger('Limits');
  private readonly fallback = new MemoryWindowCounter();

  constructor(private readonly redis: RedisConnection) {
    super();
  }

  async take(key: string, limit: number, windowMs: number, now: number): Promise<WindowTake> {
    const start = now - (now % windowMs);
    try {
      const taken = await this.redis.client.eval(TAKE_SCRIPT, {
        keys: [`${KEY_PREFIX}${key}:${start}`],
        arguments: [String(limit), String(2 * windowMs)],
      });
      return { taken: taken === 1, resetAt: start + windowMs };
    } catch (error) {
      this.logger.warn(`Limits counted in this replica only: ${(error as Error).message}`);
      return this.fallback.take(key, limit, windowMs, now);
    }
  }
}
