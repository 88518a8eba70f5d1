import * as fs from 'node:fs';
import * as path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { PRODUCT_NAMES, type Language } from '@shared/board/languages';
import { PAGE_HEADINGS, type PageHeading } from '@shared/board/page-headings';
import type { Encoding } from '../common/compression';

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

/** One language's built app, as the index answers of that language name its files. */
export interface BuiltBundle {
  /** The folder of the language's build (`dist/client/browser/zh-CN`). */
  dir: string;
  /** `page-modules.json`, the same for every language (the builds share file names). */
  pageModules: string;
  /** Where the bundle's files are under the base path: `zh-CN/`. */
  prefix: string;
  language: Language;
}

/**
 * The index page as each deep link gets it, made once at start: the chunks of the page's
 * route named as module preloads (from `page-modules.json`, which the client build writes
 * beside the app; without it every page gets the plain index), its data in the `Link`
 * header, compressed both ways. A user page also gets its first screen in the bundle's
 * language; when the build has the first screen's loader, the page's app code (its module
 * preloads and the app's module script) waits in a `<template>` until that screen is
 * painted (`client/src/first-screen.ts`). `bundle` null: the app is not built, and `html`
 * is the page that says so, with nothing to preload.
 */
export function indexAnswers(
  html: string,
  bundle: BuiltBundle | null,
  basePath: string,
): (pagePath: string) => IndexAnswer {
  const modules = bundle ? readPageModules(bundle.pageModules) : {};
  const prefix = bundle?.prefix ?? '';
  const font = bundle ? builtFile(bundle.dir, 'media', FIRST_SCREEN_FONT) : null;
  const loader = bundle ? builtFile(bundle.dir, '', FIRST_SCREEN_LOADER) : null;
  // The polyfills (the locale's data) and then the app: both wait, in this order.
  const appScripts = html.match(APP_SCRIPTS) ?? [];
  const make = (page: string | null): IndexAnswer => {
    const files = page === null ? [] : (modules[page] ?? []);
    const links = files
      .map((file) => `<link rel="modulepreload" href="${prefix}${file}">`)
      .join('');
    const heading = page === null || !bundle ? undefined : headingOf(page, bundle.language);
    let body: string;
    if (!heading) {
      body = links ? html.replace('</head>', `${links}</head>`) : html;
    } else {
      body = html
        // First in the head, so the font is not queued behind anything else.
        .replace('<title>', font ? `${fontPreload(prefix + font)}<title>` : '<title>')
        .replace('<body>', `<body>${firstScreen(heading, bundle!.language)}`);
      body =
        loader && appScripts.length > 0
          ? appScripts
              .reduce((rest, script) => rest.replace(script, ''), body)
              .replace(
                '</body>',
                `${appAfterFirstScreen(links + appScripts.join(''), prefix + loader)}</body>`,
              )
          : body.replace('</head>', `${links}</head>`);
    }
    const data = page === null || !bundle ? undefined : PAGE_DATA[page];
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

/** The app's module scripts as the Angular build writes them into `index.html`. */
const APP_SCRIPTS = /<script src="[\w./-]+\.js" type="module"><\/script>/g;

/**
 * The index page of a language's build with its own files (scripts, module preloads,
 * stylesheets) named under the bundle's folder, `zh-CN/main-AB12CD34.js`: both builds
 * use the same names for different contents, and every page address serves either
 * language, so a file's address must say which. Lazy chunks follow, being imported
 * relative to the module that imports them, and so do the stylesheet's fonts.
 */
export function withBundlePrefix(html: string, prefix: string): string {
  return html.replace(
    /(<(?:script|link)\b[^>]*?\b(?:src|href)=")([\w.-]+\.(?:js|css))"/g,
    `$1${prefix}$2"`,
  );
}
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

function headingOf(page: string, language: Language): PageHeading | undefined {
  const headings = PAGE_HEADINGS[language];
  return Object.hasOwn(headings, page) ? headings[page as keyof typeof headings] : undefined;
}

/**
 * The texts `client/src/index.html` carries before the app starts (the app's own are in
 * its translation files), by their English source. A source text changed without its
 * translation here is left in English; `index-page.spec.ts` reads the real file.
 */
export const INDEX_TEXTS: Readonly<Record<Exclude<Language, 'en'>, Record<string, string>>> = {
  'zh-CN': {
    '<title>NPC Board</title>': '<title>NPC 看板</title>',
    'NPC tasks, credit balances and repository health across organizations.':
      '跨组织查看 NPC 任务、积分余额和仓库健康度。',
    'NPC Board draws its pages with JavaScript: turn it on for this site and reload the page.':
      'NPC 看板的页面由 JavaScript 绘制：请为本站启用 JavaScript 后重新加载页面。',
  },
};

/** `index.html` with its own texts in `language`. */
export function localizeIndex(html: string, language: Language): string {
  if (language === 'en') return html;
  let text = html;
  for (const [source, translation] of Object.entries(INDEX_TEXTS[language])) {
    text = text.replace(source, translation);
  }
  return text;
}

/**
 * The page's first screen as plain HTML, shown while the app starts: a bar like the top
 * bar and the page's heading and summary where the page will show them, styled by the
 * global stylesheet (`.app-shell` in `styles.scss`). The app stays hidden until its first
 * page is drawn, then removes this (`client/src/main.ts`), so the page's text is painted
 * as soon as the HTML and the stylesheet are in, not after the app's code has run. Hidden
 * from assistive technology: the app's own page follows within moments.
 */
export function firstScreen(heading: PageHeading, language: Language = 'en'): string {
  return (
    '<div class="app-shell" aria-hidden="true">' +
    '<div class="app-shell-bar"><span class="app-shell-brand">' +
    '<img src="favicon.svg" alt="" width="28" height="28">' +
    `<span class="app-shell-name">${PRODUCT_NAMES[language]}</span></span></div>` +
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
