/* global document */
// What a first visit downloads: every script, style and page compressed, icons as a few
// SVGs instead of an icon font, and fonts within their budget.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { root } from './harness.mjs';
import { DESKTOP, PHONE, open, settled } from './pages.mjs';
import { assert, test } from './runner.mjs';

const CLIENT = join(root, 'dist/client/browser');
const ICON_BUDGET = 30 * 1024;
const FONT_BUDGET = 150 * 1024;
const USER_PAGES = ['', 'tasks', 'credits', 'repos'];
/** The markup every Material Symbols SVG starts its drawing with. */
const ICON_SVG =
  /<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 -960 960 960">.*?<\/svg>/g;

async function get(url, acceptEncoding) {
  const response = await fetch(url, {
    headers: { accept: 'text/html,*/*', 'accept-encoding': acceptEncoding },
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return response;
}

test('first visit: every script, style and page goes out compressed', async ({ board }) => {
  const files = readdirSync(CLIENT, { recursive: true })
    .map(String)
    .filter((f) => /\.(js|css|html)$/.test(f));
  assert.ok(files.some((f) => f.endsWith('.js')) && files.some((f) => f.endsWith('.css')));
  // The files, the index page through deep links, and a large API answer.
  const urls = [...files, '', 'tasks?view=list', 'credits', 'repos', 'admin/dashboard'].map(
    (f) => board.url + f,
  );
  const plain = [];
  for (const url of urls) {
    const response = await get(url, 'br, gzip');
    assert.equal(response.status, 200, url);
    const encoding = response.headers.get('content-encoding');
    if (encoding !== 'br') plain.push(`${url}: ${encoding ?? 'no Content-Encoding'}`);
    assert.match(response.headers.get('vary') ?? '', /accept-encoding/i, url);
  }
  assert.deepEqual(plain, [], 'answers sent without brotli');

  // A client that takes gzip only gets gzip; one that takes neither gets the plain file.
  const main = files.find((f) => /(^|\/)main-.*\.js$/.test(f));
  assert.equal((await get(board.url + main, 'gzip')).headers.get('content-encoding'), 'gzip');
  assert.equal((await get(board.url + main, 'identity')).headers.get('content-encoding'), null);
  assert.equal((await get(board.url + 'tasks', 'gzip')).headers.get('content-encoding'), 'gzip');
  assert.equal((await get(board.url, 'identity')).headers.get('content-encoding'), null);

  const issues = await get(`${board.url}api/issues?page_size=100`, 'br, gzip');
  assert.equal(issues.status, 200);
  assert.ok(
    ['br', 'gzip'].includes(issues.headers.get('content-encoding')),
    `api/issues went out as ${issues.headers.get('content-encoding')}`,
  );
});

test(
  'first visit: icons are drawn from under 30 KB of SVG, fonts stay under 150 KB',
  async ({ browser, board }) => {
    for (const path of USER_PAGES) {
      // A new context per page: an empty browser cache, as on a first visit.
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      const fonts = [];
      const scripts = [];
      page.on('requestfinished', (request) => {
        const type = request.resourceType();
        if (type !== 'font' && type !== 'script') return;
        const file = request.sizes().then(async (sizes) => ({
          url: request.url(),
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          text: type === 'script' ? await (await request.response())?.text() : '',
        }));
        // A script fetched after the page settled (a prefetch) may still be reading when
        // the context closes; it is not counted, and its failure is not the test's.
        file.catch(() => undefined);
        (type === 'font' ? fonts : scripts).push(file);
      });
      try {
        await open(page, board, path);
        await settled(page);
        const fontFiles = await Promise.all(fonts);
        const scriptFiles = await Promise.all(scripts);
        const fontBytes = fontFiles.reduce((sum, f) => sum + f.bytes, 0);
        assert.ok(fontFiles.length > 0, `/${path}: no font loaded; the measure proves nothing`);
        assert.ok(
          fontBytes < FONT_BUDGET,
          `/${path}: ${fontBytes} bytes of fonts (${fontFiles.map((f) => f.url).join(', ')})`,
        );
        assert.deepEqual(
          fontFiles.filter((f) => /symbols|icons/i.test(f.url)).map((f) => f.url),
          [],
          `/${path}: an icon font was loaded`,
        );
        // Icons travel inside the scripts, as SVG text: count every copy of one, uncompressed.
        const iconBytes = scriptFiles
          .flatMap((s) => s.text.match(ICON_SVG) ?? [])
          .reduce((sum, svg) => sum + Buffer.byteLength(svg), 0);
        assert.ok(iconBytes > 0, `/${path}: no icon found in the scripts`);
        assert.ok(iconBytes < ICON_BUDGET, `/${path}: ${iconBytes} bytes of icons`);

        // And the icons show: every <npc-icon> draws an SVG path in a box of its own size,
        // and holds no ligature text.
        const icons = await page.evaluate(() =>
          [...document.querySelectorAll('npc-icon')].map((icon) => ({
            svg:
              !!icon.querySelector('svg path')?.getAttribute('d') &&
              (icon.getBoundingClientRect().width > 0 || icon.getClientRects().length === 0),
            text: icon.textContent.trim(),
          })),
        );
        assert.ok(icons.length > 0, `/${path}: no icon on the page`);
        assert.deepEqual(
          icons.filter((i) => !i.svg || i.text),
          [],
          `/${path}: icons not drawn as SVG`,
        );
      } finally {
        await context.close();
      }
    }
  },
  { timeoutMs: 120_000 },
);

/** Each page's first answers, preloaded by its index page (server/board/web/index-page.ts). */
const PRELOADED = {
  '': ['/api/meta', '/api/orgs', '/api/credits/history?days=7'],
  tasks: ['/api/meta', '/api/orgs', '/api/issues?npc=true'],
  credits: ['/api/meta', '/api/orgs'],
  repos: ['/api/meta', '/api/orgs'],
};

test('first visit: each user page fetches its first data once, preloaded with the code', async ({
  page,
  board,
}) => {
  for (const [path, apis] of Object.entries(PRELOADED)) {
    const requests = [];
    const onRequest = (request) => {
      const url = new URL(request.url());
      requests.push(url.pathname + url.search);
    };
    page.on('request', onRequest);
    const response = await page.goto(board.url + path, { waitUntil: 'load' });
    await settled(page);
    page.off('request', onRequest);
    const link = (await response.allHeaders()).link ?? '';
    for (const api of apis) {
      const escaped = api.replace(/[?]/g, '\\?');
      assert.match(link, new RegExp(`<${escaped}>; rel=preload; as=fetch`), `/${path}: ${api}`);
      assert.equal(requests.filter((p) => p === api).length, 1, `/${path}: ${api} requested once`);
    }
    // The page's own chunks are named in its index page and fetched once.
    const html = await (await fetch(board.url + path, { headers: { accept: 'text/html' } })).text();
    const preloaded = [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    assert.ok(preloaded.length > 0, `/${path}: no module preload`);
    for (const file of preloaded) {
      assert.equal(requests.filter((p) => p === `/${file}`).length, 1, `${file} fetched once`);
    }
  }
  // Filters in the query change what the page asks for: nothing is preloaded then.
  const filtered = await fetch(`${board.url}tasks?org=aurora-labs`, {
    headers: { accept: 'text/html' },
  });
  assert.equal(filtered.headers.get('link'), null);
});

test('first visit: the page heading is on screen before the app starts, and once after it', async ({
  browser,
  page,
  board,
}) => {
  // Without JavaScript the board's first screen is all there is: the heading and the
  // summary, the app's element empty and hidden. (The <noscript> line below them is not
  // drawn here: a context without JavaScript still parses <noscript> as a browser with it.)
  const still = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  try {
    const before = await still.newPage();
    await before.goto(`${board.url}credits`);
    assert.equal(await before.locator('.app-shell h1').textContent(), 'Credits monitor');
    assert.ok(await before.locator('.app-shell .summary').isVisible(), 'the summary is shown');
    assert.equal(await before.locator('npc-root').isVisible(), false);
  } finally {
    await still.close();
  }

  // With it, the app replaces the first screen: one heading, the app's own.
  await open(page, board, 'credits');
  await settled(page);
  assert.equal(await page.locator('.app-shell').count(), 0);
  assert.deepEqual(await page.locator('h1').allTextContents(), ['Credits monitor']);
});

test("first visit: a user page's code is fetched once its first screen is painted", async ({
  page,
  board,
}) => {
  for (const path of USER_PAGES) {
    await page.goto(board.url + path, { waitUntil: 'load' });
    await settled(page);
    const timing = await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => {
            // The first text painted is the first screen's (its image has a URL).
            const text = list.getEntries().find((entry) => !entry.url);
            const scripts = performance
              .getEntriesByType('resource')
              .filter(
                (r) => r.initiatorType !== 'fetch' && /\/(main|chunk)-[\w-]+\.js$/.test(r.name),
              )
              .map((r) => ({ name: r.name.replace(/^.*\//, ''), start: r.startTime }));
            const data = performance
              .getEntriesByType('resource')
              .filter((r) => r.name.includes('/api/'))
              .map((r) => r.startTime);
            resolve({ painted: text?.startTime ?? null, scripts, data });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    assert.ok(timing.painted !== null, `/${path}: no text paint reported`);
    assert.ok(
      timing.scripts.some((s) => s.name.startsWith('main-')),
      `/${path}: main not loaded`,
    );
    const early = timing.scripts.filter((s) => s.start < timing.painted);
    assert.deepEqual(early, [], `/${path}: code fetched before the paint at ${timing.painted} ms`);
    // The data does not wait: its preloads start with the page.
    assert.ok(
      timing.data.some((start) => start < timing.painted),
      `/${path}: no data requested before the first screen was painted`,
    );
    assert.equal(await page.locator('.app-shell').count(), 0, `/${path}: first screen left`);
  }
});

test(
  'first visit: on a wide screen nothing moves once the app is drawn, fonts included',
  async ({ page, board }) => {
    for (const path of USER_PAGES) {
      // A fresh context each time: an empty font cache, as on a first visit.
      const context = await page.context().browser().newContext({ viewport: DESKTOP });
      try {
        const fresh = await context.newPage();
        await fresh.addInitScript(() => {
          globalThis.__shifts = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              if (!entry.hadRecentInput) globalThis.__shifts.push(entry.value);
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await fresh.goto(board.url + path, { waitUntil: 'load' });
        await settled(fresh);
        await fresh.evaluate(() => document.fonts.ready);
        const shift = await fresh.evaluate(() => globalThis.__shifts.reduce((a, b) => a + b, 0));
        assert.ok(shift < 0.1, `/${path}: layout shift ${shift.toFixed(3)}`);
      } finally {
        await context.close();
      }
    }
  },
  { timeoutMs: 90_000 },
);
