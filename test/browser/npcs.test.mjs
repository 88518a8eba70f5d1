/* global document, window */
// What each NPC delivers (docs/rules.md#npc-outcomes): `/npcs` with a row per NPC, its
// order and window in the URL and its export; `/npcs/:handle` with the NPC's measures, where it
// works, its open tasks and its pull requests; both in light and dark, on a desktop and a
// phone, in English and Chinese, checked with axe; an unknown NPC; the admin overview's
// outcome columns; and, on a slow platform, "…" while pull requests are read, filled in
// without a layout shift.
import { readFile } from 'node:fs/promises';

import Papa from 'papaparse';

import { axeViolations } from './a11y.test.mjs';
import { api, startBoard, until } from './harness.mjs';
import {
  DESKTOP,
  PHONE,
  adminApi,
  drawn,
  number,
  open,
  scrollsSideways,
  settled,
  signedIn,
} from './pages.mjs';
import { assert, test } from './runner.mjs';

/** Adds up the page's layout shifts not caused by input, as CLS counts them. */
function watchLayoutShifts() {
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__layoutShift += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** An answer of the board once no enrichment of it is pending (pull requests, runs). */
async function complete(board, path) {
  let answer;
  await until(
    async () => {
      answer = await api(board, path);
      return !answer.headers.get('x-board-pending');
    },
    { what: `${path} complete`, timeoutMs: 120_000, everyMs: 500 },
  );
  return answer.body;
}

/**
 * A board of the test's own, its outcomes read first: the shared board's background budget
 * (60 % of the hour) is spent on conversations, commits and run bills by the time the
 * suite starts, and the pull requests would stay pending until the hour turns. Runs `fn`
 * with it and the complete 7- and 30-day scorecards, then stops it.
 */
async function withOutcomesBoard(page, fn, env = {}) {
  const log = [];
  const board = await startBoard({ log: (line) => log.push(line), env });
  try {
    const week = await complete(board, 'api/npcs?days=7');
    const month = await complete(board, 'api/npcs?days=30');
    await fn(board, { week, month });
  } catch (error) {
    // The board's last words, for a failure that is the board's.
    error.message += `\n  board log:\n${log.slice(-15).join('\n')}`;
    throw error;
  } finally {
    await page.goto('about:blank').catch(() => undefined);
    await board.stop();
  }
}

/** `46%`, as the pages round a share. */
const percent = (ratio) => `${Math.round(ratio * 100)}%`;

/** Core-hours as the pages print them: `1,234.5`, two decimals at most. */
const hoursText = (hours) => hours.toLocaleString('en', { maximumFractionDigits: 2 });

/** A count as the pages print it: `1,240`. */
const count = (n) => n.toLocaleString('en');

/** The rows of `/npcs` in the order shown. */
const rowKeys = (page) =>
  page
    .locator('table[data-table="npcs"] tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.dataset.row));

const cellText = async (row, key) =>
  (await row.locator(`[data-cell="${key}"]`).textContent()).replace(/\s+/g, ' ').trim();

/** Clicks a Download CSV button and parses the file it saves. */
async function download(page, name) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`button[data-csv="${name}"]`).click(),
  ]);
  const text = await readFile(await file.path(), 'utf8');
  assert.equal(text.charCodeAt(0), 0xfeff, 'the file starts with a byte order mark');
  return {
    name: file.suggestedFilename(),
    rows: Papa.parse(text.slice(1), { skipEmptyLines: true }).data,
  };
}

