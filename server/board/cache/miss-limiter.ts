import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Clock } from '../../common/clock';
import { BoardConfig } from '../config/board-config';

const WINDOW_MS = 60_000;

/**
 * Cache misses per client address and minute (`ANON_MISSES_PER_MINUTE`; 0 turns it off).
 * A miss is what may cost platform calls, so this bounds the share of the platform's rate
 * limit any one address can spend. Fixed one-minute windows on the injected clock; each
 * replica counts its own misses; the table of addresses is bounded.
 */
@Injectable()
export class MissLimiter {
  // Bounded by size (one per address) rather than `max`, which makes LRUCache allocate
  // its tables for every slot up front: about 1 MB for a table that is mostly empty.
  private readonly windows = new LRUCache<string, { start: number; count: number }>({
    maxSize: 50_000,
    sizeCalculation: () => 1,
  });

  constructor(
    private readonly config: BoardConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * Count one miss for `client`. Returns 0 when allowed, else the seconds until the
   * client's window ends (nothing is counted then).
   */
  take(client: string): number {
    const limit = this.config.anonMissesPerMinute;
    if (limit === 0) return 0;
    const now = this.clock.now().getTime();
    const start = now - (now % WINDOW_MS);
    const window = this.windows.get(client);
    const current = window && window.start === start ? window : { start, count: 0 };
    if (current.count >= limit) return Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000));
    current.count += 1;
    this.windows.set(client, current);
    return 0;
  }
}
