// Starts the board (`npm start`) or the forge alone (`npm run forge`), after building
// whatever is missing or older than its sources, so a fresh clone needs no extra step.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
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