test(
  'npcs: a row per NPC with the board’s measures, sorted and windowed in the URL, exported as shown',
  async ({ page, shots }) =>
    withOutcomesBoard(page, async (board, { week, month }) => {
      assert.ok(week.npcs.length > 0, 'the demo has NPCs at work');
      await page.addInitScript(watchLayoutShifts);
      await open(page, board, 'npcs');
      await settled(page);

      assert.deepEqual(
        await rowKeys(page),
        week.npcs.map((card) => card.npc),
      );
      for (const card of week.npcs) {
        const m = card.measures;
        const row = page.locator(`tr[data-row="${card.npc}"]`);
        assert.equal(number(await cellText(row, 'completed')), m.tasks_completed, card.npc);
        if (m.completion_rate !== null) {
          assert.equal(
            await cellText(row, 'completion'),
            `${percent(m.completion_rate)} n = ${count(m.tasks_created)}`,
          );
        }
        const pulls = m.pulls;
        assert.ok(pulls, `${card.npc}: pull requests read`);
        const mergeN = pulls.merged + pulls.closed_unmerged;
        assert.equal(
          await cellText(row, 'merge_rate'),
          pulls.merge_rate === null ? '—' : `${percent(pulls.merge_rate)} n = ${mergeN}`,
          `${card.npc} merge rate`,
        );
        assert.equal(
          await cellText(row, 'autonomy'),
          pulls.autonomy === null ? '—' : `${percent(pulls.autonomy)} n = ${pulls.merged}`,
          `${card.npc} autonomy`,
        );
        // Nothing is pending any more: a missing cost is too few, with its n.
        assert.equal(
          await cellText(row, 'cost_pull'),
          m.cost_per_merged_pull === null
            ? `too few n = ${pulls.merged}`
            : `${hoursText(m.cost_per_merged_pull)} n = ${pulls.merged}`,
          `${card.npc} cost per merged PR`,
        );
        assert.equal(
          await cellText(row, 'cost_task'),
          m.cost_per_completed_task === null
            ? `too few n = ${count(m.tasks_completed)}`
            : `${hoursText(m.cost_per_completed_task)} n = ${count(m.tasks_completed)}`,
          `${card.npc} cost per completed task`,
        );
        assert.equal(
          await row.locator('npc-sparkline svg').getAttribute('aria-label'),
          `Tasks completed per week, oldest first: ${card.weeks.map((w) => count(w.tasks_completed)).join(', ')}`,
        );
        assert.equal(
          await row.locator('th a').getAttribute('href'),
          `${new URL(board.url).pathname}npcs/${card.npc}`,
        );
      }
      assert.equal(await page.locator('[data-state="pending"]').count(), 0);
      assert.match(
        await page.locator('th[data-column="autonomy"]').getAttribute('title'),
        /no commit by a person/,
      );
      assert.match(await page.locator('npc-measures-legend').textContent(), /Rework/);
      const shift = await page.evaluate(() => window.__layoutShift);
      assert.ok(shift < 0.1, `layout shift ${shift.toFixed(3)} stays under 0.1`);
      await shots.fullPage(page, 'npcs-desktop.png');
      assert.deepEqual(await axeViolations(page), []);

      // Sorted by a header: in the URL, and kept by a reload.
      await page.locator('th button[data-sort="completed"]').click();
      await page.waitForURL(/sort=completed/);
      const ascending = [...week.npcs]
        .sort((a, b) => a.measures.tasks_completed - b.measures.tasks_completed)
        .map((card) => card.npc);
      assert.deepEqual(
        await drawn(page, 'table[data-table="npcs"] tbody tr', ascending, { attribute: 'row' }),
        ascending,
      );
      await page.locator('th button[data-sort="completed"]').click();
      await page.waitForURL(/dir=desc/);
      const descending = [...week.npcs]
        .sort((a, b) => b.measures.tasks_completed - a.measures.tasks_completed)
        .map((card) => card.npc);
      await page.reload();
      await settled(page);
      assert.deepEqual(
        await drawn(page, 'table[data-table="npcs"] tbody tr', descending, { attribute: 'row' }),
        descending,
      );
      assert.equal(
        await page.locator('th[aria-sort="descending"] button').getAttribute('data-sort'),
        'completed',
      );

      // The export holds the rows as shown, in that order, numbers as numbers.
      const file = await download(page, 'npcs');
      assert.match(file.name, /^npcs-\d{4}-\d{2}-\d{2}\.csv$/);
      const [header, ...rows] = file.rows;
      assert.deepEqual(header.slice(0, 2), ['NPC', 'Configured']);
      assert.deepEqual(
        rows.map((r) => r[0]),
        descending,
      );
      const completed = header.indexOf('Tasks completed');
      const byNpc = new Map(week.npcs.map((card) => [card.npc, card]));
      for (const r of rows) {
        assert.equal(Number(r[completed]), byNpc.get(r[0]).measures.tasks_completed);
      }
      assert.equal(header.filter((h) => h.startsWith('Completed (week of')).length, 4);

      // The 30-day window: in the URL, its figures, and kept by the NPC links.
      await page.locator('[data-segment="30"]').click();
      await page.waitForURL(/days=30/);
      await page.locator('.since').filter({ hasText: 'Over the last 30 days' }).waitFor();
      await settled(page);
      const first = month.npcs[0];
      const firstRow = page.locator(`tr[data-row="${first.npc}"]`);
      assert.equal(number(await cellText(firstRow, 'completed')), first.measures.tasks_completed);
      await firstRow.locator('th a').click();
      await page.waitForURL(new RegExp(`npcs/${first.npc}\\?days=30$`));
      await settled(page);
      assert.equal((await page.locator('main h1').textContent()).trim(), first.npc);
    }),
  { timeoutMs: 240_000, contextOptions: { bypassCSP: true } },
);

