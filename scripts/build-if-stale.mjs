// Build the server or the web app when its output is missing or older than its sources.
// Used by the start script and by the test setup, so a fresh clone needs no extra step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const common = ['shared', 'tsconfig.json', 'package-lock.json'];
export const targets = {
  server: {
    output: 'dist/server/server/board/main.js',
    inputs: ['server', 'nest-cli.json', 'tsconfig.server.json', ...common],
    script: 'build:server',
  },
  client: {
    // Written last by `build:client`, after both languages' bundles.
    output: 'dist/client/page-modules.json',
    inputs: ['client/src', 'client/public', 'angular.json', 'tsconfig.app.json', ...common],
    script: 'build:client',
  },
};

/** Newest modification time below the given files and folders (0 when none exist). */
function newest(paths) {
  let latest = 0;
  for (const path of paths.map((p) => join(root, p))) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs);
      continue;
    }
    for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && !entry.name.endsWith('.spec.ts')) {
        latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
      }
    }
  }
  return latest;
}

/** Build `name` (`server` or `client`) if stale; exits the process when the build fails. */
export function buildIfStale(name, { quiet = false } = {}) {
  const { output, inputs, script } = targets[name];
  const built = existsSync(join(root, output)) ? statSync(join(root, output)).mtimeMs : 0;
  if (built >= newest(inputs)) return false;
  if (!quiet) console.log(`Building the ${name} (npm run ${script})…`);
  const result = spawnSync('npm', ['run', '--silent', script], {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  if (result.status !== 0) {
    console.error(`Building the ${name} failed; see the output above.`);
    process.exit(result.status ?? 1);
  }
  return true;
}

// As a command: `node scripts/build-if-stale.mjs server client`.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const name of process.argv.slice(2)) {
    if (!(name in targets)) {
      console.error(`unknown target "${name}" (server, client)`);
      process.exit(2);
    }
    buildIfStale(name);
  }
}
