// After `ng build`: bundles the first screen's loader (`client/src/first-screen.loader.ts`)
// into one small classic script beside the app, named by its content's hash like the
// app's own files (so the board sends it as immutable). The board names it in a user
// page's index answer (`server/board/web/index-page.ts`).
// Each language's bundle gets its copy (the same file): a page names its bundle's files.
//   node scripts/first-screen-loader.mjs dist/client/browser/en dist/client/browser/zh-CN
import { createHash } from 'node:crypto';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

export const LOADER_NAME = /^first-screen-[A-Z0-9]{8}\.js$/;

export async function buildLoader(outDir) {
  const result = await build({
    entryPoints: [join(root, 'client/src/first-screen.loader.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8).toUpperCase();
  for (const old of readdirSync(outDir).filter((name) => LOADER_NAME.test(name))) {
    rmSync(join(outDir, old));
  }
  const name = `first-screen-${hash}.js`;
  writeFileSync(join(outDir, name), code);
  return { name, bytes: code.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/first-screen-loader.mjs <bundle folder>...');
    process.exit(2);
  }
  for (const dir of dirs) {
    const { name, bytes } = await buildLoader(dir);
    console.log(`first screen loader: ${dir}/${name}, ${bytes} bytes`);
  }
}
