import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../common/json-depth';
import type { ForgeRouteConfig } from './route-config';

/** Largest JSON body the forge reads (git transport and uploads stream instead). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** A JSON body nested past MAX_JSON_DEPTH: refused with 400 before parsing or validation. */
export class JsonTooDeepError extends Error {
  readonly statusCode = 400;
  readonly code = 'FORGE_JSON_TOO_DEEP';

  constructor() {
    super(`body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

function streams(request: FastifyRequest): boolean {
  return ((request.routeOptions.config ?? {}) as ForgeRouteConfig).stream === true;
}

/** The JSON media types the platform publishes; each may carry parameters such as a charset. */
export const JSON_BODY_TYPES = ['application/json', 'application/vnd.cnb.api+json'] as const;

type Done = (error: Error | null, body?: unknown) => void;

/** Whether text is JSON at all (parsed plainly, only to decide; the safe parser reads it). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Body parsing for the whole forge. JSON routes get Fastify's JSON parser (prototype-
 * poisoning safe) with a 1 MiB limit, an empty JSON body counting as no body (clients
 * send that on DELETE and bodiless POSTs). `application/json` and the platform's
 * `application/vnd.cnb.api+json` are read alike, with or without a charset. A body sent
 * without any Content-Type (clients generated from the published schema do that, as it
 * declares no `consumes` for most operations) is read as JSON when it is JSON, through
 * the same limit, depth check and safe parser; any other body, and any other type, is
 * 415. Streaming routes (git transport, uploads) get their body untouched, whatever its
 * type or size: the handler pipes `request.raw` onward.
 */
export function registerBodyParsers(fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  const readJson = (
    request: FastifyRequest,
    payload: NodeJS.ReadableStream,
    done: Done,
    untyped: boolean,
  ): void => {
    readText(payload, BODY_LIMIT_BYTES).then(
      (text) => {
        if (text.trim() === '') done(null, undefined);
        else if (jsonDepthExceeds(text)) done(new JsonTooDeepError(), undefined);
        else if (untyped && !isJson(text))
          done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(), undefined);
        else void parse(request, text, done);
      },
      (error: Error) => done(error, undefined),
    );
  };
  fastify.removeContentTypeParser(['application/json', 'text/plain']);
  fastify.addContentTypeParser([...JSON_BODY_TYPES], (request, payload, done) => {
    if (streams(request)) return done(null, undefined);
    readJson(request, payload, done, false);
  });
  fastify.addContentTypeParser('*', (request, payload, done) => {
    if (streams(request)) done(null, undefined);
    else if (request.headers['content-type'] === undefined) readJson(request, payload, done, true);
    else done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(), undefined);
  });
}

/** The whole body as text, failing with Fastify's 413 error past `limit` bytes. */
function readText(payload: NodeJS.ReadableStream, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    payload.on('error', (error: Error) => {
      if (!failed) reject(error);
    });
  });
}
