import * as fs from 'node:fs';
import * as path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { PAGE_HEADINGS, type PageHeading } from '@shared/board/page-headings';
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
 * header, compressed both ways. A user page also gets its first screen; when the build
 * has the first screen's loader, the page's app code (its module preloads and the app's
 * module script) waits in a `<template>` until that screen is painted
 * (`client/src/first-screen.ts`). `clientDir` null: the app is not built, and `html` is
 * the page that says so, with nothing to preload.
 */
export function indexAnswers(
  html: string,
  clientDir: string | null,
  basePath: string,
): (pagePath: string) => IndexAnswer {
  const modules = clientDir ? readPageModules(path.join(clientDir, '..', 'page-modules.json')) : {};
  const font = clientDir ? builtFile(clientDir, 'media', FIRST_SCREEN_FONT) : null;
  const loader = clientDir ? builtFile(clientDir, '', FIRST_SCREEN_LOADER) : null;
  const appScript = APP_SCRIPT.exec(html)?.[0];
  const make = (page: string | null): IndexAnswer => {
    const files = page === null ? [] : (modules[page] ?? []);
    const links = files.map((file) => `<link rel="modulepreload" href="${file}">`).join('');
    const heading = page === null || !clientDir ? undefined : headingOf(page);
    let body: string;
    if (!heading) {
      body = links ? html.replace('</head>', `${links}</head>`) : html;
    } else {
      body = html
        // First in the head, so the font is not queued behind anything else.
        .replace('<title>', font ? `${fontPreload(font)}<title>` : '<title>')
        .replace('<body>', `<body>${firstScreen(heading)}`);
      body =
        loader && appScript
          ? body.replace(appScript, appAfterFirstScreen(links + appScript, loader))
          : body.replace('</head>', `${links}</head>`);
    }
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

/** The app's module script as the Angular build writes it into `index.html`. */
const APP_SCRIPT = /<script src="[\w.-]+\.js" type="module"><\/script>/;
/** The built Roboto file the first screen is drawn in (its name carries the build's hash). */
const FIRST_SCREEN_FONT = /^roboto-latin-400-normal-[\w-]+\.woff2$/;
/** The first screen's loader, written by `scripts/first-screen-loader.mjs`. */
const FIRST_SCREEN_LOADER = /^first-screen-[A-Z0-9]{8}\.js$/;

/**
 * The app's code held back in a `<template>` (inert: nothing in it is fetched) and the
 * loader that puts it into the page once the first screen is painted. The loader is
 * deferred, so it runs after the page is parsed, and small: it is the one script fetched
 * before that paint.
 */
function appAfterFirstScreen(appCode: string, loader: string): string {
  return `<template id="app-code">${appCode}</template><script src="${loader}" defer></script>`;
}

function headingOf(page: string): PageHeading | undefined {
  return Object.hasOwn(PAGE_HEADINGS, page)
    ? PAGE_HEADINGS[page as keyof typeof PAGE_HEADINGS]
    : undefined;
}

/**
 * The page's first screen as plain HTML, shown while the app starts: a bar like the top
 * bar and the page's heading and summary where the page will show them, styled by the
 * global stylesheet (`.app-shell` in `styles.scss`). The app stays hidden until its first
 * page is drawn, then removes this (`client/src/main.ts`), so the page's text is painted
 * as soon as the HTML and the stylesheet are in, not after the app's code has run. Hidden
 * from assistive technology: the app's own page follows within moments.
 */
export function firstScreen(heading: PageHeading): string {
  return (
    '<div class="app-shell" aria-hidden="true">' +
    '<div class="app-shell-bar"><span class="app-shell-brand">' +
    '<img src="favicon.svg" alt="" width="28" height="28">' +
    '<span class="app-shell-name">NPC Board</span></span></div>' +
    '<div class="app-shell-main"><header class="page-header">' +
    `<h1>${escapeHtml(heading.title)}</h1><p class="summary">${escapeHtml(heading.summary)}</p>` +
    '</header></div></div>'
  );
}

/** The path of the one file in `dir` (under the built app) whose name matches, if any. */
function builtFile(clientDir: string, dir: string, name: RegExp): string | null {
  try {
    const file = fs.readdirSync(path.join(clientDir, dir)).find((entry) => name.test(entry));
    return file ? path.posix.join(dir, file) : null;
  } catch {
    return null;
  }
}

function fontPreload(file: string): string {
  return `<link rel="preload" href="${file}" as="font" type="font/woff2" crossorigin>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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
