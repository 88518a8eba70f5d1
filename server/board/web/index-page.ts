import * as fs from 'node:fs';
import * as path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Encoding } from './static-assets';

/**
 * The API answers a page asks for first, by the page's path under the base path, when its
 * address has no query (filters in the query change what the page asks for). The index
 * answer names them in a `Link: rel=preload` header, so the browser fetches them while it
 * downloads the app's code instead of after starting it. Only requests the app makes
 * exactly so belong here (same URL, same-origin fetch, no admin token), or the browser
 * fetches twice. The per-organization answers of the credits and repositories pages wait
 * for `api/orgs`, which is why that one is preloaded there.
 */
export const PAGE_DATA: Readonly<Record<string, readonly string[]>> = {
  '': ['api/meta', 'api/orgs', 'api/credits/history?days=7'],
  tasks: ['api/meta', 'api/orgs', 'api/issues?npc=true'],
  credits: ['api/meta', 'api/orgs'],
  repos: ['api/meta', 'api/orgs'],
  'admin/dashboard': ['api/meta', 'api/orgs'],
};

/** One variant of the index page, ready to send. */
export interface IndexAnswer {
  html: string;
  br: Buffer;
  gzip: Buffer;
  /** The `Link` header with the page's data preloads, if it has any. */
  link: string | null;
}

/**
 * The index page as each deep link gets it, made once at start: the chunks of the page's
 * route named as module preloads (from `page-modules.json`, which the client build writes
 * beside the app; without it every page gets the plain index), its data in the `Link`
 * header, compressed both ways. `clientDir` null: the app is not built, and `html` is
 * the page that says so, with nothing to preload.
 */
export function indexAnswers(
  html: string,
  clientDir: string | null,
  basePath: string,
): (pagePath: string) => IndexAnswer {
  const modules = clientDir ? readPageModules(path.join(clientDir, '..', 'page-modules.json')) : {};
  const make = (page: string | null): IndexAnswer => {
    const files = page === null ? [] : (modules[page] ?? []);
    const links = files.map((file) => `<link rel="modulepreload" href="${file}">`).join('');
    const body = links ? html.replace('</head>', `${links}</head>`) : html;
    const data = page === null || !clientDir ? undefined : PAGE_DATA[page];
    return {
      html: body,
      br: brotliCompressSync(body),
      gzip: gzipSync(body, { level: 9 }),
      link: data
        ? data.map((p) => `<${basePath}${p}>; rel=preload; as=fetch; crossorigin`).join(', ')
        : null,
    };
  };
  const plain = make(null);
  const pages = new Map(
    [...new Set([...Object.keys(modules), ...Object.keys(PAGE_DATA)])].map((p) => [p, make(p)]),
  );
  return (pagePath) => pages.get(pagePath.replace(/\/+$/, '')) ?? plain;
}

/** Sends one variant in the encoding the client accepts. */
export function bodyFor(answer: IndexAnswer, encoding: Encoding | null): string | Buffer {
  return encoding ? answer[encoding] : answer.html;
}

function readPageModules(file: string): Record<string, string[]> {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    const safe: Record<string, string[]> = {};
    for (const [page, files] of Object.entries(parsed)) {
      // Only the build's own chunk names reach the page.
      if (Array.isArray(files) && files.every((f) => /^[\w.-]+\.js$/.test(String(f)))) {
        safe[page] = files.map(String);
      }
    }
    return safe;
  } catch {
    return {};
  }
}
