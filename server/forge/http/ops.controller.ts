import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Access } from '../access/access.decorator';
import { Operational } from './route-config';
import { ForgeMetrics } from './forge-metrics';

/** Liveness and Prometheus metrics; outside rate limits, faults and counts. */
@Controller()
export class OpsController {
  constructor(private readonly metrics: ForgeMetrics) {}

  /** Liveness: the process answers. */
  @Get('healthz')
  @Operational()
  @Access({ open: true })
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Prometheus text format. */
  @Get('metrics')
  @Operational()
  @Access({ open: true })
  async metricsText(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    void reply.type(this.metrics.contentType);
    return this.metrics.render();
  }
}
