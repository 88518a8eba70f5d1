/* global document, getComputedStyle, MutationObserver, window */
// Live pages (docs/architecture.md#live-pages): a change on the platform reaches an open
// page through the board's sync cycle and change stream, and the page reloads in place,
// keeping the reader's dialog, filters, scroll position and focus. Then the wall display
// (`?wall=1`) of the dashboard and the task board.
import { readFileSync } from 'node:fs';
import { request as httpRequest, createServer } from 'node:http';
import { join } from 'node:path';

import { api, startBoard, until } from './harness.mjs';
import { PHONE, chosen, open, scrollsSideways, settled } from './pages.mjs';
import { assert, test } from './runner.mjs';

/** The cache life of the tests' boards: their sync cycle looks for changes this often. */
const TTL_MS = 4000;
/** Cards a task board column shows before "Show more" (issue-board.component.ts). */
const CARDS_PER_STEP = 40;
export const WALL = { width: 1920, height: 1080 };

/** The demo forge a board started, and the admin token it wrote for itself. */
function forgeOf(board) {
  const token = readFileSync(join(board.dataDir, 'forge', 'admin-token'), 'utf8').trim();
  return { url: `http://127.0.0.1:${board.forgePort}`, token };
}

/** Changes an issue on the forge, as a person on the platform would. */
async function editIssue(forge, issue, change) {
  const [org, repo] = issue.repository.full_name.split('/');
  const response = await fetch(`${forge.url}/${org}/${repo}/-/issues/${issue.number}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${forge.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(change),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok)
    throw new Error(`PATCH ${issue.repository.full_name}#${issue.number}: ${response.status}`);
}

/** The board's change stream read from here: the changes it has sent so far. */
async function watchChanges(board) {
  const abort = new AbortController();
  const response = await fetch(`${board.url}api/events`, { signal: abort.signal });
  assert.equal(response.status, 200, 'the board streams its changes');
  const changes = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (/^event: change$/m.test(frame) && data) changes.push(JSON.parse(data));
      }
    }
  })();
  return { changes, close: () => abort.abort() };
}

const isNpcIssue = (issue) => issue.author.is_npc || issue.assignees.some((a) => a.is_npc);

/**
 * Resolves once the board's sync cycle has published a change it found on the platform,
 * so a test's own change is then found by a cycle that compares fingerprints. Retitles
 * an issue no NPC is on (no page of NPC issues shows it) until the stream says that
 * organization's issues changed.
 */
