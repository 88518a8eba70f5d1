import { randomBytes } from 'node:crypto';
import type { RedisConnection } from '../redis/redis-connection';

/** A held lock; `release` is safe to call after it expired. */
export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Locks shared by the board's replicas: single flight of upstream calls across replicas,
 * one snapshot run per hour, one alert evaluation and one sync cycle at a time, and the
 * alert outbox's deliveries. In one process, single flight needs no lock.
 */
export abstract class DistributedLock {
  /** Take `key` for at most `ttlMs`, or `null` when another holder has it. */
  abstract acquire(key: string, ttlMs: number): Promise<HeldLock | null>;

  /** Whether someone holds `key` now. */
  abstract isHeld(key: string): Promise<boolean>;
}

/** One process: every lock is free (the in-process single flight covers the rest). */
export class LocalLock extends DistributedLock {
  async acquire(): Promise<HeldLock> {
    return { release: async () => undefined };
  }

  async isHeld(): Promise<boolean> {
    return false;
  }
}

const lockName = (key: string): string => `npc-board:lock:${key}`;

/** Release only if still ours: compare and delete in one step. */
const RELEASE_SCRIPT =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** `SET key token NX PX ttl`; when Redis is away, everyone proceeds alone. */
export class RedisLock extends DistributedLock {
  constructor(private readonly redis: RedisConnection) {
    super();
  }

  async isHeld(key: string): Promise<boolean> {
    try {
      return (await this.redis.client.exists(lockName(key))) === 1;
    } catch {
      return false;
    }
  }

  async acquire(key: string, ttlMs: number): Promise<HeldLock | null> {
    const token = randomBytes(12).toString('base64url');
    const name = lockName(key);
    try {
      const taken = await this.redis.client.set(name, token, { NX: true, PX: ttlMs });
      if (taken !== 'OK') return null;
    } catch {
      return { release: async () => undefined };
    }
    return {
      release: async () => {
        try {
          await this.redis.client.eval(RELEASE_SCRIPT, { keys: [name], arguments: [token] });
        } catch {
          // Expires by itself.
        }
      },
    };
  }
}
