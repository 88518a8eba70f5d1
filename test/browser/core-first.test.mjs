/* global document, window */
// Core first (docs/architecture.md#core-first): on a slow platform, the dashboard and the
// task board show their core content while the board is still reading NPC conversations,
// say so in place, and fill in when the reads arrive, without moving what is shown.
import { startBoard } from './harness.mjs';
import { open } from './pages.mjs';
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

test(
  'core first: dashboard and task board show their core content while counting, then fill in without a layout shift',
  async ({ page, shots }) => {
    // 250 ms a platform call: the conversations take the board many seconds to read, the
    // dashboard's organizations two rounds.
    const board = await startBoard({ env: { FORGE_LATENCY_MS: '250' } });
    const tasks = await page.context().newPage();
    try {
      for (const view of [page, tasks]) await view.addInitScript(watchLayoutShifts);
      await Promise.all([open(page, board, ''), open(tasks, board, 'tasks')]);

      // The dashboard: every card with its core figures, the attention chips counting.
      await page.locator('npc-org-card [data-stat="active"]').first().waitFor();
      const counting = page.locator('npc-org-card [data-stat="attention-pending"]');
      await counting.first().waitFor({ timeout: 30_000 });
      assert.equal(await page.locator('npc-org-card').count(), 10);
      assert.match(await counting.first().textContent(), /counting stuck and overdue/);
      const card = page.locator('npc-org-card').first();
      const before = await card.boundingBox();
      await page.screenshot({ path: shots.path('dashboard-counting-desktop.png') });

      // The task board: the columns are there, the lane holds its place and says why.
      await tasks.locator('[data-lane-counting]').waitFor({ timeout: 30_000 });
      assert.ok((await tasks.locator('npc-issue-card').count()) > 0, 'the columns show issues');
      await tasks.screenshot({ path: shots.path('tasks-counting-desktop.png') });

      // Both fill in by themselves.
      await page.locator('npc-org-card [data-stat="stuck"]').first().waitFor({ timeout: 120_000 });
      await page.waitForFunction(
        () =>
          document.querySelectorAll('npc-org-card [data-stat="attention-pending"]').length === 0,
        undefined,
        { timeout: 120_000 },
      );
      await tasks.locator('[data-lane="attention"]').waitFor({ timeout: 120_000 });
      assert.equal(await tasks.locator('[data-lane-counting]').count(), 0);
      const after = await card.boundingBox();
      assert.deepEqual(
        [after.y, after.height],
        [before.y, before.height],
        'the card keeps its place and size',
      );
      for (const [name, view] of [
        ['dashboard', page],
        ['task board', tasks],
      ]) {
        const shift = await view.evaluate(() => window.__layoutShift);
        assert.ok(shift < 0.1, `${name}: layout shift ${shift.toFixed(3)} stays under 0.1`);
      }
      await page.screenshot({ path: shots.path('dashboard-counted-desktop.png') });
      await tasks.screenshot({ path: shots.path('tasks-counted-desktop.png') });
    } finally {
      await tasks.close();
      await page.goto('about:blank');
      await board.stop();
    }
  },
  { timeoutMs: 240_000 },
);
