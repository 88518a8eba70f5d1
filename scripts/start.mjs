// Starts the board (`npm start`) or the forge alone (`npm run forge`), after building
// whatever is missing or older than its sources, so a fresh clone needs no extra step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const app = process.argv[2];
const entries = {
  board: join(root, 'dist/server/server/board/main.js'),
  forge: join(root, 'dist/server/server/forge/main.js'),
};
if (!(app in entries)) {
  console.error(`usage: node scripts/start.mjs board|forge [args…] (got "${app ?? ''}")`);
  process.exit(2);
}

/** Newest modification time below the given files and folders (0 when none exist). */
function newest(paths) {
  let latest = 0;
  for (const path of paths.map((p) => join(root, p))) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
        if (entry.isFile() && !entry.name.endsWith('.spec.ts')) {
          latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
        }
      }
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  }
  return latest;
}

function buildIfStale(name, output, inputs, script) {
  const built = existsSync(join(root, output)) ? statSync(join(root, output)).mtimeMs : 0;
  if (built >= newest(inputs)) return;
  console.log(`Building the ${name} (npm run ${script})…`);
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Building the ${name} failed; see the output above.`);
    process.exit(result.status ?? 1);
  }
}

const common = ['shared', 'tsconfig.json', 'package-lock.json'];
buildIfStale(
  'server',
  'dist/server/server/board/main.js',
  ['server', 'nest-cli.json', 'tsconfig.server.json', ...common],
  'build:server',
);
if (app === 'board') {
  buildIfStale(
    'web app',
    'dist/client/browser/index.html',
    ['client/src', 'client/public', 'angular.json', 'tsconfig.app.json', ...common],
    'build:client',
  );
}

if (!existsSync(entries[app])) {
  console.error(`${entries[app]} is missing after the build.`);
  process.exit(1);
}
// The entry is CommonJS; run it in this process so signals reach it directly, with the
// arguments it would see if started as `node <entry> …`.
process.argv = [process.argv[0], entries[app], ...process.argv.slice(3)];
createRequire(import.meta.url)(entries[app]);
