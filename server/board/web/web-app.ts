import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LANGUAGES, type Language } from '@shared/board/languages';
import {
  bodyFor,
  indexAnswers,
  localizeIndex,
  withBundlePrefix,
  type IndexAnswer,
} from './index-page';
import { LANGUAGE_VARY, pageLanguage } from './language';
import { negotiateEncoding } from '../common/compression';
import { registerCompression, registerStaticAssets } from './static-assets';

/** Content Security Policy of the board's pages: no inline script, nothing from elsewhere. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // No inline event handlers, whatever reaches the page.
  scriptSrcAttr: ["'none'"],
  // Angular Material and the CDK set inline styles at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * Security headers for every answer, compression of answers made in memory, the built
 * Angular app (precompressed) under the base path, and the SPA fallback: an unmatched GET
 * outside `api/` that wants HTML gets the index page, so a reload on `/tasks?org=x` works.
 * Without a built app, the fallback explains how to build it.
 *
 * The build makes one bundle per language, each in its own folder of `clientDir`
 * (`en/`, `zh-CN/`), served as `<base>en/…` and `<base>zh-CN/…`. Every page address
 * serves either: the index answer is the one of the viewer's language
 * (`./language.ts`), and says so in `Content-Language` and `Vary`.
 */
export async function registerWebApp(
  app: NestFastifyApplication,
  basePath: string,
  clientDir: string,
  /** Origins images may come from besides the board (organization avatars). */
  imageOrigins: readonly string[] = [],
  /** The language of a viewer whose browser asks for none the board speaks. */
  defaultLanguage: Language = 'en',
): Promise<SpaFallback> {
  const headers = securityHeaders(imageOrigins);
  const server = app.getHttpAdapter().getInstance();
  server.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });

  registerCompression(server);
  const languages = LANGUAGES.filter((language) =>
    fs.existsSync(path.join(clientDir, language, 'index.html')),
  );
  const built = languages.length > 0;
  if (built) await registerStaticAssets(server, clientDir, basePath, `${languages[0]}/`);
  const pageModules = path.join(clientDir, '..', 'page-modules.json');
  const notBuilt = indexAnswers(notBuiltPage(), null, basePath);
  const indexes = new Map<Language, (pagePath: string) => IndexAnswer>(
    languages.map((language) => {
      const dir = path.join(clientDir, language);
      const prefix = `${language}/`;
      const built = fs
        .readFileSync(path.join(dir, 'index.html'), 'utf8')
        .replace(/<base href="[^"]*"\s*\/?>/, `<base href="${basePath}">`);
      const html = withBundlePrefix(localizeIndex(built, language), prefix);
      return [language, indexAnswers(html, { dir, pageModules, prefix, language }, basePath)];
    }),
  );

  const apiPrefix = `${basePath}api/`;
  return (request, reply) => {
    const url = request.url.split('?')[0];
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const accept = request.headers.accept ?? '';
    if (
      !wantsPage ||
      !url.startsWith(basePath) ||
      url.startsWith(apiPrefix) ||
      url === apiPrefix.slice(0, -1)
    ) {
      return false;
    }
    if (!accept.includes('text/html') && !accept.includes('*/*') && accept !== '') return false;
    // A missing script or stylesheet is a 404, not the index page.
    if (/\.[A-Za-z0-9]{1,8}$/.test(url)) return false;
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const language = built ? pageLanguage(request.headers, languages, defaultLanguage) : null;
    const index = (language ? indexes.get(language)! : notBuilt)(url.slice(basePath.length));
    // With a query the page asks for other answers than the preloaded ones.
    if (index.link && !request.url.includes('?')) void reply.header('Link', index.link);
    void reply
      .status(built ? 200 : 503)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', `accept-encoding, ${LANGUAGE_VARY}`);
    if (language) void reply.header('Content-Language', language);
    if (encoding) void reply.header('Content-Encoding', encoding);
    void reply.send(bodyFor(index, encoding));
    return true;
  };
}

function notBuiltPage(): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>NPC Board</title></head>',
    '<body><h1>NPC Board</h1><p>The web app is not built yet. Run <code>npm run build</code>,',
    'or start the board with <code>npm start</code>, which builds what is missing.</p></body></html>',
  ].join('\n');
}

/**
 * Helmet's security headers, computed once: they are the same for every answer, and
 * setting a prepared object costs far less per request than running the middleware.
 */
export function securityHeaders(imageOrigins: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) =>
      (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        imgSrc: [...CONTENT_SECURITY_POLICY.imgSrc, ...imageOrigins],
      },
    },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, response, () => undefined);
  return headers;
}
