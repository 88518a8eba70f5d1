// A small test runner for the browser suites: each test runs in a fresh browser context
// whose console errors and page errors fail it. The order is shuffled with a seed the run
// prints, so no test can lean on another having run first; TEST_SEED=<seed> repeats an
// order. Tests run `workers` at a time (BROWSER_TEST_WORKERS, 1 by default): a test that
// changes what other tests read of the shared board (a setting, a dispatched issue) is
// declared `exclusive` and runs alone.
import assert from 'node:assert/strict';

import { shuffled } from '../seeded-shuffle.mjs';

export { assert };

const tests = [];

/**
 * Registers a test; `fn` receives `{ page, context, board, browser, shots }`.
 * `expectedConsole` lists console errors the test provokes on purpose (Chromium logs every
 * 4xx answer, such as a refused sign-in, as "Failed to load resource"); others still fail it.
 * A pattern is matched against the message followed by " at " and the address it names
 * (for a failed load, the resource's).
 * `contextOptions` adds to the browser context's options (a colour scheme, bypassCSP).
 * `exclusive` runs the test with no other test beside it: for a test that writes to the
 * shared board what others read (settings, thresholds, dispatched issues, alert channels).
 */
export function test(
  name,
  fn,
  {
    timeoutMs = 45_000,
    viewport,
    expectedConsole = [],
    contextOptions = {},
    exclusive = false,
  } = {},
) {
  tests.push({ name, fn, timeoutMs, viewport, expectedConsole, contextOptions, exclusive });
}

/** A seed for the shuffle: TEST_SEED when set, otherwise a fresh one. */
export function testSeed(env = process.env) {
  const given = env.TEST_SEED;
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed)) throw new Error(`TEST_SEED must be an integer, got ${given}`);
    return seed;
  }
  return Math.floor(Math.random() * 2 ** 31);
}

function withTimeout(promise, ms, name) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s: ${name}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * How many tests run at once: BROWSER_TEST_WORKERS, or 1. Two at a time took about 700 s
 * instead of 820; the default stays at one until two at a time has passed a full CI since
 * the runner began waiting for the shared board's enrichments (`filledIn`).
 */
export function workerCount(env = process.env) {
  const given = Number(env.BROWSER_TEST_WORKERS ?? 1);
  if (!Number.isSafeInteger(given) || given < 1) {
    throw new Error(
      `BROWSER_TEST_WORKERS must be a positive integer, got ${env.BROWSER_TEST_WORKERS}`,
    );
  }
  return given;
}

/**
 * Runs the registered tests (those whose name contains `filter`) in the seed's order,
 * `workers` at a time; an exclusive test waits for the running ones to end and runs alone.
 */
export async function runTests({ browser, board, shots, filter, seed, workers = 1 }) {
  const counts = { passed: 0, failed: 0 };
  const queue = shuffled(
    tests.filter((t) => !filter || t.name.includes(filter)),
    seed,
  );
  const running = new Set();
  while (queue.length > 0) {
    const next = queue[0];
    const room = next.exclusive ? running.size === 0 : running.size < workers;
    if (!room) {
      await Promise.race(running);
      continue;
    }
    queue.shift();
    const run = runOne(next, { browser, board, shots }).then((passed) => {
      counts[passed ? 'passed' : 'failed'] += 1;
      running.delete(run);
    });
    running.add(run);
    if (next.exclusive) await run;
  }
  await Promise.all(running);
  return counts;
}

/** Runs one test in a context of its own; prints its line and resolves whether it passed. */
async function runOne(t, { browser, board, shots }) {
  const context = await browser.newContext({
    viewport: t.viewport ?? { width: 1366, height: 900 },
    colorScheme: 'light',
    reducedMotion: 'reduce',
    ...t.contextOptions,
  });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const seen = `${message.text()} at ${message.location().url ?? ''}`;
    if (t.expectedConsole.some((pattern) => pattern.test(seen))) return;
    problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const started = Date.now();
  try {
    await withTimeout(t.fn({ page, context, board, browser, shots }), t.timeoutMs, t.name);
    if (problems.length) throw new Error(problems.join('\n'));
    console.log(`  ✓ ${t.name} (${Date.now() - started} ms)`);
    return true;
  } catch (error) {
    // One block of output, so a test ending beside another keeps its lines together.
    const lines = [
      `  ✗ ${t.name} (${Date.now() - started} ms)`,
      indent(error?.stack ?? String(error)),
    ];
    if (problems.length && !String(error?.message).includes(problems[0])) {
      lines.push(indent(problems.join('\n')));
    }
    console.log(lines.join('\n'));
    await page
      .screenshot({ path: shots.path(`FAILED-${slug(t.name)}.png`) })
      .catch(() => undefined);
    return false;
  } finally {
    await context.close();
  }
}

const indent = (text) =>
  text
    .split('\n')
    .slice(0, 30)
    .map((line) => `      ${line}`)
    .join('\n');

export const slug = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
