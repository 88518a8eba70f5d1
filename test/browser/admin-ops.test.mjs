/* global document */
// The admin overview's per-NPC work table, its drill-down links and bars, and the
// Settings card of the admin entry page. They read the per-NPC figures and the settings
// the board API added for NPC operations.
import { axeViolations } from './a11y.test.mjs';
import { api } from './harness.mjs';
import { PHONE, adminApi, open, scrollsSideways, settled, signedIn } from './pages.mjs';
import { assert, test } from './runner.mjs';

const MIN_PERCENTILE_SAMPLE = 5;

const text = async (locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

test('admin overview: the per-NPC table shows pickup, cycle, WIP, stuck and completed', async ({
  page,
  board,
  shots,
}) => {
  await signedIn(page, board);
  // The figures move with the clock (an issue turns stuck): compare with the answer the
  // page itself received.
  const answered = page.waitForResponse((r) => r.url().includes('api/admin/overview?days=7'));
  await open(page, board, 'admin/dashboard');
  const overview = await (await answered).json();
  await settled(page);

  assert.ok(overview.npcs.length > 0, 'the demo data has NPC work');
  for (const f of overview.npcs) {
    const row = page.locator(`tr[data-npc="${f.npc}"]`);
    for (const [key, value, n] of [
      ['pickup_p50', f.pickup_p50_s, f.pickup_n],
      ['pickup_p95', f.pickup_p95_s, f.pickup_n],
      ['cycle_p50', f.cycle_p50_s, f.cycle_n],
      ['cycle_p95', f.cycle_p95_s, f.cycle_n],
    ]) {
      const shown = await text(row.locator(`[data-cell="${key}"]`));
      if (n < MIN_PERCENTILE_SAMPLE || value === null) {
        assert.equal(shown, `too few (n = ${n})`, `${f.npc} ${key}`);
      } else {
        assert.match(shown, /^\d+[smhd]\b/, `${f.npc} ${key} is a duration`);
        if (key.endsWith('p50')) assert.match(shown, new RegExp(`n = ${n}$`), `${f.npc} ${key} n`);
      }
    }
    for (const key of ['wip', 'stuck', 'completed']) {
      assert.equal(await text(row.locator(`[data-cell="${key}"]`)), String(f[key]));
    }
  }
  // Every header says how it is computed.
  for (const key of ['pickup_p50', 'pickup_p95', 'cycle_p50', 'cycle_p95', 'wip', 'stuck']) {
    const title = await page.locator(`th[data-column="${key}"]`).getAttribute('title');
    assert.ok(title && title.length > 20, `${key} header explains itself`);
  }
  assert.match(await text(page.locator('.legend')), /first NPC comment − assignment/);
  // Organization rows carry credits per task with its n.
  for (const r of overview.credit_ranking) {
    assert.match(
      await text(page.locator(`[data-table="credit-ranking"] tr[data-org="${r.org_slug}"]`)),
      new RegExp(`\\(n = ${r.tasks_completed}\\)`),
    );
  }
  await shots.fullPage(page, 'admin-npc-table-desktop.png');
});

test('admin overview: an NPC row opens its stuck tasks', async ({ page, board }) => {
  await signedIn(page, board);
  await open(page, board, 'admin/dashboard');
  await settled(page);
  const row = page.locator('tr[data-npc]').first();
  const npc = await row.getAttribute('data-npc');
  await row.locator('a.npc-stuck').focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname.endsWith('/tasks'));
  const params = new URL(page.url()).searchParams;
  assert.equal(params.get('npc'), npc);
  assert.equal(params.get('attention'), 'stuck');
});

test('admin overview: a bar of each ranking opens the matching task list', async ({
  page,
  board,
}) => {
  const overview = await adminApi(board, 'GET', 'api/admin/overview?days=7');
  const { body: meta } = await api(board, 'api/meta');
  await signedIn(page, board);

  // The first bar of a ranking is the top of its chart; a click along its row counts.
  const clickFirstBar = async (section) => {
    const block = page.locator(`section[aria-labelledby="${section}"]`);
    // The chart is drawn once its place scrolls into view.
    await block.locator('.chart-placeholder, npc-bar-chart').first().scrollIntoViewIfNeeded();
    const canvas = block.locator('npc-bar-chart canvas');
    await canvas.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (sel) => (document.querySelector(sel)?.width ?? 0) > 0,
      `section[aria-labelledby="${section}"] npc-bar-chart canvas`,
    );
    const box = await canvas.boundingBox();
    await canvas.click({ position: { x: box.width * 0.5, y: 18 } });
  };

  if (overview.credit_ranking.length > 0) {
    await open(page, board, 'admin/dashboard');
    await settled(page);
    await clickFirstBar('credit-heading');
    await page.waitForURL(/\/tasks\?org=/);
    const slug = new URL(page.url()).searchParams.get('org');
    assert.equal(slug, overview.credit_ranking[0].org_slug);
    assert.ok(meta.covered_orgs.includes(slug));
  }

  const active = overview.activity_ranking.filter((r) => r.commits > 0);
  if (active.length > 0) {
    await open(page, board, 'admin/dashboard');
    await settled(page);
    await clickFirstBar('activity-heading');
    await page.waitForURL(/\/tasks\?repository=/);
    assert.equal(new URL(page.url()).searchParams.get('repository'), active[0].repo);
  }
});

