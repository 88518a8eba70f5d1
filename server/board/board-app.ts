import { Logger, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { FastifyServerFactory } from 'fastify';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { clientDir as builtClientDir } from '../common/project-root';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { OpenApiDocument } from './meta/openapi.controller';
import { projectVersion } from '../common/project-root';
import { BoardModule, BoardModuleOptions } from './board.module';
import { FreshHits } from './cache/fresh-hits';
import { RefreshAhead } from './cache/refresh-ahead';
import { RouteCacheInterceptor } from './cache/route-cache.interceptor';
import { BoardExceptionFilter, boardErrorBody } from './common/board-exception.filter';
import { withCode } from './common/error-code';
import { KnownQueryGuard } from './common/known-query.guard';
import { NO_ROUTE_SCHEMAS } from './common/no-route-schemas';
import { parseQueryString } from './common/query-string';
import { BoardValidationPipe } from './common/validation';
import { InvalidError } from '../common/errors';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../common/json-depth';
import { UpstreamBudget } from './budget/upstream-budget';
import { BoardConfig } from './config/board-config';
import { PlatformConnection } from './connection/platform-connection';
import { BoardMetrics } from './metrics/board-metrics';
import { PlatformHttp } from './platform/platform-http';
import { registerWebApp, securityHeaders } from './web/web-app';

export interface BoardAppOptions extends BoardModuleOptions {
  /** Where the built Angular app is; defaults to `dist/client/browser`. */
  clientDir?: string;
  logger?: LoggerService | false;
}

/**
 * Request ids unique across replicas and restarts: a random prefix per process and a
 * counter, far cheaper per request than a UUID.
 */
function requestIds(): () => string {
  const prefix = randomBytes(6).toString('base64url');
  let next = 0;
  return () => `${prefix}-${(next++).toString(36)}`;
}

/**
 * The board's HTTP server, made as Fastify makes its own, with one difference: each
 * request is first offered to `FreshHits` (once the application is built), and goes to
 * Fastify only when no fresh cached answer takes it.
 */
function hitsFirst(hits: () => FreshHits | null): FastifyServerFactory {
  return (fastifyHandler, fastifyOptions) => {
    // Fastify has filled in its defaults by now.
    const options = fastifyOptions as {
      http?: ServerOptions;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
    };
    const server = createServer(
      options.http ?? {},
      (request: IncomingMessage, response: ServerResponse) => {
        if (hits()?.serve(request, response)) return;
        fastifyHandler(request, response);
      },
    );
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    return server;
  };
}

/** Largest request body the board accepts (the dispatch form is the biggest). */
const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Build the board application, initialised and ready to listen. `main.ts` and the
 * end-to-end tests both start the board through here.
 */
export async function createBoardApp(
  config: BoardConfig,
  connection: PlatformConnection,
  options: BoardAppOptions = {},
): Promise<NestFastifyApplication> {
  // Fresh cached answers leave from the HTTP server's handler, before Fastify (`FreshHits`);
  // the rest, and every request until the application is built, go to Fastify.
  let freshHits: FreshHits | null = null;
  const adapter = new FastifyAdapter({
    serverFactory: hitsFirst(() => freshHits),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    requestIdHeader: 'x-request-id',
    genReqId: requestIds(),
    routerOptions: { querystringParser: parseQueryString },
    schemaController: NO_ROUTE_SCHEMAS,
  });
  refuseDeepJson(adapter);
  const app = await NestFactory.create<NestFastifyApplication>(
    BoardModule.forRoot(config, connection, options),
    adapter,
    // JSON bodies go through `refuseDeepJson`'s parser, not Nest's.
    { logger: options.logger ?? undefined, abortOnError: false, bodyParser: false },
  );

  const basePath = config.basePath;
  if (basePath !== '/') app.setGlobalPrefix(basePath.slice(0, -1));

  const platformOrigin = connection.available ? new URL(connection.webUrl).origin : null;
  const spaFallback = await registerWebApp(
    app,
    basePath,
    options.clientDir ?? builtClientDir(),
    platformOrigin ? [platformOrigin] : [],
    config.boardLanguage,
  );
  if (!connection.available) {
    // Every API route explains what to configure instead of failing one by one.
    const apiPrefix = `${basePath}api`;
    const body = (requestId: string): object =>
      boardErrorBody(503, connection.reason, requestId, 'platform_not_configured');
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onRequest', async (request, reply) => {
        const url = request.url.split('?')[0];
        if (url === apiPrefix || url.startsWith(`${apiPrefix}/`)) {
          return reply
            .status(503)
            .header('Cache-Control', 'no-store')
            .send(body(String(request.id)));
        }
      });
  }

  // Fresh cached answers held in this process leave before Fastify; those held in Redis
  // leave from here, before routing; misses take the whole pipeline.
  if (connection.available) {
    const hits = app.get(FreshHits);
    hits.sendWith(securityHeaders(platformOrigin ? [platformOrigin] : []));
    freshHits = hits;
  }
  const routeCache = app.get(RouteCacheInterceptor);
  const ahead = app.get(RefreshAhead);
  const platform = app.get(PlatformHttp);
  // A viewer who joins background work (a refresh in flight) takes its queued calls along.
  app.get(UpstreamBudget).onBoost(() => platform.recheckLanes());
  app.get(BoardMetrics).watchHolds(() => platform.holdsExpired);
  const apiPrefix = `${basePath}api/`;
  const streams = `${apiPrefix}events`;
  const holds = new WeakMap<object, () => void>();
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.startsWith(apiPrefix)) return;
    if (await routeCache.serveFresh(request, reply)) return reply;
    // A viewer's answer is being built: background calls wait until it has gone out (a
    // rebuild ahead is background work itself; a change stream stays open).
    if (ahead.isRebuild(request.headers) || request.url.startsWith(streams)) return;
    const release = platform.holdBackground();
    holds.set(request, release);
    // A client that goes away before its answer ends the hold too.
    reply.raw.once('close', release);
  });
  fastify.addHook('onResponse', (request, _reply, done) => {
    holds.get(request)?.();
    done();
  });
  // The sync cycle rebuilds answers ahead through the whole pipeline, without a socket.
  ahead.useSelfRequest(
    async (url, headers) => (await fastify.inject({ method: 'GET', url, headers })).statusCode,
  );

  logRequests(app, apiPrefix);
  app.useGlobalFilters(new BoardExceptionFilter(spaFallback));
  app.useGlobalGuards(new KnownQueryGuard());
  app.useGlobalPipes(
    new BoardValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }),
  );
  app
    .get(OpenApiDocument)
    .builtBy(() =>
      SwaggerModule.createDocument(
        app,
        new DocumentBuilder()
          .setTitle('NPC Board API')
          .setDescription("The board's own routes: a caching proxy over the platform API.")
          .setVersion(projectVersion())
          .build(),
      ),
    );
  app.enableShutdownHooks();
  await app.init();
  return app;
}

