import { Controller, Get, Header, HttpCode, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { upstreamFailureMessage } from '../common/upstream-failures';
import { PlatformClient } from '../platform/platform-client';
import { PlatformUnauthorizedError } from '../platform/platform.errors';
import { FullLoad } from '../budget/full-load-estimate';
import { BoardStore } from '../store/board-store';
import { BoardMetrics } from '../metrics/board-metrics';

/** Liveness, readiness and Prometheus metrics. */
@ApiExcludeController()
@Controller()
export class OpsController {
  constructor(
    private readonly metrics: BoardMetrics,
    private readonly store: BoardStore,
    private readonly platform: PlatformClient,
    private readonly fullLoad: FullLoad,
  ) {}

  @Get('healthz')
  @HttpCode(200)
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * Ready when the platform answers with the board's token accepted and the store can be
   * written. `checks.platform.auth` says whether the platform accepts the token.
   * `checks.budget` compares the estimated calls of one full load with the hourly budget;
   * it informs and never makes the board unready.
   */
  @Get('readyz')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<object> {
    const [platform, store] = await Promise.all([
      this.platform.getCurrentUser().then(
        () => ({ ok: true, auth: 'accepted' }),
        (error: Error) => ({
          ok: false,
          auth: error instanceof PlatformUnauthorizedError ? 'refused' : 'unknown',
          error: upstreamFailureMessage(error) ?? error.message,
        }),
      ),
      this.store.isWritable().then((ok) => ({ ok })),
    ]);
    const ready = platform.ok && store.ok;
    void reply.status(ready ? 200 : 503);
    const load = this.fullLoad.estimate();
    const budget = {
      ok: load.calls <= load.limit,
      full_load_calls: load.calls,
      max_calls_per_hour: load.limit,
      ...(load.calls > load.limit
        ? {
            warning:
              'One full load needs more platform calls than PLATFORM_MAX_CALLS_PER_HOUR: ' +
              'the caches cannot all be filled within an hour',
          }
        : {}),
    };
    return { status: ready ? 'ready' : 'not ready', checks: { platform, store, budget } };
  }

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  async prometheus(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