test(
  'npc page: its measures, per organization and repository, open tasks to the task board and pull requests',
  async ({ page, shots }) =>
    withOutcomesBoard(page, async (board, { month }) => {
      const npc = month.npcs[0].npc;
      const detail = await complete(board, `api/npcs/${npc}?days=30`);
      await page.addInitScript(watchLayoutShifts);
      await open(page, board, `npcs/${npc}?days=30`);
      await settled(page);

      assert.equal(
        number(await page.locator('[data-figure="completed"] dd').textContent()),
        detail.measures.tasks_completed,
      );
      assert.deepEqual(
        await drawn(
          page,
          'table[data-table="orgs"] tbody tr',
          detail.by_org.map((o) => o.org),
          { attribute: 'row' },
        ),
        detail.by_org.map((o) => o.org),
      );
      assert.deepEqual(
        await drawn(
          page,
          'table[data-table="repos"] tbody tr',
          detail.by_repo.map((r) => r.repo),
          { attribute: 'row' },
        ),
        detail.by_repo.map((r) => r.repo),
      );
      const org = detail.by_org[0];
      const orgRow = page.locator(`table[data-table="orgs"] tr[data-row="${org.org}"]`);
      assert.equal(
        number(await cellText(orgRow, 'completed')),
        org.measures.tasks_completed,
        `${org.org} completed`,
      );
      assert.match(
        await orgRow.locator('th a').getAttribute('href'),
        new RegExp(`tasks\\?org=${org.org}&npc=${npc}$`),
      );

      // Open tasks, the longest untouched first, as the board lists them.
      const taskKeys = detail.tasks.map((t) => `${t.repo}#${t.number}`);
      assert.deepEqual(
        await drawn(page, 'tr[data-task]', taskKeys, { attribute: 'task' }),
        taskKeys,
      );
      const stuck = detail.tasks.filter((t) => t.attention === 'stuck').length;
      assert.equal(await page.locator('tr[data-task] [data-attention="stuck"]').count(), stuck);

      // Pull requests with their outcome; a merged one with its time to merge.
      const pullKeys = detail.pulls.map((p) => `${p.repo}#${p.number}`);
      assert.deepEqual(
        await drawn(page, 'tr[data-pull]', pullKeys, { attribute: 'pull' }),
        pullKeys,
      );
      for (const pull of detail.pulls) {
        const row = page.locator(`tr[data-pull="${pull.repo}#${pull.number}"]`);
        assert.equal(await row.getAttribute('data-outcome'), pull.state);
        const ttm = (await row.locator('[data-cell="time-to-merge"]').textContent()).trim();
        assert.equal(ttm === '—', pull.merged_at === null, `${pull.repo}#${pull.number}: ${ttm}`);
        assert.equal(await row.locator('a[target="_blank"]').getAttribute('href'), pull.web_url);
      }
      const shift = await page.evaluate(() => window.__layoutShift);
      assert.ok(shift < 0.1, `layout shift ${shift.toFixed(3)} stays under 0.1`);

      // The weekly trends are drawn once in view.
      await page.locator('npc-npc-trends').scrollIntoViewIfNeeded();
      await page.locator('npc-npc-trends npc-line-chart canvas').nth(2).waitFor();
      await shots.fullPage(page, 'npc-desktop.png');
      assert.deepEqual(await axeViolations(page), []);

      // The per-repository export holds every repository, as shown.
      const file = await download(page, `npc-${npc}-repositories`);
      assert.deepEqual(
        file.rows.slice(1).map((r) => r[0]),
        detail.by_repo.map((r) => r.repo),
      );

      // A task opens in the task board's dialog.
      const task = detail.tasks[0];
      await page.locator(`tr[data-task="${task.repo}#${task.number}"] a`).click();
      await page.waitForURL(/\/tasks\?repo=.+&issue=\d+/);
      const dialog = page.locator('mat-dialog-container');
      await dialog.locator('h2').filter({ hasText: task.title }).waitFor();
    }),
  { timeoutMs: 240_000, contextOptions: { bypassCSP: true } },
);