test(
  'admin entry: the Settings card saves the pickup SLO and stuck threshold',
  async ({ page, board }) => {
    const before = await adminApi(board, 'GET', 'api/admin/settings');
    await signedIn(page, board);
    await open(page, board, 'admin');
    await settled(page);
    const card = page.locator('npc-settings-card');
    assert.equal(
      Number(await card.locator('input[data-field="pickup_slo_minutes"]').inputValue()),
      before.pickup_slo_minutes,
    );

    // A value that is not above zero is refused on the spot.
    await card.locator('input[data-field="stuck_after_hours"]').fill('0');
    await card.locator('button[type="submit"]').click();
    assert.match(await text(card.locator('mat-error')), /above zero/);

    await card.locator('input[data-field="stuck_after_hours"]').fill('0.5');
    await card.locator('button[type="submit"]').click();
    await card.locator('[role="status"]').waitFor();
    assert.match(await text(card.locator('[role="status"]')), /stuck after 0.5h/);
    const after = await adminApi(board, 'GET', 'api/admin/settings');
    assert.equal(after.stuck_after_hours, 0.5);
    assert.equal(after.pickup_slo_minutes, before.pickup_slo_minutes, 'the other setting is kept');
    assert.equal(after.credit_alert_threshold, before.credit_alert_threshold);

    // Leave the board as the other tests expect it.
    await adminApi(board, 'PUT', 'api/admin/settings', {
      stuck_after_hours: before.stuck_after_hours,
    });
  },
  { exclusive: true },
);

test(
  "admin entry: one NPC's own WIP limits, set in the Settings card, guard its dispatches",
  async ({ page, board, shots }) => {
    const npc = 'npc-reviewer';
    const repo = (await api(board, 'api/orgs/aurora-labs/repos')).body[0].full_name;
    const wipFinding = async () =>
      (await adminApi(board, 'POST', 'api/issues/preflight', { repo, npc })).findings.find(
        (f) => f.code === 'wip_limit',
      );
    const held = (await api(board, 'api/issues?npc=true')).body.filter(
      (i) => i.state === 'open' && i.assignees.some((a) => a.username === npc),
    );
    assert.ok(held.length >= 1, `${npc} holds open tasks in the demo seed`);
    assert.notEqual((await wipFinding())?.severity, 'block', 'no global hard limit in the demo');
    try {
      await signedIn(page, board);
      await open(page, board, 'admin');
      await settled(page);
      const card = page.locator('npc-settings-card');
      await card.locator('select[data-field="npc-add"]').selectOption(npc);
      await card.locator('[data-action="add-npc-limits"]').click();
      const row = card.locator(`[data-npc-limits="${npc}"]`);
      await row.locator('input[data-field="npc-hard"]').fill('1');
      assert.deepEqual(await axeViolations(page), [], "no serious axe finding on an NPC's row");
      await card.locator('button[type="submit"]').click();
      await card.locator('[role="status"]').waitFor();
      assert.match(await text(card.locator('[role="status"]')), /1 NPC has limits of its own\./);
      assert.deepEqual((await adminApi(board, 'GET', 'api/admin/settings')).wip_limits, {
        [npc]: { hard: 1 },
      });
      // At its own hard limit, a dispatch to the NPC is refused unless overridden.
      assert.equal((await wipFinding())?.severity, 'block');
      await shots.fullPage(page, 'admin-settings-npc-limits.png');

      await row.getByRole('button', { name: `Remove the limits of ${npc}` }).click();
      await card.locator('button[type="submit"]').click();
      await row.waitFor({ state: 'detached' });
      await page.waitForFunction(() =>
        /Saved: .*no hard limit\. Run alerts after /.test(
          document.querySelector('npc-settings-card [role="status"]')?.textContent?.trim() ?? '',
        ),
      );
      assert.deepEqual((await adminApi(board, 'GET', 'api/admin/settings')).wip_limits, {});
    } finally {
      await adminApi(board, 'PUT', 'api/admin/settings', { wip_limits: { [npc]: null } });
    }
  },
  // axe is injected into the page: the test context alone bypasses the CSP.
  { contextOptions: { bypassCSP: true }, exclusive: true },
);

test(
  'admin pages at 375 px: the per-NPC table and the Settings card fit',
  async ({ page, board }) => {
    await signedIn(page, board);
    for (const path of ['admin', 'admin/dashboard', 'admin/credits']) {
      await open(page, board, path);
      await settled(page);
      assert.equal(await scrollsSideways(page), false, `${path} scrolls sideways`);
    }
  },
  { viewport: PHONE },
);
