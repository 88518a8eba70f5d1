// `npm run bench`: every benchmark in turn. Each prints its figures against references
// measured in the same run; a failing or slow benchmark is reported, never fatal.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../scripts/build-if-stale.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
// `--quick`: every benchmark's short mode (bench/lib.mjs QUICK), the set within QUICK_TOTAL_MS.
const quick = args.includes('--quick');
const named = args.filter((arg) => arg !== '--quick');
const benches =
  named.length > 0
    ? named
    : [
        'forge-issues.bench.mjs',
        'forge-git.bench.mjs',
        'board-api.bench.mjs',
        'board-refresh.bench.mjs',
        'board-first-run.bench.mjs',
        'board-scale.bench.mjs',
        'board-runs.bench.mjs',
        'board-memory.bench.mjs',
        'board-events.bench.mjs',
        'ui.bench.mjs',
        // Mobile preset only here; `npm run bench:ui` adds the desktop one.
        'lighthouse.bench.mjs',
      ];
const LIMIT_MS = 5 * 60_000;
/** Benchmarks with a cap of their own. */
const LIMITS_MS = { 'board-scale.bench.mjs': 4 * 60_000, 'board-first-run.bench.mjs': 7 * 60_000 };
/**
 * The quick set's time in all, above the sum of the shares below; a benchmark not started within
 * it is named, not run.
 */
const QUICK_TOTAL_MS = 5 * 60_000;
/**
 * Each benchmark's share of it, so that one slow run cannot take the others' time; one
 * stopped at its share has printed what it measured by then. The comments give what each
 * took in a quick run on this machine; the shares add up to 280 s.
 */
const QUICK_LIMITS_MS = {
  // 8 s.
  'forge-issues.bench.mjs': 10_000,
  // 11 s.
  'forge-git.bench.mjs': 15_000,
  'board-api.bench.mjs': 38_000,
  // 15 s.
  'board-refresh.bench.mjs': 20_000,
  'board-first-run.bench.mjs': 44_000,
  // 4 s.
  'board-scale.bench.mjs': 6_000,
  // 50 repositories, 25 simulated minutes and three samples: about 14 s.
  'board-runs.bench.mjs': 17_000,
  // Its idle figure is read 30 s after the board starts; about 43 s in all.
  'board-memory.bench.mjs': 48_000,
  // 9 s.
  'board-events.bench.mjs': 12_000,
  // 6 s.
  'ui.bench.mjs': 10_000,
  // The reference (built on first use, about 10 s) and one page in two languages: 30-57 s.
  'lighthouse.bench.mjs': 60_000,
};
const deadline = Date.now() + QUICK_TOTAL_MS;

// Benchmarks run the built applications.
buildIfStale('server');

/**
 * Runs one benchmark in a process group of its own, so that stopping it at its time limit
 * (or on Ctrl-C) also stops the board, forge and browser it started; they go with it once it
 * ends too, whatever it left behind.
 */
function run(file, limitMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], {
      stdio: 'inherit',
      detached: true,
      env: quick ? { ...process.env, BENCH_QUICK: '1' } : process.env,
    });
    const stopGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      stopGroup();
    }, limitMs);
    const interrupted = () => {
      stopGroup();
      process.exit(130);
    };
    process.once('SIGINT', interrupted);
    child.once('exit', (status, signal) => {
      clearTimeout(timer);
      process.off('SIGINT', interrupted);
      stopGroup();
      resolve({ status, signal, timedOut });
    });
  });
}

for (const name of benches) {
  const file = join(here, name);
  if (!existsSync(file)) {
    console.log(`${name}: missing`);
    continue;
  }
  const left = deadline - Date.now();
  if (quick && left <= 0) {
    console.log(`${name}: not run, the quick set's ${QUICK_TOTAL_MS / 1000} s are spent`);
    continue;
  }
  console.log(`--- ${name}${quick ? ' (quick)' : ''}`);
  const limitMs = quick
    ? Math.min(left, QUICK_LIMITS_MS[name] ?? 30_000)
    : (LIMITS_MS[name] ?? LIMIT_MS);
  const startedAt = Date.now();
  const result = await run(file, limitMs);
  const took = `${Math.round((Date.now() - startedAt) / 1000)} s`;
  if (result.timedOut)
    console.log(`${name}: stopped at its limit of ${Math.round(limitMs / 1000)} s`);
  else if (result.status !== 0)
    console.log(
      `${name}: exited with ${result.status ?? result.signal} after ${took}; figures above are partial`,
    );
  else console.log(`${name}: ${took}`);
}
