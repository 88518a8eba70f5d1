// `npm run test:browser`: the built board and forge with the demo seed, driven by Debian's
// Chromium through playwright-core. Prints one line per test, the screenshot folder, and a
// closing "N passed, N failed"; exits non-zero on any failure.
//   node test/browser/run.mjs [name filter]     SCREENSHOT_DIR=… to choose the folder,
//   BROWSER_TEST_WORKERS=2 to run two tests at a time
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

import { filledIn, root, startBoard } from './harness.mjs';
import { runTests, testSeed, workerCount } from './runner.mjs';

// The order of these imports does not matter: the runner shuffles the tests.
import './a11y.test.mjs';
import './admin.test.mjs';
import './admin-ops.test.mjs';
import './core-first.test.mjs';
import './dispatch-guard.test.mjs';
import './alerts.test.mjs';
import './credits-repos.test.mjs';
import './credits-repos-ops.test.mjs';
import './csv.test.mjs';
import './dashboard.test.mjs';
import './first-visit.test.mjs';
import './i18n.test.mjs';
import './lanes.test.mjs';
import './npcs.test.mjs';
import './layout.test.mjs';
import './live.test.mjs';
import './raw-words.test.mjs';
import './runs.test.mjs';
import './stale.test.mjs';
import './tasks.test.mjs';
import './tasks-attention.test.mjs';
import './time-zone.test.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const started = Date.now();
const shotDir = resolve(process.env.SCREENSHOT_DIR ?? join(root, 'test-results', 'browser'));
mkdirSync(shotDir, { recursive: true });
const shots = {
  dir: shotDir,
  path: (name) => join(shotDir, name),
  /**
   * The whole page, from the top: a full-page shot of a scrolled page draws the sticky
   * top bar over the middle of the content.
   */
  fullPage: async (page, name) => {
    await page.evaluate(() => globalThis.scrollTo(0, 0));
    await page.screenshot({ path: join(shotDir, name), fullPage: true });
  },
};

// Screenshots of an earlier run would pass for this run's; only our own folder is cleared,
// and only once this run can take new ones.
function clearOldScreenshots() {
  if (process.env.SCREENSHOT_DIR) return;
  for (const file of readdirSync(shotDir).filter((f) => f.endsWith('.png'))) {
    rmSync(join(shotDir, file));
  }
}
const boardLog = [];
let board = null;
let browser = null;
let counts = { passed: 0, failed: 0 };
const seed = testSeed();
const workers = workerCount();
console.log(`test order seed ${seed} (TEST_SEED=${seed} repeats this order), ${workers} at a time`);

async function cleanUp() {
  await browser?.close().catch(() => undefined);
  await board?.stop().catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));
}

try {
  board = await startBoard({
    log: (line) => boardLog.push(line),
    env: {
      // The alerts test sends to a receiver of its own on loopback.
      ALERTS_ALLOW_HTTP: 'true',
      ALERTS_ALLOW_PRIVATE_HOSTS: 'true',
      // One board serves every test of the suite, about ninety in ten minutes: at the
      // default 3,000 calls an hour its background share ran out part-way, and an ended
      // run's bill, a background read, then kept api/runs pending for minutes. The budget
      // itself is tested on boards of its own (core first, the jest suites).
      PLATFORM_MAX_CALLS_PER_HOUR: '30000',
    },
  });
  console.log(`board ${board.url} (forge :${board.forgePort}, seed epoch ${board.epoch})`);
  await filledIn(board);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  clearOldScreenshots();
  counts = await runTests({ browser, board, shots, filter: process.argv[2], seed, workers });
} catch (error) {
  counts.failed += 1;
  console.log(`  ✗ setting up: ${error?.stack ?? error}`);
  if (boardLog.length) console.log(boardLog.slice(-30).join('\n'));
} finally {
  await cleanUp();
}

console.log(`screenshots: ${shotDir}`);
console.log(`browser tests took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exitCode = counts.failed > 0 || counts.passed === 0 ? 1 : 0;
