// Lighthouse on the built board in demo mode: performance score, LCP, TBT, CLS and bytes
// transferred on a first visit (empty browser cache, warm board caches) of the four user
// pages and the admin overview, next to a minimal Angular page built with the same builder
// and served by the board's static file serving in the same run. Debian's Chromium; the
// `lighthouse` package's own presets. Prints one line per page; never fails.
//   node bench/lighthouse.bench.mjs                 mobile preset (as in npm run bench)
//   node bench/lighthouse.bench.mjs mobile desktop  both presets (as in npm run bench:ui)
//   node bench/lighthouse.bench.mjs mobile /tasks   only the pages named (and the reference)
// Every page is measured in English and in Chinese (Accept-Language).
// LIGHTHOUSE_RUNS=3 takes the median of three runs per page (default 1).
// LIGHTHOUSE_JSON_DIR=<dir> also writes each run's full Lighthouse report there as JSON.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { precompress } from '../scripts/precompress.mjs';
import { missingBuild, root, startBoard } from '../test/browser/harness.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
const REFERENCE_DIR = join(root, 'dist/bench-reference/browser');
const ADMIN_TOKEN_KEY = 'npcBoard.adminToken';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
const PAGES = [
  { name: '/', path: '' },
  { name: '/tasks', path: 'tasks' },
  { name: '/credits', path: 'credits' },
  { name: '/repos', path: 'repos' },
  { name: '/npcs', path: 'npcs' },
  { name: '/npcs/:handle', path: 'npcs/npc-builder' },
  { name: '/admin/dashboard', path: 'admin/dashboard', admin: true },
];
/** Each page is measured in both languages the board speaks, as a browser set to it asks. */
const ACCEPT_LANGUAGE = { en: 'en-US,en;q=0.9', 'zh-CN': 'zh-CN,zh;q=0.9' };
/** The targets for every user page on the mobile preset (docs/performance.md). */
const TARGET = { performance: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

const JSON_DIR = process.env.LIGHTHOUSE_JSON_DIR;

const args = process.argv.slice(2);
const presets = args.filter((a) => a === 'mobile' || a === 'desktop');
if (presets.length === 0) presets.push('mobile');
const wanted = args.filter((a) => a.startsWith('/'));
const unknown = wanted.filter((name) => !PAGES.some((p) => p.name === name));
// The quick set (BENCH_QUICK=1) measures the repositories page, the user page with the
// longest main-thread work in the full set, in both languages: three audits with the
// reference fit its share of the set's time, eight did not.
const defaultPages =
  process.env.BENCH_QUICK === '1' ? PAGES.filter((p) => p.name === '/repos') : PAGES;
const selectedPages = wanted.length ? PAGES.filter((p) => wanted.includes(p.name)) : defaultPages;

/** Builds and precompresses the reference page when it is missing (about 10 s). */
function buildReference() {
  const index = join(REFERENCE_DIR, 'index.html');
  if (existsSync(index) && existsSync(`${index}.br`)) return true;
  const result = spawnSync('npx', ['ng', 'build', 'bench-reference'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0 || !existsSync(index)) return false;
  precompress(REFERENCE_DIR);
  return true;
}

/**
 * The reference page on its own Fastify server, through the board's compiled static file
 * serving (precompressed assets, same cache headers), with the index page as fallback.
 */
async function startReference() {
  const require = createRequire(import.meta.url);
  const { default: Fastify } = await import('fastify');
  const server = Fastify();
  const staticModule = join(root, 'dist/server/server/board/web/static-assets.js');
  if (existsSync(staticModule)) {
    const { registerCompression, registerStaticAssets } = require(staticModule);
    registerCompression(server);
    await registerStaticAssets(server, REFERENCE_DIR, '/');
  } else {
    await server.register(require('@fastify/static'), {
      root: REFERENCE_DIR,
      prefix: '/',
      wildcard: false,
      index: false,
    });
  }
  const { readFileSync } = await import('node:fs');
  const index = readFileSync(join(REFERENCE_DIR, 'index.html'), 'utf8');
  server.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(index));
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address();
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.close() };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse run of `url` in a fresh tab; returns the figures of its report. */
async function audit(browser, lighthouse, config, url, sessionToken, language) {
  const page = await browser.newPage();
  try {
    const flags = { logLevel: 'error', output: 'json', onlyCategories: ['performance'] };
    // The board sends the bundle of the browser's language (Accept-Language).
    if (language) flags.extraHeaders = { 'Accept-Language': ACCEPT_LANGUAGE[language] };
    if (sessionToken) {
      // The admin pages read the sign-in from this tab's sessionStorage, which Lighthouse's
      // storage reset would clear: set it on a page that loads none of the app, clear the
      // HTTP cache by hand, and keep the storage.
      await page.goto(new URL('favicon.svg', url).href);
      await page.evaluate(
        (key, token) => sessionStorage.setItem(key, token),
        ADMIN_TOKEN_KEY,
        sessionToken,
      );
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      flags.disableStorageReset = true;
    }
    const result = await lighthouse(url, flags, config, page);
    const lhr = result.lhr;
    if (JSON_DIR) {
      mkdirSync(JSON_DIR, { recursive: true });
      const slug = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      const file = `${config ? 'desktop' : 'mobile'}-${slug || 'root'}-${Date.now()}.json`;
      writeFileSync(join(JSON_DIR, file), JSON.stringify(lhr));
    }
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const bytesOf = (type) =>
      requests
        .filter((r) => r.resourceType === type)
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    const missing = {};
    /** An audit's figure, or null with the reason recorded when Lighthouse left it out. */
    const figure = (key, id) => {
      const audit = lhr.audits[id];
      if (typeof audit?.numericValue === 'number') return audit.numericValue;
      missing[key] = !audit
        ? `no ${id} audit`
        : (audit.errorMessage ?? `${id} ${audit.scoreDisplayMode ?? 'without a value'}`);
      return null;
    };
    const score = lhr.categories.performance?.score;
    if (typeof score !== 'number') {
      missing.performance = lhr.runtimeError?.message ?? 'no performance score';
    }
    return {
      performance: typeof score === 'number' ? Math.round(score * 100) : null,
      fcpMs: figure('fcpMs', 'first-contentful-paint'),
      lcpMs: figure('lcpMs', 'largest-contentful-paint'),
      tbtMs: figure('tbtMs', 'total-blocking-time'),
      cls: figure('cls', 'cumulative-layout-shift'),
      bytes: figure('bytes', 'total-byte-weight'),
      scriptBytes: bytesOf('Script'),
      fontBytes: bytesOf('Font'),
      requests: requests.length,
      finalUrl: lhr.finalDisplayedUrl,
      error: lhr.runtimeError?.message,
      missing,
    };
  } finally {
    await page.close().catch(() => undefined);
  }
}

const FIGURES = [
  'performance',
  'fcpMs',
  'lcpMs',
  'tbtMs',
  'cls',
  'bytes',
  'scriptBytes',
  'fontBytes',
  'requests',
];

/** The median of each figure over the runs that have it; the reasons of those that lack it. */
function summarise(runs) {
  // The failed runs' figures are left out when another run has them.
  const figures = { finalUrl: runs[0].finalUrl, error: runs.find((r) => r.error)?.error };
  const missing = {};
  for (const key of FIGURES) {
    const values = runs.map((r) => r[key]).filter((v) => typeof v === 'number');
    figures[key] = values.length ? median(values) : null;
    if (!values.length) missing[key] = runs.find((r) => r.missing?.[key])?.missing[key];
  }
  figures.missing = missing;
  // A failed run whose figures the other runs made up for is not worth a mention.
  if (Object.keys(missing).length === 0) figures.error = undefined;
  return figures;
}

/** `format(value)`, or "n/a" with the reason Lighthouse gave for leaving the figure out. */
function shown(f, key, format) {
  const value = f[key];
  if (typeof value === 'number') return format(value);
  const reason = f.missing?.[key] ?? 'not measured';
  // A failed run's error is printed once, at the end of the line.
  return f.error && reason.includes(f.error) ? 'n/a' : `n/a (${reason})`;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;

function printLine(preset, name, f, checkTargets) {
  const misses = [];
  if (checkTargets) {
    // A figure Lighthouse left out cannot be within its target.
    const num = (v) => (typeof v === 'number' ? v : NaN);
    if (!(num(f.performance) >= TARGET.performance)) misses.push('performance');
    if (!(num(f.lcpMs) <= TARGET.lcpMs)) misses.push('LCP');
    if (!(num(f.tbtMs) <= TARGET.tbtMs)) misses.push('TBT');
    if (!(num(f.cls) < TARGET.cls)) misses.push('CLS');
  }
  const verdict = !checkTargets
    ? ''
    : misses.length
      ? `  (OVER target: ${misses.join(', ')})`
      : '  (within targets)';
  console.log(
    `lighthouse ${preset} ${name.padEnd(16)} performance ${shown(f, 'performance', (v) => String(v).padStart(3))}, ` +
      `FCP ${shown(f, 'fcpMs', s)}, LCP ${shown(f, 'lcpMs', s)}, ` +
      `TBT ${shown(f, 'tbtMs', (v) => `${v.toFixed(0)} ms`)}, CLS ${shown(f, 'cls', (v) => v.toFixed(3))}, ` +
      `transferred ${shown(f, 'bytes', kb)} (scripts ${kb(f.scriptBytes)}, fonts ${kb(f.fontBytes)}, ` +
      `${f.requests} requests)${verdict}${f.error ? `; error: ${f.error}` : ''}`,
  );
}

async function main() {
  if (unknown.length) {
    console.log(
      `lighthouse bench: no page ${unknown.join(', ')}; pages: ${PAGES.map((p) => p.name).join(', ')}`,
    );
    return;
  }
  const missing = missingBuild();
  if (missing) {
    console.log(`lighthouse bench skipped: the app is not built (missing ${missing})`);
    return;
  }
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  // puppeteer-core comes with lighthouse, which drives Chromium through it.
  const lighthouseRequire = createRequire(
    createRequire(import.meta.url).resolve('lighthouse/package.json'),
  );
  const puppeteer = lighthouseRequire('puppeteer-core');
  const referenceBuilt = buildReference();
  const board = await startBoard();
  const reference = referenceBuilt ? await startReference() : null;
  let browser;
  try {
    browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    // Warm the board's caches with one visit per page: the figures are about the front
    // end on a board in use, not about the first upstream fetch after a start.
    const warm = await browser.newPage();
    await warm.goto(new URL('favicon.svg', board.url).href);
    await warm.evaluate(
      (key, token) => sessionStorage.setItem(key, token),
      ADMIN_TOKEN_KEY,
      board.adminToken,
    );
    for (const page of selectedPages) {
      // An open page keeps one connection, its change stream (/api/events): the network
      // goes quiet but never idle.
      await warm.goto(board.url + page.path, { waitUntil: 'networkidle2', timeout: 60_000 });
    }
    await warm.close();

    for (const preset of presets) {
      const config = preset === 'desktop' ? desktopConfig : undefined;
      const targets = [
        ...(reference ? [{ name: 'reference', url: reference.url }] : []),
        ...Object.keys(ACCEPT_LANGUAGE).flatMap((language) =>
          selectedPages.map((p) => ({
            ...p,
            name: `${p.name} ${language}`,
            language,
            url: board.url + p.path,
          })),
        ),
      ];
      for (const target of targets) {
        try {
          const runs = [];
          const token = target.admin ? board.adminToken : null;
          for (let i = 0; i < RUNS; i++) {
            const once = () =>
              audit(browser, lighthouse, config, target.url, token, target.language);
            let run = await once();
            // Lighthouse asks for another run when it could not record the trace
            // (NO_NAVSTART and the like); one more try, then the failure is reported.
            if (run.error) run = await once();
            runs.push(run);
          }
          const figures = summarise(runs);
          if (target.admin && !figures.finalUrl.includes('/admin/dashboard')) {
            figures.error = `ended on ${figures.finalUrl}, not the overview`;
          }
          printLine(
            preset,
            target.name,
            figures,
            preset === 'mobile' && target.name !== 'reference' && !target.admin,
          );
        } catch (error) {
          console.log(`lighthouse ${preset} ${target.name}: failed (${error?.message ?? error})`);
        }
      }
    }
    if (!reference) console.log('lighthouse reference page: not built, left out');
    console.log(
      `targets on the mobile preset for the user pages: performance >= ${TARGET.performance}, ` +
        `LCP <= ${s(TARGET.lcpMs)}, TBT <= ${TARGET.tbtMs} ms, CLS < ${TARGET.cls}` +
        (RUNS > 1 ? `; medians of ${RUNS} runs` : '; one run per page'),
    );
  } finally {
    await browser?.close().catch(() => undefined);
    await reference?.stop();
    await board.stop();
  }
}

try {
  await main();
} catch (error) {
  console.log(`lighthouse bench stopped early: ${error?.message ?? error}`);
}
process.exitCode = 0;
