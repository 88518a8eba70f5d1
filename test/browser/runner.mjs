// A small test runner for the browser suites: tests run one after another, each in a
// fresh browser context whose console errors and page errors fail the test. The order is
// shuffled with a seed the run prints, so no test can lean on another having run first;
// TEST_SEED=<seed> repeats an order.
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
 */
export function test(
  name,
  fn,
  { timeoutMs = 45_000, viewport, expectedConsole = [], contextOptions = {} } = {},
) {
  tests.push({ name, fn, timeoutMs, viewport, expectedConsole, contextOptions });
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

/** Runs the registered tests (those whose name contains `filter`) in the seed's order. */
export async function runTests({ browser, board, shots, filter, seed }) {
  let passed = 0;
  let failed = 0;
  const chosen = tests.filter((t) => !filter || t.name.includes(filter));
  for (const t of shuffled(chosen, seed)) {
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
      passed += 1;
      console.log(`  ✓ ${t.name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed += 1;
      console.log(`  ✗ ${t.name} (${Date.now() - started} ms)`);
      console.log(indent(error?.stack ?? String(error)));
      if (problems.length && !String(error?.message).includes(problems[0])) {
        console.log(indent(problems.join('\n')));
      }
      await page
        .screenshot({ path: shots.path(`FAILED-${slug(t.name)}.png`) })
        .catch(() => undefined);
    } finally {
      await context.close();
    }
  }
  return { passed, failed };
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
