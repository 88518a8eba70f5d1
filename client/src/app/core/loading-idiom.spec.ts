import { expect } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The app loads remote data one way (docs/app.md#the-app): through
 * `remoteResource` (core/remote-resource.ts), which owns loading, errors, Retry and the
 * cancelling of stale loads. For every source file outside core/ and testing/ (where the
 * helpers live) and the API services themselves, this checks that:
 *
 * - each call of an API read (a method of an API service whose request is a GET, read
 *   from the services' source, or HttpClient's own `get`) sits inside a
 *   `remoteResource(…)` call, whatever would subscribe to it otherwise: `.subscribe(…)`,
 *   `toSignal`, a `switchMap` chain;
 * - `loadEach(` and `toObservable(`, the parts of the hand-rolled loads, appear nowhere;
 *   a signal's side effects go in an `effect`.
 *
 * Writes (POST, PUT, DELETE: a dispatch, saved settings, an alert channel edited) are
 * actions the user starts; they subscribe in the handler that starts them and are not
 * checked here, nor is the one read that is such an action too (ACTION_READS). A POST that
 * only reads (the dispatch preflight) counts as a write here; it loads through
 * `remoteResource` all the same.
 */

const APP_DIR = join(__dirname, '..');

/** Reads that are actions of the user rather than loads: `file` and `name.method`. */
const ACTION_READS: readonly { file: string; call: string }[] = [
  // The sign-in button checks the typed token by reading the settings with it.
  { file: 'admin/entry/sign-in-form.component.ts', call: 'adminApi.settings' },
];

interface Source {
  file: string;
  text: string;
  /** The text with comments and string contents blanked, same length, same lines. */
  code: string;
}

function sources(): Source[] {
  return readdirSync(APP_DIR, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts'))
    .map((e) => join(e.parentPath, e.name))
    .map((path) => {
      const text = readFileSync(path, 'utf8');
      return { file: path.slice(APP_DIR.length + 1), text, code: blanked(text) };
    });
}

/** Comments and the contents of string literals replaced by spaces (newlines kept). */
function blanked(text: string): string {
  const out = [...text];
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const stop = text.indexOf('*/', i + 2) + 2;
      blank(i, stop);
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      blank(i + 1, j);
      i = j + 1;
    } else {
      i++;
    }
  }
  return out.join('');
}

/** Where the parenthesis opened at `open` closes. */
function closing(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '(') depth++;
    else if (code[i] === ')' && --depth === 0) return i;
  }
  return code.length;
}

const lineOf = (code: string, index: number): number => code.slice(0, index).split('\n').length;

/** The public methods of each API service whose request is a GET, by class name. */
function apiReads(all: Source[]): Map<string, string[]> {
  const reads = new Map<string, string[]>();
  for (const { code, text } of all.filter((s) => s.file.endsWith('api.service.ts'))) {
    const name = /export class (\w+)/.exec(code)?.[1];
    if (!name) continue;
    // Class members start at two spaces of indent; a method runs until the next member.
    const members = [
      ...code.matchAll(/^ {2}(private |protected )?(?:async )?(\w+)\s*(?:<[^>(]*>)?\(/gm),
    ];
    reads.set(
      name,
      members
        .filter((m, i) => {
          const body = text.slice(m.index, members[i + 1]?.index ?? text.length);
          return !m[1] && /\bthis\.(http\.get|read)\b/.test(body);
        })
        .map((m) => m[2]),
    );
  }
  reads.set('HttpClient', ['get']);
  return reads;
}

/** Each API read called outside `remoteResource(…)`, and each hand-rolled load's part. */
function problems(): string[] {
  const all = sources();
  const reads = apiReads(all);
  const found: string[] = [];
  const checked = all.filter(
    (s) => !/^(core|testing)\//.test(s.file) && !s.file.endsWith('api.service.ts'),
  );
  for (const { file, code } of checked) {
    for (const m of code.matchAll(/\b(loadEach|toObservable)\s*\(/g)) {
      const instead = m[1] === 'loadEach' ? 'remoteResource' : 'remoteResource, or an effect';
      found.push(`${file}:${lineOf(code, m.index)}: ${m[1]}(): use ${instead}`);
    }
    const helped = [...code.matchAll(/\bremoteResource\s*\(/g)].map((m) => {
      const open = m.index + m[0].length - 1;
      return { from: open, to: closing(code, open) };
    });
    for (const injected of code.matchAll(/(\w+)\s*=\s*inject\(\s*(\w+)\s*\)/g)) {
      const [, field, service] = injected;
      const methods = reads.get(service);
      if (!methods?.length) continue;
      const call = new RegExp(
        `(?:\\bthis\\s*\\.\\s*|(?<![\\w$.]))${field}\\s*\\.\\s*(${methods.join('|')})\\s*[(<]`,
        'g',
      );
      for (const m of code.matchAll(call)) {
        const name = `${field}.${m[1]}`;
        if (helped.some((h) => m.index > h.from && m.index < h.to)) continue;
        if (ACTION_READS.some((a) => a.file === file && a.call === name)) continue;
        found.push(`${file}:${lineOf(code, m.index)}: ${name}() outside remoteResource`);
      }
    }
  }
  return found;
}

describe('the loading idiom', () => {
  it('knows the reads of the API services from their source', () => {
    const reads = apiReads(sources());
    expect(reads.get('ApiService')).toEqual(expect.arrayContaining(['orgs', 'issue', 'meta']));
    expect(reads.get('AdminApiService')).toEqual(
      expect.arrayContaining(['settings', 'overview', 'dispatches']),
    );
    expect(reads.get('AlertsApiService')).toEqual(
      expect.arrayContaining(['alerts', 'channels', 'silences']),
    );
    const writes = ['saveSettings', 'dispatch', 'preflight', 'createChannel', 'deleteSilence'];
    for (const methods of reads.values()) {
      expect(methods.filter((m) => writes.includes(m) || m === 'read')).toEqual([]);
    }
  });

  it('loads remote data in pages and components only through remoteResource', () => {
    expect(problems()).toEqual([]);
  });
});