/**
 * JSON bodies nested deeper than `MAX_JSON_DEPTH` are a 400 before they are parsed or
 * validated; the rest go to Fastify's own parser (which refuses prototype poisoning).
 */
function refuseDeepJson(adapter: FastifyAdapter): void {
  const fastify = adapter.getInstance();
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string)) {
      done(
        new InvalidError(
          `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`,
          withCode('json_too_deep', { max: MAX_JSON_DEPTH }),
        ),
        undefined,
      );
      return;
    }
    void parse(request, body as string, done);
  });
}

/**
 * One structured line per API request: request id, route, status, duration. Fresh cache
 * hits are left out (they are counted in /metrics): they are the bulk of the traffic and
 * say nothing new. Headers are never logged, so no token can leak here.
 */
function logRequests(app: NestFastifyApplication, apiPrefix: string): void {
  const logger = new Logger('Request');
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onResponse', (request, reply, done) => {
      if (request.url.startsWith(apiPrefix) && reply.getHeader('x-cache') !== 'HIT') {
        logger.log({
          request_id: request.id,
          method: request.method,
          route: request.routeOptions.url ?? request.url.split('?')[0],
          status: reply.statusCode,
          duration_ms: Math.round(reply.elapsedTime),
        });
      }
      done();
    });
}
