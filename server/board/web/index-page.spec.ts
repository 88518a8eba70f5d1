import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PAGE_DATA, bodyFor, indexAnswers } from './index-page';

describe('indexAnswers', () => {
  const html = '<html><head><base href="/board/"></head><body><npc-root></npc-root></body></html>';
  let dir: string;
  let clientDir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'index-page-'));
    clientDir = join(dir, 'browser');
    mkdirSync(clientDir);
    writeFileSync(
      join(dir, 'page-modules.json'),
      JSON.stringify({
        '': ['chunk-DASH0001.js', 'chunk-SHARED01.js'],
        tasks: ['chunk-TASKS001.js'],
        repos: ['"><script>alert(1)</script>.js'],
      }),
    );
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names a page's chunks as module preloads and its data in the Link header", () => {
    const answer = indexAnswers(html, clientDir, '/board/')('');
    expect(answer.html).toBe(
      '<html><head><base href="/board/"><link rel="modulepreload" href="chunk-DASH0001.js">' +
        '<link rel="modulepreload" href="chunk-SHARED01.js"></head><body><npc-root></npc-root></body></html>',
    );
    expect(answer.link).toBe(
      PAGE_DATA[''].map((p) => `</board/${p}>; rel=preload; as=fetch; crossorigin`).join(', '),
    );
    expect(brotliDecompressSync(bodyFor(answer, 'br') as Buffer).toString()).toBe(answer.html);
    expect(gunzipSync(bodyFor(answer, 'gzip') as Buffer).toString()).toBe(answer.html);
    expect(bodyFor(answer, null)).toBe(answer.html);
  });

  it('gives an unknown page, and a page whose list is not chunk names, the plain index', () => {
    const forPage = indexAnswers(html, clientDir, '/board/');
    expect(forPage('tasks/').html).toContain('chunk-TASKS001.js');
    for (const page of ['nowhere', 'repos']) {
      expect(forPage(page).html).toBe(html);
    }
    expect(forPage('nowhere').link).toBeNull();
  });

  it('preloads nothing when the app is not built', () => {
    const answer = indexAnswers('<p>not built</p>', null, '/')('');
    expect(answer.html).toBe('<p>not built</p>');
    expect(answer.link).toBeNull();
  });
});
