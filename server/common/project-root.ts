import * as fs from 'node:fs';
import * as path from 'node:path';

let cached: string | null = null;

/**
 * The folder holding the project's package.json, found from this file's location so it
 * is the same whether the code runs from `dist/` or from the sources under jest.
 */
export function projectRoot(): string {
  if (cached) return cached;
  let dir = __dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'npc-board'
    ) {
      cached = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No npc-board package.json above ${__dirname}`);
    dir = parent;
  }
}

/** The built forge entry point, as `npm run build` writes it. */
export function forgeEntry(): string {
  return path.join(projectRoot(), 'dist', 'server', 'server', 'forge', 'main.js');
}

/** The built Angular app, as `npm run build` writes it. */
export function clientDir(): string {
  return path.join(projectRoot(), 'dist', 'client', 'browser');
}

/** The project's version, from package.json. */
export function projectVersion(): string {
  return (
    JSON.parse(fs.readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
}
