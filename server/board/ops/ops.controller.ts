import { Controller, Get, Header, HttpCode, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { upstreamFailureMessage } from '../common/upstream-failures';
import { PlatformClient } from '../platform/platform-client';
import { PlatformUnauthorizedError } from '../platform/platform.errors';
import { BoardStore } from '../store/board-store';
import { BoardMetrics } from './board-metrics';

/** Liveness, readiness and Prometheus metrics. */
@ApiExcludeController()
@Controller()
export class OpsController {
  constructor(
    private readonly metrics: BoardMetrics,
    private readonly store: BoardStore,
    private readonly platform: PlatformClient,
  ) {}

  @Get('healthz')
  @HttpCode(200)
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * Ready when the platform answers with the board's token accepted and the store can be
   * written. `checks.platform.auth` says whether the platform accepts the token.
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
    return { status: ready ? 'ready' : 'not ready', checks: { platform, store } };
  }

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  async prometheus(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
