import { Controller, Get, Header, HttpCode, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PlatformClient } from '../platform/platform-client';
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

  /** Ready when the platform answers and the store can be written. */
  @Get('readyz')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<object> {
    const [platform, store] = await Promise.all([
      this.platform.getCurrentUser().then(
        () => ({ ok: true }),
        (error: Error) => ({ ok: false, error: error.message }),
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
