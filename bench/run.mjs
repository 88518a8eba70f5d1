// `npm run bench`: every benchmark in turn. Each prints its figures against references
// measured in the same run; a failing or slow benchmark is reported, never fatal.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../scripts/build-if-stale.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const benches =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : [
        'forge-issues.bench.mjs',
        'forge-git.bench.mjs',
        'board-api.bench.mjs',
        'board-refresh.bench.mjs',
        'board-scale.bench.mjs',
        'board-memory.bench.mjs',
        'ui.bench.mjs',
        // Mobile preset only here; `npm run bench:ui` adds the desktop one.
        'lighthouse.bench.mjs',
      ];
const LIMIT_MS = 5 * 60_000;
/** Benchmarks with a cap of their own. */
const LIMITS_MS = { 'board-scale.bench.mjs': 4 * 60_000 };

// Benchmarks run the built applications.
buildIfStale('server');

for (const name of benches) {
  const file = join(here, name);
  if (!existsSync(file)) {
    console.log(`${name}: missing`);
    continue;
  }
  console.log(`--- ${name}`);
  const result = spawnSync(process.execPath, [file], {
    stdio: 'inherit',
    timeout: LIMITS_MS[name] ?? LIMIT_MS,
  });
  if (result.error) console.log(`${name}: stopped (${result.error.message})`);
  else if (result.status !== 0)
    console.log(`${name}: exited with ${result.status}; figures above are partial`);
}
