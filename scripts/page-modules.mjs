// After `ng build --stats-json`: for each page a visit can start on, the chunks its route
// loads (the page's own chunk and every chunk that one imports, less those index.html
// already preloads), written to `page-modules.json` beside the built app. The board names
// them as module preloads in that page's index answer, so the browser fetches the page's
// code together with the app's instead of after the app has started.
//   node scripts/page-modules.mjs dist/client
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Page paths (under the base path) and the entry files their routes load, in order. */
export const PAGE_ENTRIES = {
  '': ['client/src/app/user/dashboard/dashboard.page.ts'],
  tasks: ['client/src/app/user/tasks/tasks.page.ts'],
  credits: ['client/src/app/user/credits/credits.page.ts'],
  repos: ['client/src/app/user/repos/repos.page.ts'],
  'admin/dashboard': [
    'client/src/app/admin/admin.routes.ts',
    'client/src/app/admin/overview/overview.page.ts',
  ],
};

export function pageModules(outputDir) {
  const stats = JSON.parse(readFileSync(join(outputDir, 'stats.json'), 'utf8'));
  // Both languages' bundles have the same files under the same names; the source's tells.
  const html = readFileSync(join(outputDir, 'browser', 'en', 'index.html'), 'utf8');
  const initial = new Set(
    [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1].replace(/^\.\//, '')),
  );
  const outputs = Object.entries(stats.outputs).filter(([file]) => file.endsWith('.js'));
  const name = (file) => file.split('/').pop();
  const byName = new Map(outputs.map(([file, info]) => [name(file), info]));
  // esbuild names each lazy chunk's entry point; after the chunk optimizer (which merges
  // chunks) only the inputs are left, so the chunk holding the entry file stands in.
  const chunkOf = new Map(
    outputs.filter(([, i]) => i.entryPoint).map(([f, i]) => [i.entryPoint, name(f)]),
  );
  for (const entry of Object.values(PAGE_ENTRIES).flat()) {
    if (chunkOf.has(entry)) continue;
    const holder = outputs.find(([file, info]) => !initial.has(name(file)) && entry in info.inputs);
    if (holder) chunkOf.set(entry, name(holder[0]));
  }

  const pages = {};
  for (const [page, entries] of Object.entries(PAGE_ENTRIES)) {
    const files = [];
    const queue = entries.map((entry) => {
      const chunk = chunkOf.get(entry);
      if (!chunk) throw new Error(`no chunk for ${entry}: is it still loaded lazily?`);
      return chunk;
    });
    while (queue.length > 0) {
      const file = queue.shift();
      if (initial.has(file) || files.includes(file)) continue;
      files.push(file);
      for (const imported of byName.get(file)?.imports ?? []) {
        if (imported.kind === 'import-statement') queue.push(name(imported.path));
      }
    }
    pages[page] = files;
  }
  return pages;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outputDir = process.argv[2] ?? 'dist/client';
  if (!existsSync(join(outputDir, 'stats.json'))) {
    console.error(`${outputDir}/stats.json is missing: build with "ng build --stats-json"`);
    process.exit(1);
  }
  const pages = pageModules(outputDir);
  writeFileSync(join(outputDir, 'page-modules.json'), `${JSON.stringify(pages, null, 2)}\n`);
  const counts = Object.entries(pages).map(([p, f]) => `/${p} ${f.length}`);
  console.log(`page modules: ${counts.join(', ')}`);
}
