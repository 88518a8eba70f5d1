/* global document */
import { alive, childPids, startBoard, until } from './harness.mjs';
import { open, settled } from './pages.mjs';
import { assert, test } from './runner.mjs';

const TTL_MS = 2000;

test(
  'stale data: when the platform stops answering, the page says so and keeps its data',
  async ({ page, shots }) => {
    // A board of its own, with a short cache life, whose forge this test may stop.
    const board = await startBoard({ env: { CACHE_TTL_MS: String(TTL_MS) } });
    try {
      await open(page, board, '');
      await settled(page);
      assert.equal(await page.locator('npc-stale-banner').count(), 0);

      const forges = childPids(board.pid);
      assert.equal(forges.length, 1, 'the board runs one forge');
      process.kill(forges[0], 'SIGTERM');
      await until(() => !alive(forges[0]), { what: 'the forge stops' });
      // Once the cached answer is past its life, the board serves it as stale.
      await until(
        async () => (await fetch(`${board.url}api/orgs`)).headers.get('x-cache') === 'STALE',
        { what: 'api/orgs is served stale', timeoutMs: TTL_MS + 20_000 },
      );

      await page.locator('npc-data-status button[aria-label^="Refresh"]').click();
      const banner = page.locator('npc-stale-banner [role="status"]');
      await banner.waitFor({ timeout: 20_000 });
      assert.match(await banner.textContent(), /The platform did not answer; showing data from/);
      assert.equal(await page.locator('npc-org-card').count(), 10, 'the cards stay');
      assert.equal(await page.locator('npc-load-error').count(), 0);
      assert.match(await page.locator('npc-data-status').textContent(), /Data as of/);
      await page.evaluate(() => document.activeElement?.blur());
      await page.screenshot({ path: shots.path('dashboard-stale-desktop.png') });
    } finally {
      // Leave the page first: requests still in flight would fail noisily once it stops.
      await page.goto('about:blank');
      await board.stop();
    }
  },
  {
    timeoutMs: 90_000,
    // The cards show the platform's avatars, loaded by the browser from the platform: those
    // below the fold load lazily and fail once the forge is stopped. Nothing else may fail.
    expectedConsole: [
      /net::ERR_CONNECTION_(RESET|REFUSED) at http:\/\/[^/]+\/-\/avatars\/[\w.-]+\.svg$/,
    ],
  },
);