test(
  'npc page: an NPC the board does not know is a not-found state with the way back',
  async ({ page, board, shots }) => {
    await open(page, board, 'npcs/nobody-at-all');
    await page.locator('[data-state="unknown-npc"]').waitFor();
    await settled(page);
    assert.match(
      await page.locator('[data-state="unknown-npc"]').textContent(),
      /knows no NPC named nobody-at-all/,
    );
    assert.equal(await page.locator('npc-load-error').count(), 0);
    await page.screenshot({ path: shots.path('npc-unknown-desktop.png') });
    assert.deepEqual(await axeViolations(page), []);
    await page.locator('[data-state="unknown-npc"] a').click();
    await page.waitForURL(/\/npcs$/);
    await page.locator('table[data-table="npcs"]').waitFor();
  },
  { contextOptions: { bypassCSP: true }, expectedConsole: [/status of 404/] },
);

for (const colorScheme of ['light', 'dark']) {
  test(
    `npcs: both pages in English and Chinese, ${colorScheme}, desktop and phone: no serious axe finding, no sideways scrolling`,
    async ({ page, context, shots }) =>
      withOutcomesBoard(page, async (board, { week }) => {
        const npc = week.npcs[0].npc;
        await complete(board, `api/npcs/${npc}?days=7`);
        const findings = [];
        for (const [device, viewport] of [
          ['desktop', DESKTOP],
          ['phone', PHONE],
        ]) {
          await page.setViewportSize(viewport);
          for (const language of ['en', 'zh-CN']) {
            await context.addCookies([{ name: 'board_lang', value: language, url: board.url }]);
            for (const [name, path, ready] of [
              ['npcs', 'npcs', 'table[data-table="npcs"] tbody tr'],
              ['npc', `npcs/${npc}`, '[data-figure="completed"]'],
            ]) {
              await open(page, board, path);
              await page.locator(ready).first().waitFor({ timeout: 30_000 });
              await settled(page);
              const where = `${language} ${device} ${path}`;
              assert.equal(
                await page.evaluate(() => document.documentElement.lang),
                language,
                where,
              );
              assert.equal(await page.locator('[data-state="pending"]').count(), 0, where);
              if (language === 'zh-CN') {
                const heading = (await page.locator('main h1').textContent()).trim();
                if (name === 'npcs') assert.equal(heading, 'NPC 成效');
                assert.match(await page.locator('main').textContent(), /核时/, where);
              }
              assert.equal(await scrollsSideways(page), false, `${where} scrolls sideways`);
              if (name === 'npc') {
                // The trends drawn, so the shot and axe see the charts as a visitor does.
                await page.locator('npc-npc-trends').scrollIntoViewIfNeeded();
                await page.locator('npc-npc-trends npc-line-chart canvas').nth(2).waitFor();
              }
              await shots.fullPage(page, `${language}-${name}-${colorScheme}-${device}.png`);
              // Colours do not change with the language: contrast is checked in English.
              const without = language === 'en' ? [] : ['color-contrast'];
              for (const v of await axeViolations(page, { without })) {
                const nodes = v.nodes.map((n) => n.target).join(', ');
                findings.push(`${where}: ${v.rule} (${v.impact}) ${v.help}: ${nodes}`);
              }
            }
          }
        }
        assert.deepEqual(findings, []);
      }),
    { timeoutMs: 300_000, contextOptions: { colorScheme, bypassCSP: true } },
  );
}

