import type { Clock } from '../common/clock';

const WINDOW_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the caller may try again (only when not allowed). */
  retryAfterSeconds: number;
}

/**
 * Fixed one-minute windows per key (a token, or an address for anonymous calls):
 * predictable for tests and for the board's backoff, and one map entry per caller.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    private readonly limitPerMinute: number,
    private readonly clock: Clock,
  ) {}

  /** Count one request for `key` and say whether it may proceed. */
  take(key: string): RateDecision {
    const now = this.clock.now().getTime();
    const start = now - (now % WINDOW_MS);
    if (start !== this.lastSweep) this.sweep(start);
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      window = { start, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.limitPerMinute) return { allowed: true, retryAfterSeconds: 0 };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000)),
    };
  }

  private sweep(currentStart: number): void {
    this.lastSweep = currentStart;
    for (const [key, window] of this.windows)
      if (window.start !== currentStart) this.windows.delete(key);
  }
}