async function syncPublishing(board, forge) {
  const { body: issues } = await api(board, 'api/issues');
  const quiet = issues.find((i) => !isNpcIssue(i) && i.state === 'open');
  assert.ok(quiet, 'the demo seed has an open issue without an NPC');
  const org = quiet.repository.full_name.split('/')[0];
  const stream = await watchChanges(board);
  try {
    for (let attempt = 1; ; attempt++) {
      await editIssue(forge, quiet, { title: `${quiet.title} (edit ${attempt})` });
      const seen = until(() => stream.changes.some((c) => c.topic === 'issues' && c.org === org), {
        what: `the change to ${org}'s issues on the stream`,
        timeoutMs: 3 * TTL_MS,
      });
      try {
        return await seen;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  } finally {
    stream.close();
  }
}

const keyOf = (issue) => `${issue.repository.full_name}#${issue.number}`;
const orgOf = (issue) => issue.repository.full_name.split('/')[0];
const newestFirst = (a, b) =>
  Date.parse(b.created_at) - Date.parse(a.created_at) || b.number - a.number;

/** The board column a card is drawn in, or null when it is not drawn. */
function columnOf(page, key) {
  return page.evaluate(
    (k) =>
      document
        .querySelector(`npc-issue-board a[data-issue="${k}"]`)
        ?.closest('section[data-column]')
        ?.getAttribute('data-column') ?? null,
    key,
  );
}

test(
  'live pages: an issue closed on the platform moves to Done on an open task board, marked, without a reload',
  async ({ page, shots }) => {
    const board = await startBoard({ env: { CACHE_TTL_MS: String(TTL_MS) } });
    try {
      const forge = forgeOf(board);
      await syncPublishing(board, forge);
      // An in-progress issue that, once closed, is among the Done cards drawn before "Show more".
      const { body: issues } = await api(board, 'api/issues?npc=true');
      const done = issues.filter((i) => i.column === 'done');
      const target = issues
        .filter((i) => i.column === 'in_progress' && i.state === 'open')
        .find((i) => [...done, i].sort(newestFirst).indexOf(i) < CARDS_PER_STEP);
      assert.ok(target, 'the demo seed has an issue in progress');
      const key = keyOf(target);

      await open(page, board, 'tasks');
      await settled(page);
      await page.locator('npc-data-status [data-live="live"]').waitFor();
      assert.equal(await columnOf(page, key), 'in_progress');
      await page.evaluate(() => (window.__sameDocument = true));

      await editIssue(forge, target, { state: 'closed' });
      // The card moves to Done, marked for a moment, and the change is announced politely.
      await page.waitForFunction(
        (k) =>
          document
            .querySelector(`section[data-column="done"] a[data-issue="${k}"]`)
            ?.closest('npc-issue-card')
            ?.classList.contains('live-changed') &&
          document.querySelector('[data-live-announcer]')?.textContent.trim() === 'Updated',
        key,
        { timeout: 30_000 },
      );
      assert.equal(
        await page.evaluate(() => window.__sameDocument),
        true,
        'the page was not reloaded',
      );
      assert.equal(await page.locator('[data-live-announcer]').getAttribute('aria-live'), 'polite');
      await page.screenshot({ path: shots.path('tasks-live-update-desktop.png') });
      // The mark goes again.
      await page.waitForFunction(
        (k) => !document.querySelector(`a[data-issue="${k}"]`)?.closest('.live-changed'),
        key,
        { timeout: 10_000 },
      );
      assert.equal(await columnOf(page, key), 'done');

      // On a 375 px phone the marker still fits the top bar.
      await page.setViewportSize(PHONE);
      await settled(page);
      const marker = await page.locator('npc-data-status [data-live="live"]').boundingBox();
      assert.ok(
        marker && marker.x >= 0 && marker.x + marker.width <= PHONE.width,
        'the marker is in view',
      );
      assert.equal(await scrollsSideways(page), false);
      await page.screenshot({ path: shots.path('tasks-live-phone.png') });
    } finally {
      // Leave the page first: its stream and requests would fail noisily once the board stops.
      await page.goto('about:blank');
      await board.stop();
    }
  },
  { timeoutMs: 150_000 },
);

test(
  'live pages: a change made right after the board starts reaches an open task board within two cache lives',
  async ({ page }) => {
    // A longer cache life than the other tests': the page must be open, and the change
    // made, before the board's first sync cycle comes round.
    const ttl = 20_000;
    const board = await startBoard({ env: { CACHE_TTL_MS: String(ttl) } });
    const started = Date.now();
    try {
      const forge = forgeOf(board);
      const { body: issues } = await api(board, 'api/issues?npc=true');
      const target = issues.find((i) => i.column === 'in_progress' && i.state === 'open');
      const key = keyOf(target);
      await open(page, board, `tasks?repository=${target.repository.full_name}`);
      await settled(page);
      await page.locator('npc-data-status [data-live="live"]').waitFor();
      assert.equal(await columnOf(page, key), 'in_progress');

      await editIssue(forge, target, { state: 'closed' });
      const changedAfter = Date.now() - started;
      assert.ok(changedAfter < ttl - 2000, `changed before the first cycle (${changedAfter} ms)`);
      await until(async () => (await columnOf(page, key)) === 'done', {
        what: `${key} reaches Done on the open page`,
        timeoutMs: 2 * ttl - changedAfter,
      });
    } finally {
      await page.goto('about:blank');
      await board.stop();
    }
  },
  { timeoutMs: 150_000 },
);

/**
 * A proxy in front of the board that can stop passing on the change streams open at a
 * moment while keeping them open, as a proxy or network that stalls would.
 */
async function stallingProxy(board) {
  const target = new URL(board.url);
  const streams = new Set();
  const held = new Set();
  let opened = 0;
  const server = createServer((req, res) => {
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        if (!req.url.startsWith('/api/events')) return void answer.pipe(res);
        const stream = { answer };
        opened += 1;
        streams.add(stream);
        answer.on('data', (chunk) => held.has(stream) || res.write(chunk));
        answer.on('end', () => res.end());
        res.on('close', () => {
          streams.delete(stream);
          answer.destroy();
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    opened: () => opened,
    /** Stops passing on what the streams open now send; they stay open. */
    holdOpenStreams: () => streams.forEach((stream) => held.add(stream)),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

test(
  'live pages: a stream that stops delivering is noticed within three heartbeats, and reopened',
  async ({ page }) => {
    const board = await startBoard({ env: { EVENT_HEARTBEAT_SECONDS: '1' } });
    const proxy = await stallingProxy(board);
    try {
      await open(page, { url: proxy.url }, 'tasks');
      await settled(page);
      await page.locator('npc-data-status [data-live="live"]').waitFor();
      assert.equal(proxy.opened(), 1);

      // Every state the marker passes through, with what it says: the new stream opens
      // within milliseconds here, too soon for a poll to see "reconnecting".
      await page.evaluate(() => {
        const status = document.querySelector('npc-data-status');
        window.__liveStates = [];
        const note = () => {
          const marker = status.querySelector('[data-live]');
          const state = marker?.getAttribute('data-live');
          if (state && window.__liveStates.at(-1)?.state !== state) {
            window.__liveStates.push({ state, text: marker.textContent.trim(), at: Date.now() });
          }
        };
        new MutationObserver(note).observe(status, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
      });
      const states = () => page.evaluate(() => window.__liveStates);
      const held = await page.evaluate(() => Date.now());
      proxy.holdOpenStreams();
      await until(async () => (await states()).some((s) => s.state === 'reconnecting'), {
        what: 'the page says it is reconnecting',
        timeoutMs: 5000,
      });
      const reconnecting = (await states()).find((s) => s.state === 'reconnecting');
      const noticed = reconnecting.at - held;
      assert.ok(noticed <= 3000, `noticed after ${noticed} ms`);
      assert.match(reconnecting.text, /Reconnecting/);
      // A new stream, which delivers: live again.
      await until(async () => (await states()).at(-1)?.state === 'live', {
        what: 'live again on a new stream',
        timeoutMs: 10_000,
      });
      assert.equal(proxy.opened(), 2);
    } finally {
      await page.goto('about:blank');
      await proxy.close();
      await board.stop();
    }
  },
  { timeoutMs: 150_000 },
);

test(
  'live pages: a live update keeps the open dialog, the filters, the scroll position and focus',
  async ({ page }) => {
    const board = await startBoard({ env: { CACHE_TTL_MS: String(TTL_MS) } });
    try {
      const forge = forgeOf(board);
      await syncPublishing(board, forge);
      // The organization with the most issues in progress: its columns scroll.
      // Issues needing no attention, so that closing them leaves the attention lane as it is.
      const { body: issues } = await api(board, 'api/issues?npc=true');
      const perOrg = new Map();
      for (const issue of issues) {
        if (issue.column !== 'in_progress' || issue.state !== 'open' || issue.attention) continue;
        perOrg.set(orgOf(issue), [...(perOrg.get(orgOf(issue)) ?? []), issue]);
      }
      const [org, inProgress] = [...perOrg].sort((a, b) => b[1].length - a[1].length)[0];
      assert.ok(inProgress.length >= 4, `${org} has issues in progress`);
      const { body: orgs } = await api(board, 'api/orgs');
      const orgName = orgs.find((o) => o.slug === org).name;

      await open(page, board, `tasks?org=${org}`);
      await settled(page);
      await page.locator('npc-data-status [data-live="live"]').waitFor();
      const address = page.url();

      // A card focused, the page scrolled down and the In progress column too (focusing
      // first: it may scroll the card into view).
      const pending = page.locator('section[data-column="pending"] npc-issue-card a').first();
      await pending.focus();
      await pending.evaluate((el) => (el.dataset.focusedBefore = 'yes'));
      const column = page.locator('section[data-column="in_progress"] .column-body');
      await page.evaluate(() => window.scrollTo(0, 180));
      await column.evaluate((el) => (el.scrollTop = el.scrollHeight / 3));
      const firstShown = () =>
        column.evaluate((el) => {
          const top = el.getBoundingClientRect().top;
          const card = [...el.querySelectorAll('a[data-issue]')].find(
            (a) => a.getBoundingClientRect().top >= top,
          );
          return {
            key: card?.dataset.issue,
            offset: Math.round(card.getBoundingClientRect().top - top),
          };
        });
      const anchor = await firstShown();
      const scrollY = await page.evaluate(() => window.scrollY);
      assert.ok(scrollY > 0, 'the page is scrolled');

      // One issue closes: it leaves the column; everything else stays where it was.
      const first = inProgress.find((i) => keyOf(i) !== anchor.key);
      await editIssue(forge, first, { state: 'closed' });
      await until(async () => (await columnOf(page, keyOf(first))) !== 'in_progress', {
        what: `${keyOf(first)} leaves In progress`,
        timeoutMs: 30_000,
      });
      await settled(page);
      assert.equal(page.url(), address, 'the filters stay in the address');
      assert.match(await chosen(page, 'org'), new RegExp(orgName));
      assert.equal(await page.evaluate(() => window.scrollY), scrollY, 'the page stays scrolled');
      assert.deepEqual(await firstShown(), anchor, 'the column shows the same cards');
      assert.equal(
        await page.evaluate(() => document.activeElement?.dataset.focusedBefore),
        'yes',
        'focus stays on the card',
      );

      // With an issue's dialog open, another issue closes: the dialog, its focus and the
      // address stay.
      const shown = inProgress.find((i) => i !== first && keyOf(i) !== anchor.key);
      const second = inProgress.find((i) => i !== first && i !== shown);
      await page.locator(`npc-issue-board a[data-issue="${keyOf(shown)}"]`).click();
      const dialog = page.locator('mat-dialog-container');
      await dialog.locator('h2').waitFor();
      await settled(page);
      const withDialog = page.url();
      assert.match(withDialog, new RegExp(`[?&]issue=${shown.number}(&|$)`));
      const title = await dialog.locator('h2').textContent();
      const platformLink = dialog.locator('a', { hasText: 'Open on the platform' });
      await platformLink.focus();
      await platformLink.evaluate((el) => (el.dataset.focusedBefore = 'yes'));

      await editIssue(forge, second, { state: 'closed' });
      await until(async () => (await columnOf(page, keyOf(second))) !== 'in_progress', {
        what: `${keyOf(second)} leaves In progress behind the dialog`,
        timeoutMs: 30_000,
      });
      await settled(page);
      assert.equal(await dialog.count(), 1, 'the dialog stays open');
      assert.equal(await dialog.locator('h2').textContent(), title);
      assert.equal(page.url(), withDialog);
      assert.equal(
        await page.evaluate(() => document.activeElement?.dataset.focusedBefore),
        'yes',
        'focus stays in the dialog',
      );
      assert.match(await chosen(page, 'org'), new RegExp(orgName));
    } finally {
      await page.goto('about:blank');
      await board.stop();
    }
  },
  { timeoutMs: 150_000, viewport: { width: 1366, height: 700 } },
);

test(
  'live pages: while the board refuses the stream (429) the page says so and refreshes every cache life',
  async ({ page }) => {
    const board = await startBoard({ env: { CACHE_TTL_MS: String(TTL_MS) } });
    try {
      const forge = forgeOf(board);
      await syncPublishing(board, forge);
      const { body: issues } = await api(board, 'api/issues?npc=true');
      const target = issues.find((i) => i.column === 'in_progress' && i.state === 'open');
      const key = keyOf(target);
      await page.route('**/api/events', (route) =>
        route.fulfill({ status: 429, contentType: 'application/json', body: '{}' }),
      );

      await open(page, board, `tasks?repository=${target.repository.full_name}`);
      await settled(page);
      const marker = page.locator('npc-data-status [data-live="down"]');
      await marker.waitFor();
      assert.match(await marker.textContent(), /Live updates paused; refreshing every 4 s/);
      assert.equal(await columnOf(page, key), 'in_progress');

      // What became of each of the page's issue reads after the edit, to tell a refresh that
      // never came from one cancelled or answered with the issue still open.
      const reads = [];
      const isIssueRead = (request) => new URL(request.url()).pathname === '/api/issues';
      const since = () => `${((Date.now() - editedAt) / 1000).toFixed(1)} s`;
      page.on('requestfailed', (request) => {
        if (isIssueRead(request)) reads.push(`${since()} ${request.failure()?.errorText}`);
      });
      page.on('response', (response) => {
        if (!isIssueRead(response.request())) return;
        const headers = response.headers();
        const read = {
          said: `${since()} ${response.status()} ${headers['x-cache']} age ${headers.age}`,
        };
        reads.push(read);
        response.json().then(
          (body) => (read.said += `: ${body.find((i) => keyOf(i) === key)?.column ?? 'absent'}`),
          () => {},
        );
      });
      const editedAt = Date.now();
      await editIssue(forge, target, { state: 'closed' });
      await until(async () => (await columnOf(page, key)) === 'done', {
        what: () =>
          `${key} reaches Done through the fallback refresh; the page's reads since the edit: ${
            reads.map((read) => read.said ?? read).join('; ') || 'none'
          }`,
        timeoutMs: 30_000,
      });
    } finally {
      await page.goto('about:blank');
      await board.stop();
    }
  },
  { timeoutMs: 150_000, expectedConsole: [/status of 429/] },
);

test(
  'wall display: thirty live reloads leave the DOM nodes, listeners and heap as they were',
  async ({ page, board }) => {
    // A stream that says "reset" and ends; the browser reconnects at once (retry: 50 ms)
    // and gets another: a live reload of every list about once a second.
    await page.route('**/api/events', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
        body: 'retry: 50\n\nevent: reset\ndata: {}\n\n',
      }),
    );
    let reloads = 0;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('/api/issues')) reloads += 1;
    });
    await open(page, board, 'tasks?wall=1');
    await settled(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    const measure = async (count) => {
      await until(() => reloads >= count, { what: `${count} reloads`, timeoutMs: 90_000 });
      await settled(page);
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      const { nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters');
      return {
        usedSize,
        nodes,
        jsEventListeners,
        cards: await page.locator('npc-issue-card').count(),
      };
    };
    const before = await measure(10);
    const after = await measure(40);
    // A leak grows with every reload: less than one node or listener per reload is the
    // page settling (a lazily created listener, text nodes of the times shown), and a leak
    // of the answers would take megabytes (the compiled code settles well below that).
    const grown = `${JSON.stringify(before)} → ${JSON.stringify(after)}`;
    assert.equal(after.cards, before.cards);
    assert.ok(after.nodes - before.nodes < 30, `DOM nodes: ${grown}`);
    assert.ok(after.jsEventListeners - before.jsEventListeners < 30, `listeners: ${grown}`);
    assert.ok(after.usedSize - before.usedSize < 2_000_000, `heap: ${grown}`);
  },
  { viewport: WALL, timeoutMs: 150_000 },
);

test(
  'wall display: the task board shows the attention lane first, dark, with a clock and the data age',
  async ({ page, board, shots }) => {
    await open(page, board, 'tasks?wall=1');
    await settled(page);
    await page.locator('[data-lane="attention"]').waitFor();
    const lane = await page.locator('[data-lane="attention"]').boundingBox();
    const columns = await page.locator('npc-issue-board .columns').boundingBox();
    assert.ok(lane.y < columns.y, 'the lane stands above the columns');
    const look = await page.evaluate(() => ({
      wall: document.documentElement.classList.contains('npc-wall'),
      background: getComputedStyle(document.body).backgroundColor,
      fontSize: parseFloat(getComputedStyle(document.documentElement).fontSize),
    }));
    assert.ok(look.wall);
    const [r, g, b] = look.background.match(/\d+/g).map(Number);
    assert.ok(
      r + g + b < 150,
      `a dark background whatever the system says, got ${look.background}`,
    );
    assert.ok(look.fontSize > 16, 'larger type');
    assert.match(await page.locator('npc-wall-clock time').textContent(), /^\d\d:\d\d$/);
    assert.match(
      await page.locator('npc-data-status .age').textContent(),
      /Data as of .*\(\d\d:\d\d\)/,
    );
    // No hover-only times: a card's created time is written out.
    assert.match(
      await page.locator('npc-issue-card npc-relative-time').first().textContent(),
      /· \d{4}-\d\d-\d\d \d\d:\d\d/,
    );
    const wallSwitch = page.locator('[data-wall-switch]');
    assert.equal(await wallSwitch.getAttribute('aria-checked'), 'true');
    await page.mouse.move(5, 5);
    await page.screenshot({ path: shots.path('tasks-wall.png') });

    // The pointer hides once it rests, and comes back when it moves.
    await until(
      () => page.evaluate(() => document.documentElement.classList.contains('npc-wall-idle')),
      {
        what: 'the pointer hides',
        timeoutMs: 15_000,
      },
    );
    await page.mouse.move(40, 40);
    assert.equal(
      await page.evaluate(() => document.documentElement.classList.contains('npc-wall-idle')),
      false,
    );

    // The switch leaves the wall, keeping the page.
    await wallSwitch.click();
    await page.waitForURL((url) => url.pathname.endsWith('/tasks') && !url.search.includes('wall'));
    assert.equal(
      await page.evaluate(() => document.documentElement.classList.contains('npc-wall')),
      false,
    );
    assert.equal(await page.locator('npc-wall-clock').count(), 0);
  },
  { viewport: WALL, contextOptions: { colorScheme: 'light' } },
);

test(
  'wall display: the dashboard shows the organizations needing attention first',
  async ({ page, board, shots }) => {
    await open(page, board, '');
    await settled(page);
    await page.locator('[data-wall-switch]').click();
    await page.waitForURL(/[?&]wall=1(&|$)/);
    await settled(page);
    await page.waitForFunction(
      () => !document.querySelector('npc-org-card [data-stat="attention-pending"]'),
      undefined,
      { timeout: 60_000 },
    );
    // Each card's stuck and overdue work, in the order drawn.
    const work = await page
      .locator('npc-org-card')
      .evaluateAll((cards) =>
        cards.map((card) =>
          ['stuck', 'overdue']
            .map((stat) => Number(card.querySelector(`[data-stat="${stat}"] strong`)?.textContent))
            .reduce((a, b) => a + b, 0),
        ),
      );
    const needing = work.filter((n) => n > 0).length;
    assert.ok(needing > 0 && needing < work.length, `the demo seed has both kinds: ${work}`);
    assert.deepEqual(
      work.slice(0, needing),
      work.filter((n) => n > 0).sort((a, b) => b - a),
      `the organizations needing attention lead, the most first: ${work}`,
    );
    assert.match(
      await page.locator('[data-wall-legend]').textContent(),
      /Stuck: in progress with no NPC activity past the stuck limit/,
    );
    assert.match(await page.locator('npc-wall-clock time').textContent(), /^\d\d:\d\d$/);
    // Nothing hover-only: the chart's figures are open as a table.
    assert.equal(await page.locator('details.as-table').getAttribute('open'), '');
    await page.mouse.move(5, 5);
    await page.screenshot({ path: shots.path('dashboard-wall.png') });
  },
  { viewport: WALL },
);
