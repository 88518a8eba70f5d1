// UI figures against the targets of the board UI issue: the initial JavaScript (main,
// polyfills, styles) as the bytes the board sends a browser (Accept-Encoding: gzip, br)
// against 150 KB, with the raw and gzip file sizes beside them, and the time from
// navigation until the dashboard's cards show data, on a warm cache (board caches filled,
// assets in the browser cache), in headless Chromium. Prints one line per figure; never
// fails: a missing build or browser is reported and the script exits 0.
//   node bench/ui.bench.mjs            (after npm run build)
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { api, missingBuild, root, startBoard } from '../test/browser/harness.mjs';

const CLIENT = join(root, 'dist/client/browser');
const INITIAL_TARGET_KB = 150;
const CARDS_TARGET_MS = 1000;
const RUNS = process.env.BENCH_QUICK === '1' ? 3 : 7;
const CARDS_MARK = 'npc:dashboard-cards';

const kb = (bytes) => (bytes / 1024).toFixed(1);

function line(figure, value, target, unit, ok) {
  const verdict = ok === null ? '' : ok ? '  (within target)' : '  (OVER target)';
  console.log(`${figure}: ${value} ${unit}, target ${target} ${unit}${verdict}`);
}

/** The languages whose bundles the board serves; each is measured. */
const LANGUAGES = ['en', 'zh-CN'];

/**
 * The files a language's index.html loads before anything else: scripts, module
 * preloads, styles, as paths under the board's base path (`zh-CN/main-….js`).
 */
function initialFiles(language) {
  const html = readFileSync(join(CLIENT, language, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g),
  ].map((m) => `${language}/${m[1]}`);
  return [...new Set(refs)];
}

/** Bytes of `url`'s body as sent (compressed, not decoded), and its Content-Encoding. */
function transferred(url) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'none' }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** The initial files as the board sends them to a browser. */
async function transferredFigures(board, language) {
  const files = initialFiles(language);
  let bytes = 0;
  const encodings = new Set();
  for (const file of files) {
    const answer = await transferred(board.url + file);
    bytes += answer.bytes;
    encodings.add(answer.encoding);
  }
  line(
    `${language}: initial JS+CSS transferred (${files.length} files, Content-Encoding ${[...encodings].join(', ')})`,
    kb(bytes),
    INITIAL_TARGET_KB,
    'KB',
    bytes / 1024 <= INITIAL_TARGET_KB,
  );
}

function bundleFigures(language) {
  const files = initialFiles(language);
  let raw = 0;
  let gzip = 0;
  let js = '';
  for (const file of files) {
    const bytes = readFileSync(join(CLIENT, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    if (file.endsWith('.js')) js += bytes.toString('utf8');
  }
  const gzipKb = gzip / 1024;
  console.log(
    `${language}: initial JS+CSS files (main, its preloaded chunks, styles; ${
      files.some((f) => f.includes('/polyfills')) ? 'polyfills' : 'no polyfills when zoneless'
    }): ${kb(raw)} KB raw, ${gzipKb.toFixed(1)} KB gzip -9`,
  );
  // Strings that survive minification, to show what stayed out of the initial bundle.
  const chartJsInitial = js.includes("can't acquire context from the given item");
  const adminInitial = js.includes('Create an issue from a Markdown requirement');
  if (language !== 'en') return;
  console.log(`Chart.js in the initial bundle: ${chartJsInitial ? 'YES' : 'no (lazy chunk)'}`);
  console.log(`admin area in the initial bundle: ${adminInitial ? 'YES' : 'no (lazy chunk)'}`);
}

async function timingFigures() {
  const { chromium } = await import('playwright-core');
  const board = await startBoard();
  let browser;
  try {
    for (const language of LANGUAGES) await transferredFigures(board, language);
    // Warm the board's caches: the figure is about a board in use, not a cold start.
    await Promise.all(
      ['api/meta', 'api/orgs', 'api/credits/history?days=7'].map((p) => api(board, p)),
    );
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const cardsAt = async () => {
      await page.goto(board.url, { waitUntil: 'load' });
      await page.waitForFunction(
        (mark) => performance.getEntriesByName(mark).length > 0,
        CARDS_MARK,
        {
          timeout: 30_000,
        },
      );
      return page.evaluate((mark) => performance.getEntriesByName(mark)[0].startTime, CARDS_MARK);
    };
    const cold = await cardsAt(); // fills the browser cache; reported, not counted
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await cardsAt());
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    line(
      `dashboard cards show data, warm cache (median of ${RUNS}, from navigation start)`,
      median.toFixed(0),
      CARDS_TARGET_MS,
      'ms',
      median <= CARDS_TARGET_MS,
    );
    console.log(
      `dashboard cards, warm runs min ${times[0].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms; first visit (empty browser cache) ${cold.toFixed(0)} ms`,
    );
  } finally {
    await browser?.close();
    await board.stop();
  }
}

try {
  const missing = missingBuild();
  if (missing) {
    console.log(`ui bench skipped: the app is not built (missing ${missing}); run "npm run build"`);
  } else {
    for (const language of LANGUAGES) bundleFigures(language);
    await timingFigures();
  }
} catch (error) {
  console.log(`ui bench stopped early: ${error?.message ?? error}`);
}
process.exitCode = 0;
