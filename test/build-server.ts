import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

/**
 * Build `dist/server` when it is older than its sources. Suites that run the built
 * applications (demo mode) call this first, so `npm test` works on a fresh clone.
 */
export function buildServerIfStale(): void {
  const root = path.join(__dirname, '..');
  const result = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('./scripts/build-if-stale.mjs'); m.buildIfStale('server', { quiet: true });",
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], timeout: 300_000 },
  );
  if (result.status !== 0) throw new Error(`building the server failed (exit ${result.status})`);
}
