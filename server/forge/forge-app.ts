import { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { Clock, RandomSource } from './common/clock';
import { ForgeExceptionFilter } from './common/forge-exception.filter';
import { ForgeMetrics } from './common/forge-metrics';
import { ForgeValidationPipe } from './common/forge-validation.pipe';
import { registerRequestHooks } from './common/request-hooks';
import { ForgeConfig } from './config/forge-config';
import { ForgeBootstrap } from './forge-bootstrap';
import { ForgeModule } from './forge.module';

export interface ForgeAppOptions {
  logger?: LoggerService | false;
  /** Injected time (tests, simulations); the wall clock otherwise. */
  clock?: Clock;
  /** Injected randomness for fault injection. */
  random?: RandomSource;
}

/** Largest request body the forge reads (JSON API; git transport in part 2 streams). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Build the forge application, initialised (admin token ready, seed done) but not yet
 * listening. `main.ts` and the test harness both start the forge through here.
 */
export async function createForgeApp(
  config: ForgeConfig,
  options: ForgeAppOptions = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    // Ids such as long label names travel in the path.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    ForgeModule.forRoot(config, { clock: options.clock, random: options.random, mode: 'serve' }),
    adapter,
    // The JSON parser below replaces Nest's, so that an empty body is "no body".
    { logger: options.logger ?? undefined, abortOnError: false, bodyParser: false },
  );
  registerJsonParser(app.getHttpAdapter().getInstance());
  registerRequestHooks(app.getHttpAdapter().getInstance(), {
    config,
    clock: app.get(Clock),
    random: app.get(RandomSource),
    metrics: app.get(ForgeMetrics),
  });
  app.useGlobalFilters(new ForgeExceptionFilter());
  app.useGlobalPipes(new ForgeValidationPipe());
  await app.init();
  return app;
}

/**
 * Fastify's JSON parser (prototype-poisoning safe), except that an empty body with a
 * JSON content type counts as no body: clients send that on DELETE and bodiless POSTs.
 */
function registerJsonParser(fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  // Only JSON bodies: anything else is answered 415 instead of reaching validation as text.
  fastify.removeContentTypeParser(['application/json', 'text/plain']);
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') done(null, undefined);
      else parse(request, text, done);
    },
  );
}

/** The admin token of a created forge application. */
export function forgeAdminToken(app: NestFastifyApplication): string {
  return app.get(ForgeBootstrap).adminToken;
}
