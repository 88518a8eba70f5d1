import { Logger } from '@nestjs/common';
import type { RedisConnection } from '../redis/redis-connection';

/** The window of the budget: this many minute buckets, the current one included. */
export const WINDOW_MINUTES = 60;

/** What one attempt to take a call from the budget found. */
export interface TakeResult {
  taken: boolean;
  /** Calls counted in the window after the attempt (before it, when refused). */
  used: number;
  /** Calls counted in the current minute after the attempt. */
  minute: number;
}

/**
 * Platform calls counted per minute over the last hour. `take` counts one call only when
 * the window (and, when given, the current minute) holds fewer than the limits, in one step,
 * so that concurrent callers cannot both take the last call.
 */
export interface CallCounter {
  take(minute: number, limit: number, minuteLimit: number): Promise<TakeResult>;
  /** Calls counted in the window ending at `minute`. */
  used(minute: number): Promise<number>;
  /** Calls per minute of the window ending at `minute`, oldest first. */
  perMinute(minute: number): Promise<number[]>;
}

/** One process's count (no `REDIS_URL`). */
export class MemoryCallCounter implements CallCounter {
  private readonly buckets = new Map<number, number>();

  take(minute: number, limit: number, minuteLimit: number): Promise<TakeResult> {
    this.prune(minute);
    const used = this.sum(minute);
    const current = this.buckets.get(minute) ?? 0;
    if (used >= limit || current >= minuteLimit) {
      return Promise.resolve({ taken: false, used, minute: current });
    }
    this.buckets.set(minute, current + 1);
    return Promise.resolve({ taken: true, used: used + 1, minute: current + 1 });
  }

  used(minute: number): Promise<number> {
    return Promise.resolve(this.sum(minute));
  }

  perMinute(minute: number): Promise<number[]> {
    return Promise.resolve(
      Array.from(
        { length: WINDOW_MINUTES },
        (_, i) => this.buckets.get(minute - WINDOW_MINUTES + 1 + i) ?? 0,
      ),
    );
  }

  private sum(minute: number): number {
    let used = 0;
    for (const [at, count] of this.buckets) {
      if (at > minute - WINDOW_MINUTES && at <= minute) used += count;
    }
    return used;
  }

  private prune(minute: number): void {
    for (const at of this.buckets.keys()) {
      if (at <= minute - WINDOW_MINUTES) this.buckets.delete(at);
    }
  }
}

const KEY_PREFIX = 'npc-board:budget:';

/**
 * Sums the window's buckets and counts the call in one script, so every replica shares one
 * budget and two replicas cannot both take the last call.
 */
const TAKE_SCRIPT = `
local prefix = KEYS[1]
local minute = tonumber(ARGV[1])
local used = 0
for i = 0, ${WINDOW_MINUTES - 1} do
  local v = redis.call('GET', prefix .. (minute - i))
  if v then used = used + tonumber(v) end
end
local current = tonumber(redis.call('GET', prefix .. minute) or '0')
if used >= tonumber(ARGV[2]) or current >= tonumber(ARGV[3]) then
  return {0, used, current}
end
redis.call('INCR', prefix .. minute)
redis.call('EXPIRE', prefix .. minute, ${2 * WINDOW_MINUTES * 60})
return {1, used + 1, current + 1}
`;

/**
 * The count shared by every replica (`REDIS_URL`). While Redis is away each replica counts
 * on its own, so the board keeps working and keeps a limit.
 */
export class RedisCallCounter implements CallCounter {
  private readonly logger = new Logger('UpstreamBudget');
  private readonly fallback = new MemoryCallCounter();

  constructor(private readonly redis: RedisConnection) {}

  async take(minute: number, limit: number, minuteLimit: number): Promise<TakeResult> {
    try {
      const reply = (await this.redis.client.eval(TAKE_SCRIPT, {
        keys: [KEY_PREFIX],
        arguments: [String(minute), String(limit), String(minuteLimit)],
      })) as number[];
      return { taken: reply[0] === 1, used: Number(reply[1]), minute: Number(reply[2]) };
    } catch (error) {
      this.logger.warn(`Budget counted in this replica only: ${(error as Error).message}`);
      return this.fallback.take(minute, limit, minuteLimit);
    }
  }

  async used(minute: number): Promise<number> {
    return (await this.perMinute(minute)).reduce((sum, n) => sum + n, 0);
  }

  async perMinute(minute: number): Promise<number[]> {
    const keys = Array.from(
      { length: WINDOW_MINUTES },
      (_, i) => `${KEY_PREFIX}${minute - WINDOW_MINUTES + 1 + i}`,
    );
    try {
      const values = await this.redis.client.mGet(keys);
      return values.map((v) => Number(v ?? 0));
    } catch {
      return this.fallback.perMinute(minute);
    }
  }
}
