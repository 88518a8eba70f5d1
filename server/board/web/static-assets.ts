import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_FROM_BYTES, compressed, negotiateEncoding } from '../common/compression';

/**
 * Hashed build outputs never change under the same name: `main-AB12CD34.js`, and the
 * chunks the optimizer names with URL-safe base64 (`chunk-8G0i-8VU.js`, `chunk-C_YyQ92m.js`).
 */
const HASHED_ASSET = /-[A-Za-z0-9_-]{8}\.(js|css|woff2?|ttf|svg|png)(\.br|\.gz)?$/;

/** Media types worth compressing; images, fonts and archives are compressed already. */
const COMPRESSIBLE = /^(application\/(json|javascript|xml|manifest\+json)|text\/|image\/svg\+xml)/;

/** Longest path the static route looks up; the build's names are far shorter. */
const MAX_FILE_PATH = 256;
/** A segment of a built file's name: no encoded separators, no dot segments, nothing odd. */
const FILE_SEGMENT = /^[A-Za-z0-9_@+~-][A-Za-z0-9._@+~-]*$/;
/** The last segment names a file: it has an extension. */
const FILE_NAME = /\.[A-Za-z0-9]{1,8}$/;

/**
 * The file a request path names under `prefix`, or null when the path cannot be one of the
 * app's files: outside the prefix, under `api/`, not canonical (empty, `.` or `..` segments,
 * percent-encoded characters, backslashes) or without an extension (a page's address, which
 * the SPA fallback answers). The static route then hands the request to the not-found
 * handler instead of letting `@fastify/static` refuse it with an error of its own.
 */
export function appFilePath(url: string, prefix: string): string | null {
  const pathname = url.split('?', 1)[0];
  if (!pathname.startsWith(prefix) || pathname.length > prefix.length + MAX_FILE_PATH) return null;
  const relative = pathname.slice(prefix.length);
  const segments = relative.split('/');
  if (segments[0] === 'api') return null;
  if (!segments.every((segment) => FILE_SEGMENT.test(segment))) return null;
  return FILE_NAME.test(relative) ? relative : null;
}

/**
 * The built app's files under `prefix`. Every text file has `.br` and `.gz` siblings
 * written at build time (`scripts/precompress.mjs`); the one the client accepts is sent
 * with `Content-Encoding` and `Vary: Accept-Encoding`. Hashed files are cached for a year.
 *
 * One route for every file, looked up on disk when asked for (a route per file held about
 * 2 MB of routing state for the build's files and their compressed siblings). It answers
 * only paths that can name a file (`appFilePath`); the rest, and a missing file, go to the
 * not-found handler: a 404 under `api/`, the SPA fallback elsewhere.
 */
export async function registerStaticAssets(
  server: FastifyInstance,
  root: string,
  prefix: string,
  /**
   * The folder of the files asked for outside any folder (`favicon.svg`), which every
   * language's bundle has alike: the first bundle's.
   */
  topLevelDir = '',
): Promise<void> {
  await server.register(fastifyStatic, {
    root,
    serve: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, file) => {
      void reply.header(
        'Cache-Control',
        HASHED_ASSET.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  server.get(`${prefix}*`, (request, reply) => {
    const file = appFilePath(request.url, prefix);
    if (file === null) return reply.callNotFound();
    return reply.sendFile(file.includes('/') ? file : topLevelDir + file);
  });
}

/**
 * Compresses answers made in memory (API JSON, the index page, the OpenAPI document) for
 * clients that accept it, from `COMPRESS_FROM_BYTES` up. Answers that already carry an
 * encoding (the route cache's gzip copies) and streamed files (precompressed above) pass
 * as they are. The compressed forms of recent answers are kept, since cached answers are
 * sent again and again.
 */
export function registerCompression(server: FastifyInstance): void {
  server.addHook(
    'onSend',
    async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (reply.getHeader('content-encoding') !== undefined) return payload;
      if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) {
        return payload;
      }
      const type = String(reply.getHeader('content-type') ?? '');
      if (!COMPRESSIBLE.test(type)) return payload;
      if (Buffer.byteLength(payload) < COMPRESS_FROM_BYTES) return payload;
      appendVary(reply);
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      void reply.header('content-encoding', encoding);
      void reply.removeHeader('content-length');
      return compressed(payload, encoding);
    },
  );
}

function appendVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    void reply.header('vary', 'accept-encoding');
    return;
  }
  const value = String(current);
  if (value === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(value)) return;
  void reply.header('vary', `${value}, accept-encoding`);
}
