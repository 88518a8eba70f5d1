import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Clock } from '../../common/clock';
import { RateLimitedError } from '../../common/errors';
import { withCode } from '../common/error-code';
import { BoardConfig } from '../config/board-config';
import { WindowCounter } from '../limits/window-counter';
import { BoardMetrics } from '../metrics/board-metrics';
import { MissExemption } from './route-cache.ports';

const WINDOW_MS = 60_000;

/**
 * Cache misses per client address and minute (`ANON_MISSES_PER_MINUTE`; 0 turns it off).
 * A miss is what may cost platform calls, so this bounds the share of the platform's rate
 * limit any one address can spend. Fixed one-minute windows on the injected clock, counted
 * in Redis when the board has it, so replicas share one allowance per address.
 */
@Injectable()
export class MissLimiter {
  constructor(
    private readonly config: BoardConfig,
    private readonly clock: Clock,
    private readonly counter: WindowCounter,
    private readonly exemption: MissExemption,
    private readonly metrics: BoardMetrics,
  ) {}

  /** Count a miss of `request` against its client's allowance (admins exempt), or refuse it with 429. */
  async admit(request: FastifyRequest): Promise<void> {
    if (this.exemption.exempt(request)) return;
    const waitSeconds = await this.take(request.ip);
    if (waitSeconds === 0) return;
    this.metrics.routeCache.inc({ result: 'limited' });
    throw new RateLimitedError(
      `Too many requests for uncached data from this address; try again in ${waitSeconds} s`,
      {
        retryAfterSeconds: waitSeconds,
        ...withCode('uncached_rate_limited', { seconds: waitSeconds }),
      },
    );
  }

  /**
   * Count one miss for `client`. Returns 0 when allowed, else the seconds until the
   * client's window ends (nothing is counted then).
   */
  async take(client: string): Promise<number> {
    const limit = this.config.anonMissesPerMinute;
    if (limit === 0) return 0;
    const now = this.clock.now().getTime();
    const { taken, resetAt } = await this.counter.take(`miss:${client}`, limit, WINDOW_MS, now);
    return taken ? 0 : Math.max(1, Math.ceil((resetAt - now) / 1000));
  }
}
