import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PAGE_HEADINGS } from '@shared/board/page-headings';
import {
  PAGE_DATA,
  bodyFor,
  firstScreen,
  INDEX_TEXTS,
  indexAnswers,
  localizeIndex,
  withBundlePrefix,
  type BuiltBundle,
} from './index-page';

describe('indexAnswers', () => {
  const html =
    '<html><head><title>NPC Board</title><base href="/board/"></head>' +
    '<body><npc-root></npc-root></body></html>';
  let dir: string;
  let clientDir: string;
  let bundle: BuiltBundle;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'index-page-'));
    clientDir = join(dir, 'browser');
    mkdirSync(clientDir);
    bundle = {
      dir: clientDir,
      pageModules: join(dir, 'page-modules.json'),
      prefix: 'en/',
      language: 'en',
    };
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
    const answer = indexAnswers(html, bundle, '/board/')('');
    expect(answer.html).toBe(
      '<html><head><title>NPC Board</title><base href="/board/">' +
        '<link rel="modulepreload" href="en/chunk-DASH0001.js">' +
        '<link rel="modulepreload" href="en/chunk-SHARED01.js"></head>' +
        `<body>${firstScreen(PAGE_HEADINGS.en[''])}<npc-root></npc-root></body></html>`,
    );
    expect(answer.link).toBe(
      PAGE_DATA[''].map((p) => `</board/${p}>; rel=preload; as=fetch; crossorigin`).join(', '),
    );
    expect(brotliDecompressSync(bodyFor(answer, 'br') as Buffer).toString()).toBe(answer.html);
    expect(gunzipSync(bodyFor(answer, 'gzip') as Buffer).toString()).toBe(answer.html);
    expect(bodyFor(answer, null)).toBe(answer.html);
  });

  it('gives an unknown page the plain index, and a page whose list is not chunk names no preloads', () => {
    const forPage = indexAnswers(html, bundle, '/board/');
    expect(forPage('tasks/').html).toContain('chunk-TASKS001.js');
    expect(forPage('nowhere').html).toBe(html);
    expect(forPage('nowhere').link).toBeNull();
    expect(forPage('repos').html).not.toContain('modulepreload');
    expect(forPage('repos').html).not.toContain('<script>');
  });

  it("sends a user page's heading and summary as its first screen, escaped", () => {
    const forPage = indexAnswers(html, bundle, '/board/');
    for (const [page, heading] of Object.entries(PAGE_HEADINGS.en)) {
      const body = forPage(page).html;
      expect(body.match(/class="app-shell"/g)).toHaveLength(1);
      expect(body).toContain(`<h1>${heading.title}</h1>`);
      expect(body.indexOf('app-shell')).toBeLessThan(body.indexOf('<npc-root>'));
    }
    // The apostrophe in the dashboard's summary is written as a character reference.
    expect(forPage('').html).toContain('Each organization&#39;s repositories');
    expect(forPage('admin/dashboard').html).not.toContain('app-shell');
  });

  it("preloads the first screen's font first in the head when the build has it", () => {
    const media = join(clientDir, 'media');
    mkdirSync(media);
    writeFileSync(join(media, 'roboto-latin-400-normal-ABCD1234.woff2'), '');
    try {
      const body = indexAnswers(html, bundle, '/board/')('credits').html;
      expect(body).toContain(
        '<head><link rel="preload" href="en/media/roboto-latin-400-normal-ABCD1234.woff2" as="font" ' +
          'type="font/woff2" crossorigin><title>',
      );
      expect(indexAnswers(html, bundle, '/board/')('nowhere').html).toBe(html);
    } finally {
      rmSync(media, { recursive: true, force: true });
    }
  });

  it("holds a user page's code back until its first screen is painted when the build has the loader", () => {
    const withApp = html.replace(
      '</body>',
      '<script src="main-MAIN0001.js" type="module"></script></body>',
    );
    const appScript = '<script src="main-MAIN0001.js" type="module"></script>';
    writeFileSync(join(clientDir, 'first-screen-LOAD0001.js'), '');
    try {
      const forPage = indexAnswers(withApp, bundle, '/board/');
      expect(forPage('tasks').html).toBe(
        '<html><head><title>NPC Board</title><base href="/board/"></head>' +
          `<body>${firstScreen(PAGE_HEADINGS.en.tasks)}<npc-root></npc-root>` +
          '<template id="app-code"><link rel="modulepreload" href="en/chunk-TASKS001.js">' +
          `${appScript}</template><script src="en/first-screen-LOAD0001.js" defer></script>` +
          '</body></html>',
      );
      // A page without a first screen starts its code at once.
      const admin = forPage('admin/dashboard').html;
      expect(admin).not.toContain('<template');
      expect(admin).not.toContain('first-screen-');
      expect(admin).toContain(appScript);
      expect(forPage('nowhere').html).toBe(withApp);
    } finally {
      rmSync(join(clientDir, 'first-screen-LOAD0001.js'));
    }
    // Without the loader in the build, the code is preloaded in the head as before.
    const before = indexAnswers(withApp, bundle, '/board/')('tasks').html;
    expect(before).toContain('<link rel="modulepreload" href="en/chunk-TASKS001.js"></head>');
    expect(before).not.toContain('<template');
  });

  it('holds back the polyfills with the app, before it', () => {
    const polyfills = '<script src="en/polyfills-POLY0001.js" type="module"></script>';
    const main = '<script src="en/main-MAIN0001.js" type="module"></script>';
    const scripts = polyfills + main;
    const withApp = html
      .replace('</head>', `${polyfills}</head>`)
      .replace('</body>', `${main}</body>`);
    writeFileSync(join(clientDir, 'first-screen-LOAD0001.js'), '');
    try {
      const body = indexAnswers(withApp, bundle, '/board/')('tasks').html;
      expect(body).toContain(
        '<link rel="modulepreload" href="en/chunk-TASKS001.js">' + scripts + '</template>',
      );
      expect(body.match(/<script src="en\/(polyfills|main)/g)).toHaveLength(2);
    } finally {
      rmSync(join(clientDir, 'first-screen-LOAD0001.js'));
    }
  });

  it("writes the Chinese bundle's first screen in Chinese and names its files under zh-CN/", () => {
    const zh: BuiltBundle = { ...bundle, prefix: 'zh-CN/', language: 'zh-CN' };
    const body = indexAnswers(html, zh, '/board/')('tasks').html;
    expect(body).toContain(`<h1>${PAGE_HEADINGS['zh-CN'].tasks.title}</h1>`);
    expect(body).toContain('<h1>任务看板</h1>');
    expect(body).toContain('<span class="app-shell-name">NPC 看板</span>');
    expect(body).toContain('<link rel="modulepreload" href="zh-CN/chunk-TASKS001.js">');
  });

  it("names the build's scripts and stylesheets under the bundle's folder, nothing else", () => {
    const built =
      '<link rel="icon" href="favicon.svg"><link rel="stylesheet" href="styles-AB12CD34.css">' +
      '<link rel="modulepreload" href="chunk-AB12CD34.js"><base href="/board/">' +
      '<script src="polyfills-AB12CD34.js" type="module"></script>' +
      '<script src="main-AB12CD34.js" type="module"></script>' +
      '<a href="https://example.com/x.js">x</a>';
    expect(withBundlePrefix(built, 'zh-CN/')).toBe(
      '<link rel="icon" href="favicon.svg"><link rel="stylesheet" href="zh-CN/styles-AB12CD34.css">' +
        '<link rel="modulepreload" href="zh-CN/chunk-AB12CD34.js"><base href="/board/">' +
        '<script src="zh-CN/polyfills-AB12CD34.js" type="module"></script>' +
        '<script src="zh-CN/main-AB12CD34.js" type="module"></script>' +
        '<a href="https://example.com/x.js">x</a>',
    );
  });

  it("translates every text of the app's index.html", () => {
    const source = readFileSync(join(__dirname, '../../../client/src/index.html'), 'utf8');
    const chinese = localizeIndex(source, 'zh-CN');
    for (const translation of Object.values(INDEX_TEXTS['zh-CN'])) {
      expect(chinese).toContain(translation);
    }
    expect(localizeIndex(source, 'en')).toBe(source);
  });

  it('preloads nothing and sends no first screen when the app is not built', () => {
    const answer = indexAnswers('<body><p>not built</p></body>', null, '/')('');
    expect(answer.html).toBe('<body><p>not built</p></body>');
    expect(answer.link).toBeNull();
  });
});