test(
  'admin overview: each NPC row gives its merge rate and autonomy with their n, and core-hours per merged PR',
  async ({ page, board, shots }) => {
    const overview = await adminApi(board, 'GET', 'api/admin/overview?days=7');
    await signedIn(page, board);
    await open(page, board, 'admin/dashboard');
    await page.locator('npc-figure-card').first().waitFor();
    await settled(page);
    assert.ok(overview.npcs.length > 0, 'the overview has NPC rows');
    for (const f of overview.npcs) {
      const row = page.locator(`tr[data-npc="${f.npc}"]`);
      assert.equal(
        await cellText(row, 'merge_rate'),
        f.merge_rate === null ? '—' : `${percent(f.merge_rate)} n = ${f.merge_n}`,
        `${f.npc} merge rate`,
      );
      assert.equal(
        await cellText(row, 'autonomy'),
        f.autonomy === null ? '—' : `${percent(f.autonomy)} n = ${f.merged_pulls}`,
        `${f.npc} autonomy`,
      );
      assert.equal(
        await cellText(row, 'cost_per_merged_pull'),
        f.merged_pulls < 5
          ? `too few (n = ${f.merged_pulls})`
          : f.cost_per_merged_pull === null
            ? '—'
            : `${hoursText(f.cost_per_merged_pull)} core-h`,
        `${f.npc} cost per merged PR`,
      );
    }
    await page.locator('table.npc-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shots.path('npcs-admin-overview-desktop.png') });
    assert.deepEqual(await axeViolations(page), []);
  },
  { timeoutMs: 90_000, contextOptions: { bypassCSP: true } },
);

test(
  'npcs core first: on a slow platform the table answers at once with "…" for pull requests, then fills in without a layout shift',
  async ({ page, shots }) => {
    // 250 ms a platform call: the board takes many seconds to read the pull requests.
    const log = [];
    const board = await startBoard({
      log: (line) => log.push(line),
      env: { FORGE_LATENCY_MS: '250' },
    });
    try {
      await page.addInitScript(watchLayoutShifts);
      await open(page, board, 'npcs');
      const table = page.locator('table[data-table="npcs"]');
      await table.waitFor({ timeout: 60_000 });
      const counting = table.locator('[data-cell="merge_rate"][data-state="pending"]');
      await counting.first().waitFor({ timeout: 30_000 });
      assert.match(await page.locator('.pending-note').textContent(), /still reading/);
      // The task measures are there already.
      assert.ok(
        (await table.locator('[data-cell="completed"][data-state="value"]').count()) > 0,
        'the task measures show while pull requests are read',
      );
      const before = await table.boundingBox();
      await page.screenshot({ path: shots.path('npcs-counting-desktop.png') });

      await page.waitForFunction(
        () => document.querySelectorAll('[data-state="pending"]').length === 0,
        undefined,
        { timeout: 150_000 },
      );
      assert.equal((await page.locator('.pending-note').textContent()).trim(), '');
      const after = await table.boundingBox();
      assert.equal(after.y, before.y, 'the table keeps its place');
      const shift = await page.evaluate(() => window.__layoutShift);
      assert.ok(shift < 0.1, `layout shift ${shift.toFixed(3)} stays under 0.1`);
      await page.screenshot({ path: shots.path('npcs-counted-desktop.png') });
    } catch (error) {
      error.message += `\n  board log:\n${log.slice(-15).join('\n')}`;
      throw error;
    } finally {
      await page.goto('about:blank').catch(() => undefined);
      await board.stop();
    }
  },
  { timeoutMs: 300_000 },
);
