// The app's translations stay complete (docs/app.md#languages). Extracts the
// source messages from the app's code (`ng extract-i18n`) and fails, naming each, when
//   - `client/src/locale/messages.json` (the English source catalogue) is not what the
//     code says (`--write` updates it);
//   - a source message has no `zh-CN` translation, or a translation names a message
//     that no longer exists;
//   - a translation's placeholders are not the source's (a value or tag would be lost).
//   node scripts/i18n-check.mjs [--write]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const LOCALE_DIR = join(root, 'client/src/locale');
const SOURCE = join(LOCALE_DIR, 'messages.json');
const TRANSLATIONS = { 'zh-CN': join(LOCALE_DIR, 'messages.zh-CN.json') };

/** `{$INTERPOLATION}`, `{$START_TAG_SPAN}`, and inside an ICU `{VAR_PLURAL, …}`, `{INTERPOLATION}`. */
export function placeholders(text) {
  const names = [
    ...[...text.matchAll(/\{\$([\w]+)\}/g)].map((m) => m[1]),
    ...[...text.matchAll(/\{(VAR_[A-Z_0-9]+|INTERPOLATION(?:_\d+)?)[,}]/g)].map((m) => m[1]),
  ];
  return names.sort().join(' ');
}

/** The problems of one locale's translations against the source catalogue. */
export function problems(source, translations, locale) {
  const found = [];
  for (const [id, text] of Object.entries(source)) {
    if (!(id in translations)) {
      found.push(`${locale}: no translation of "${id}" (${JSON.stringify(text)})`);
    } else if (placeholders(text) !== placeholders(translations[id])) {
      found.push(
        `${locale}: "${id}" has placeholders [${placeholders(translations[id])}], ` +
          `the source [${placeholders(text)}]`,
      );
    }
  }
  for (const id of Object.keys(translations)) {
    if (!(id in source)) found.push(`${locale}: "${id}" is translated but no longer in the app`);
  }
  return found;
}

function extract() {
  const out = mkdtempSync(join(tmpdir(), 'i18n-'));
  try {
    const run = spawnSync(
      'npx',
      ['ng', 'extract-i18n', 'npc-board', '--output-path', out, '--progress=false'],
      { cwd: root, encoding: 'utf8', env: { ...process.env, NG_CLI_ANALYTICS: 'false' } },
    );
    if (run.status !== 0) {
      process.stderr.write(run.stdout + run.stderr);
      throw new Error('ng extract-i18n failed');
    }
    return readFileSync(join(out, 'messages.json'), 'utf8');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const extracted = extract();
  const source = JSON.parse(extracted).translations;
  const found = [];
  let committed = '';
  try {
    committed = readFileSync(SOURCE, 'utf8');
  } catch {
    // Missing: reported below like a stale one.
  }
  const same = (a, b) => {
    try {
      return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
    } catch {
      return false;
    }
  };
  if (!same(committed, extracted)) {
    if (process.argv.includes('--write')) {
      writeFileSync(SOURCE, `${JSON.stringify(JSON.parse(extracted), null, 2)}\n`);
      console.log(`i18n: wrote ${SOURCE}`);
    } else {
      found.push(
        'client/src/locale/messages.json is not what the code says: ' +
          'run "node scripts/i18n-check.mjs --write" and commit it',
      );
    }
  }
  for (const [locale, file] of Object.entries(TRANSLATIONS)) {
    found.push(...problems(source, JSON.parse(readFileSync(file, 'utf8')).translations, locale));
  }
  if (found.length > 0) {
    console.error(`i18n: ${found.length} problem(s)\n  ${found.join('\n  ')}`);
    process.exit(1);
  }
  const count = Object.keys(source).length;
  console.log(
    `i18n: ${count} messages, each translated for ${Object.keys(TRANSLATIONS).join(', ')}`,
  );
}
