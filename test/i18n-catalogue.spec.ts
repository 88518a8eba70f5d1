import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..');
const locale = path.join(root, 'client/src/locale');

type Messages = Record<string, string>;

/** `problems(source, translations, 'zh-CN')` of `scripts/i18n-check.mjs`, run in a node of its own. */
function problems(source: Messages, translations: Messages): string[] {
  const script =
    "import { problems } from './scripts/i18n-check.mjs';" +
    "const [s, t] = JSON.parse(process.argv[1]); console.log(JSON.stringify(problems(s, t, 'zh-CN')));";
  const run = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify([source, translations])],
    { cwd: root, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[];
}

const read = (file: string): Messages =>
  (JSON.parse(fs.readFileSync(path.join(locale, file), 'utf8')) as { translations: Messages })
    .translations;

describe('the translation catalogue', () => {
  it('translates every message of the app into Chinese, and nothing else', () => {
    const source = read('messages.json');
    expect(Object.keys(source).length).toBeGreaterThan(300);
    expect(problems(source, read('messages.zh-CN.json'))).toEqual([]);
  });

  it('names a missing translation, a translation of no message and a lost placeholder', () => {
    const source = {
      'a.kept': 'Kept',
      'a.missing': 'Missing',
      'a.values': 'Showing {$INTERPOLATION} of {$INTERPOLATION_1}',
      'a.plural': '{VAR_PLURAL, plural, =1 {1 issue} other {{INTERPOLATION} issues}}',
    };
    const translations = {
      'a.kept': '保留',
      'a.values': '显示 {$INTERPOLATION}',
      'a.plural': '{VAR_PLURAL, plural, other {{INTERPOLATION} 个议题}}',
      'a.gone': '已删除',
    };
    expect(problems(source, translations)).toEqual([
      'zh-CN: no translation of "a.missing" ("Missing")',
      'zh-CN: "a.values" has placeholders [INTERPOLATION], the source [INTERPOLATION INTERPOLATION_1]',
      'zh-CN: "a.gone" is translated but no longer in the app',
    ]);
  });
});
