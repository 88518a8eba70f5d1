import { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { BODY_LIMIT_BYTES, registerBodyParsers } from './http/body-parsers';
import { Clock, RandomSource } from './common/clock';
import { decodeNamespaceSlashes } from './http/encoded-slash';
import { ForgeExceptionFilter } from './http/forge-exception.filter';
import { ForgeMetrics } from './http/forge-metrics';
import { ForgeValidationPipe } from './http/forge-validation.pipe';
import { registerRequestHooks } from './http/request-hooks';
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

export { BODY_LIMIT_BYTES };

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
    // Ids such as long label names travel in the path; a collection path may end in `/`.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // `{repo}` with its slash percent-encoded routes like the plain path.
    rewriteUrl: (request: { url?: string }) => decodeNamespaceSlashes(request.url ?? '/'),
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    ForgeModule.forRoot(config, { clock: options.clock, random: options.random, mode: 'serve' }),
    adapter,
    // The forge's own parsers (http/body-parsers.ts) replace Nest's.
    { logger: options.logger ?? undefined, abortOnError: false, bodyParser: false },
  );
  registerBodyParsers(app.getHttpAdapter().getInstance());
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

/** The admin token of a created forge application. */
export function forgeAdminToken(app: NestFastifyApplication): string {
  return app.get(ForgeBootstrap).adminToken;
}
