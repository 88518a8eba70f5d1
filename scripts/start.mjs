// Starts the board (`npm start`) or the forge alone (`npm run forge`), after building
// whatever is missing or older than its sources, so a fresh clone needs no extra step.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOARD_NODE_FLAGS, boardNodeEnv } from './board-node-flags.mjs';
import { buildIfStale, root } from './build-if-stale.mjs';

const app = process.argv[2];
const entries = {
  board: join(root, 'dist/server/server/board/main.js'),
  forge: join(root, 'dist/server/server/forge/main.js'),
};
if (!(app in entries)) {
  console.error(`usage: node scripts/start.mjs board|forge [args…] (got "${app ?? ''}")`);
  process.exit(2);
}

// Flags an operator gave (on the command line or in NODE_OPTIONS) win over the board's own.
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
const flagName = (flag) => flag.split('=')[0];
const missing = BOARD_NODE_FLAGS.filter(
  (flag) => !given.some((other) => flagName(other) === flagName(flag)),
);
const missingEnv =
  app === 'board'
    ? Object.entries(boardEnvOrExit()).filter(([name]) => !(name in process.env))
    : [];
if (app === 'board' && (missing.length > 0 || missingEnv.length > 0)) {
  // Heap sizes and the allocator's settings are fixed when a process starts: run this
  // script again with them, passing signals on and leaving with the board's exit code.
  const child = spawn(
    process.execPath,
    [...process.execArgv, ...missing, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, ...Object.fromEntries(missingEnv) } },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  run();
}

function run() {
  buildIfStale('server');
  if (app === 'board') buildIfStale('client');

  if (!existsSync(entries[app])) {
    console.error(`${entries[app]} is missing after the build.`);
    process.exit(1);
  }
  // The entry is CommonJS; run it in this process so signals reach it directly, with the
  // arguments it would see if started as `node <entry> …`.
  process.argv = [process.argv[0], entries[app], ...process.argv.slice(3)];
  createRequire(import.meta.url)(entries[app]);
}

function boardEnvOrExit() {
  try {
    return boardNodeEnv();
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
}
