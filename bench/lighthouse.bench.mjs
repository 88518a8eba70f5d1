// Lighthouse on the built board in demo mode: performance score, LCP, TBT, CLS and bytes
// transferred on a first visit (empty browser cache, warm board caches) of the four user
// pages and the admin overview, next to a minimal Angular page built with the same builder
// and served by the board's static file serving in the same run. Debian's Chromium; the
// `lighthouse` package's own presets. Prints one line per page; never fails.
//   node bench/lighthouse.bench.mjs                 mobile preset (as in npm run bench)
//   node bench/lighthouse.bench.mjs mobile desktop  both presets (as in npm run bench:ui)
// LIGHTHOUSE_RUNS=3 takes the median of three runs per page (default 1).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
  { name: '/admin/dashboard', path: 'admin/dashboard', admin: true },
];
/** The issue's targets for every user page on the mobile preset. */
const TARGET = { performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

const presets = process.argv.slice(2).filter((a) => a === 'mobile' || a === 'desktop');
if (presets.length === 0) presets.push('mobile');

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
async function audit(browser, lighthouse, config, url, sessionToken) {
  const page = await browser.newPage();
  try {
    const flags = { logLevel: 'error', output: 'json', onlyCategories: ['performance'] };
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
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const bytesOf = (type) =>
      requests
        .filter((r) => r.resourceType === type)
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcpMs: lhr.audits['first-contentful-paint'].numericValue,
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      bytes: lhr.audits['total-byte-weight'].numericValue,
      scriptBytes: bytesOf('Script'),
      fontBytes: bytesOf('Font'),
      requests: requests.length,
      finalUrl: lhr.finalDisplayedUrl,
      error: lhr.runtimeError?.message,
    };
  } finally {
    await page.close().catch(() => undefined);
  }
}

function summarise(runs) {
  const pick = (key) => median(runs.map((r) => r[key]));
  return {
    performance: pick('performance'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    bytes: pick('bytes'),
    scriptBytes: pick('scriptBytes'),
    fontBytes: pick('fontBytes'),
    requests: pick('requests'),
    finalUrl: runs[0].finalUrl,
    error: runs.find((r) => r.error)?.error,
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;

function printLine(preset, name, f, checkTargets) {
  const misses = [];
  if (checkTargets) {
    if (f.performance < TARGET.performance) misses.push('performance');
    if (f.lcpMs > TARGET.lcpMs) misses.push('LCP');
    if (f.tbtMs > TARGET.tbtMs) misses.push('TBT');
    if (f.cls >= TARGET.cls) misses.push('CLS');
  }
  const verdict = !checkTargets
    ? ''
    : misses.length
      ? `  (OVER target: ${misses.join(', ')})`
      : '  (within targets)';
  console.log(
    `lighthouse ${preset} ${name.padEnd(16)} performance ${String(f.performance).padStart(3)}, ` +
      `FCP ${s(f.fcpMs)}, LCP ${s(f.lcpMs)}, TBT ${f.tbtMs.toFixed(0)} ms, CLS ${f.cls.toFixed(3)}, ` +
      `transferred ${kb(f.bytes)} (scripts ${kb(f.scriptBytes)}, fonts ${kb(f.fontBytes)}, ` +
      `${f.requests} requests)${verdict}${f.error ? `; error: ${f.error}` : ''}`,
  );
}

async function main() {
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
    for (const page of PAGES) {
      await warm.goto(board.url + page.path, { waitUntil: 'networkidle0', timeout: 60_000 });
    }
    await warm.close();

    for (const preset of presets) {
      const config = preset === 'desktop' ? desktopConfig : undefined;
      const targets = [
        ...(reference ? [{ name: 'reference', url: reference.url }] : []),
        ...PAGES.map((p) => ({ ...p, url: board.url + p.path })),
      ];
      for (const target of targets) {
        try {
          const runs = [];
          for (let i = 0; i < RUNS; i++) {
            runs.push(
              await audit(
                browser,
                lighthouse,
                config,
                target.url,
                target.admin ? board.adminToken : null,
              ),
            );
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
