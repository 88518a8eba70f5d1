// Writes `.br` and `.gz` beside every text file of a built web app, so the server sends
// them as they are (brotli at its best quality, gzip at level 9) instead of compressing
// each answer. Run after `ng build`: `node scripts/precompress.mjs dist/client/browser`.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

export function precompress(dir) {
  let files = 0;
  let raw = 0;
  let brotli = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const bytes = readFileSync(file);
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    files += 1;
    raw += bytes.length;
    brotli += br.length;
  }
  return { files, raw, brotli };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/precompress.mjs <folder>...');
    process.exit(2);
  }
  for (const dir of dirs) {
    const { files, raw, brotli } = precompress(dir);
    console.log(
      `precompressed ${files} files in ${dir}: ${(raw / 1024).toFixed(0)} KB, ${(brotli / 1024).toFixed(0)} KB brotli`,
    );
  }
}
