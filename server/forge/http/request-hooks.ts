import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrCode } from '@shared/platform/types';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ForgeConfig } from '../config/forge-config';
import { acceptsJson } from './accept';
import type { ForgeRouteConfig } from './route-config';
import type { Clock, RandomSource } from '../common/clock';
import { sendError } from './forge-errors';
import type { ForgeMetrics } from './forge-metrics';
import { RateLimiter } from './rate-limiter';

export interface RequestHookDeps {
  config: ForgeConfig;
  clock: Clock;
  random: RandomSource;
  metrics: ForgeMetrics;
}

function routeConfig(request: FastifyRequest): ForgeRouteConfig {
  return (request.routeOptions.config ?? {}) as ForgeRouteConfig;
}

/** Rate limits are per token; anonymous callers share one budget per address. */
function rateKey(request: FastifyRequest): string {
  const auth = request.headers.authorization;
  return auth ? `t:${auth}` : `ip:${request.ip}`;
}

/**
 * Cross-cutting behaviour that must run before routing work and also for unknown
 * routes: the Accept check (406), the rate limit (429), injected latency and faults,
 * and the request counter. Plain Fastify hooks, because they need no injection and run
 * on every request. Health and metrics routes are exempt.
 */
export function registerRequestHooks(fastify: FastifyInstance, deps: RequestHookDeps): void {
  const { config, clock, random, metrics } = deps;
  const limiter = config.rateLimit > 0 ? new RateLimiter(config.rateLimit, clock) : null;

  fastify.addHook('onRequest', async (request, reply) => {
    const route = routeConfig(request);
    if (route.operational) return;
    // With extensions off the forge answers as the platform would: such routes do not exist.
    if (route.extension && !config.extensions)
      return sendError(reply, 404, ErrCode.NotFound, 'Not found', {});
    if (
      !route.raw &&
      request.routeOptions.url !== undefined &&
      !acceptsJson(request.headers.accept)
    ) {
      return sendError(
        reply,
        406,
        406,
        'This route answers application/json only; fix the Accept header',
        {
          field: 'accept',
        },
      );
    }
    // Git clients neither back off nor retry like API clients; a clone is two requests.
    if (route.transport) return;
    if (limiter) {
      const decision = limiter.take(rateKey(request));
      if (!decision.allowed) {
        void reply.header('retry-after', String(decision.retryAfterSeconds));
        return sendError(
          reply,
          429,
          429,
          `Rate limit of ${config.rateLimit} requests per minute exceeded`,
          {
            retry_after: decision.retryAfterSeconds,
          },
        );
      }
    }
    if (config.latencyMs > 0) {
      await sleep(config.latencyMs);
      metrics.delayed(config.latencyMs);
    }
    if (config.faultRate > 0 && random.next() < config.faultRate) {
      const status = random.next() < 0.5 ? 500 : 503;
      return sendError(reply, status, status, 'Injected fault (FORGE_FAULT_RATE)', {});
    }
  });

  fastify.addHook('onResponse', async (request, reply) => {
    if (routeConfig(request).operational) return;
    metrics.count(request.routeOptions.url, request.method, reply.statusCode);
  });
}
