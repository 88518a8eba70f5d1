/* global document */
import { api } from './harness.mjs';
import { PHONE, TOKEN_KEY, adminApi, open, scrollsSideways, settled, signedIn } from './pages.mjs';
import { assert, test } from './runner.mjs';

// Chromium logs every 4xx answer as a console error; these tests provoke some on purpose.
const REFUSED_SIGN_IN = /status of 401 \(Unauthorized\)/;
const REFUSED_INPUT = /status of 400 \(Bad Request\)/;

/** Signs in through the form on `/admin`. */
async function signInWithForm(page, token) {
  await page.locator('input[name="admin-token"]').fill(token);
  await page.locator('npc-sign-in-form button[type="submit"]').click();
}

test(
  'admin: a wrong token is refused, the right one signs in; a dispatched issue is on the task board',
  async ({ page, board, shots }) => {
    await open(page, board, 'admin');
    await settled(page);
    await signInWithForm(page, 'not-the-admin-token-at-all');
    const refusal = page.locator('npc-sign-in-form [role="alert"]');
    await refusal.waitFor();
    assert.match(await refusal.textContent(), /That token is not valid\./);
    assert.equal(await page.locator('a.tile').count(), 0);
    await page.screenshot({ path: shots.path('admin-signed-out-desktop.png') });

    await signInWithForm(page, board.adminToken);
    await page.locator('a.tile').first().waitFor();
    assert.equal(
      await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY),
      board.adminToken,
    );
    assert.equal(await page.locator('button.sign-out').count(), 1, 'Sign out is in the top bar');
    await page.screenshot({ path: shots.path('admin-entry-desktop.png') });

    // The tiles lead on; the repository list loads in the background.
    await page.locator('a.tile[href$="/admin/dispatch"]').click();
    await page.waitForURL(/\/admin\/dispatch$/);
    await settled(page);
    const { body: repos } = await api(board, 'api/orgs/aurora-labs/repos');
    const repo = repos[0].full_name;

    // Keyboard: type to search, the first match is active, Enter picks it.
    const repoField = page.locator('input[data-field="repo"]');
    await repoField.focus();
    await page.keyboard.type(repo);
    await page.locator(`mat-option[data-repo="${repo}"]`).waitFor();
    await page.keyboard.press('Enter');
    assert.equal(await repoField.inputValue(), repo);

    await page.locator('mat-radio-button[data-npc="npc-tester"]').click();
    await page.getByRole('switch', { name: 'Work mode' }).click();
    const title = `Export the task list as CSV (${Date.now()})`;
    await page
      .locator('textarea[data-field="requirement"]')
      .fill(
        `## ${title}\n\nOne row per **issue**, one column per field.\n\n[click me](javascript:alert(1))`,
      );
    const preview = page.locator('.preview npc-markdown');
    await preview.locator('h2', { hasText: title }).waitFor();
    assert.equal(await preview.locator('strong').textContent(), 'issue');
    assert.equal(await preview.locator('a[href^="javascript"]').count(), 0, 'sanitised');
    assert.equal(
      await page.locator('input[data-field="title"]').getAttribute('placeholder'),
      title,
    );
    // The demo's npc-tester holds more open tasks than the soft WIP limit: a warning to confirm.
    await page.locator('npc-dispatch-findings [data-finding="wip_limit"].warn').waitFor();
    await shots.fullPage(page, 'admin-dispatch-desktop.png');
    await page.locator('[data-gate="confirm"] mat-checkbox input').check();

    await page.locator('button[type="submit"]', { hasText: 'Dispatch' }).click();
    const created = page.locator('.created');
    await created.waitFor({ timeout: 20_000 });
    const boardHref = await created.locator('a[data-link="board"]').getAttribute('href');
    const number = Number(/[?&]issue=(\d+)/.exec(boardHref)?.[1]);
    assert.match(
      boardHref,
      new RegExp(`tasks\\?repo=${repo.replace('/', '(/|%2F)')}&issue=${number}$`),
    );
    const { body: issue } = await api(board, `api/repos/${repo}/issues/${number}`);
    assert.equal(issue.title, title, 'the title defaults to the first line');
    assert.deepEqual(
      issue.assignees.map((a) => a.username),
      ['npc-tester'],
    );
    assert.ok(issue.labels.some((l) => l.name === 'npc-task'));
    assert.match(issue.body, /@npc-tester/);
    assert.equal(
      await created.locator('a[data-link="platform"]').getAttribute('href'),
      issue.web_url,
    );
    assert.equal(await repoField.inputValue(), '', 'the form is reset');
    assert.equal(await page.locator('textarea[data-field="requirement"]').inputValue(), '');

    // The link opens the new issue's dialog on the task board: the lists were refreshed.
    await created.locator('a[data-link="board"]').click();
    await page.waitForURL(/\/tasks\?/);
    await page
      .locator('mat-dialog-container h2[mat-dialog-title]', { hasText: title })
      .waitFor({ timeout: 20_000 });
  },
  { timeoutMs: 60_000, expectedConsole: [REFUSED_SIGN_IN], exclusive: true },
);

test(
  'admin: a new threshold changes the red rows here and on /credits; refresh records a snapshot',
  async ({ page, board, shots }) => {
    const { body: meta } = await api(board, 'api/meta');
    const { body: orgs } = await api(board, 'api/orgs');
    const known = orgs.filter((o) => o.credits_balance !== null);
    // Four organizations under the new threshold instead of the seed's two.
    const sorted = known.map((o) => o.credits_balance).sort((a, b) => a - b);
    const threshold = Math.floor(sorted[3]) + 1;
    const lowAt = (limit) =>
      known
        .filter((o) => o.credits_balance < limit)
        .map((o) => o.slug)
        .sort();
    const redRows = () =>
      page
        .locator('tr[data-low="true"]')
        .evaluateAll((trs) => trs.map((tr) => tr.dataset.org).sort());
    assert.notDeepEqual(lowAt(threshold), lowAt(meta.credit_alert_threshold));

    await signedIn(page, board);
    try {
      await open(page, board, 'admin/credits');
      await settled(page);
      assert.deepEqual(await redRows(), lowAt(meta.credit_alert_threshold));

      // The server's validation message shows under the field.
      const field = page.locator('input[data-field="threshold"]');
      await field.fill('-5');
      await page.locator('button.save').click();
      await page.locator('mat-error', { hasText: 'must not be negative' }).waitFor();

      await field.fill(String(threshold));
      await page.locator('button.save').click();
      await page.locator('.saved', { hasText: `below ${threshold} credits` }).waitFor();
      assert.deepEqual(await redRows(), lowAt(threshold));
      assert.match(
        await page.locator('tr[data-low="true"]').first().textContent(),
        new RegExp(`below ${threshold}`),
      );

      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('api/admin/credits/refresh')),
        page.locator('button', { hasText: 'Refresh now' }).click(),
      ]);
      const refreshed = await response.json();
      await page
        .locator('button', { hasText: 'Refresh now' })
        .and(page.locator(':enabled'))
        .waitFor();
      assert.equal(
        await page.locator('[data-last-snapshot] time').getAttribute('datetime'),
        new Date(refreshed.recorded_at).toISOString(),
      );
      await shots.fullPage(page, 'admin-credits-desktop.png');

      // The public credits monitor marks the same organizations.
      await open(page, board, 'credits');
      await page.locator('tr[data-org]').first().waitFor();
      await settled(page);
      assert.deepEqual(await redRows(), lowAt(threshold));
      assert.match(
        await page.locator('tr[data-low="true"]').first().textContent(),
        new RegExp(`below ${threshold}`),
      );
    } finally {
      // The other suites count on the seed's threshold.
      await adminApi(board, 'PUT', 'api/admin/settings', {
        credit_alert_threshold: meta.credit_alert_threshold,
      });
    }
  },
  { timeoutMs: 60_000, expectedConsole: [REFUSED_INPUT], exclusive: true },
);

test('admin: the overview shows its four figures, the NPC table and both rankings', async ({
  page,
  board,
  shots,
}) => {
  await signedIn(page, board);
  await open(page, board, 'admin/dashboard');
  await page.locator('npc-figure-card').first().waitFor({ timeout: 30_000 });
  await settled(page);
  const [week, month] = await Promise.all([
    adminApi(board, 'GET', 'api/admin/overview?days=7'),
    adminApi(board, 'GET', 'api/admin/overview?days=30'),
  ]);
  const card = (key) => page.locator(`[data-figure="${key}"]`);
  assert.equal(await page.locator('[data-figure]').count(), 4);
  for (const [key, overview] of [
    ['completion-7', week],
    ['completion-30', month],
  ]) {
    const { closed, created, rate } = overview.completion;
    const text = await card(key).textContent();
    assert.match(text, new RegExp(`${closed} closed / ${created} created`), key);
    assert.match(text, new RegExp(`n = ${created} NPC issues`), key);
    assert.equal(
      (await card(key).locator('[data-value]').textContent()).trim(),
      `${Math.round(rate * 100)}%`,
      key,
    );
  }
  const { answered, waiting } = week.response_time;
  for (const key of ['response-average', 'response-p95']) {
    assert.match(await card(key).locator('[data-value]').textContent(), /\d+[smhd]\b/);
    assert.match(
      await card(key).locator('[data-sample]').textContent(),
      new RegExp(`n = ${answered} answered · ${waiting} still waiting`),
    );
  }
  // "How is this computed?" opens by keyboard.
  await card('completion-7').locator('summary').focus();
  await page.keyboard.press('Enter');
  assert.match(await card('completion-7').locator('details p').textContent(), /closed now/);

  const npcs = await page
    .locator('tr[data-npc]')
    .evaluateAll((trs) => trs.map((tr) => tr.dataset.npc));
  assert.deepEqual(
    npcs,
    week.npcs.map((n) => n.npc),
  );
  // Each ranking's chart is drawn once its place scrolls into view.
  for (const section of ['credit-heading', 'activity-heading']) {
    const block = page.locator(`section[aria-labelledby="${section}"]`);
    await block.locator('.chart-placeholder, npc-bar-chart').first().scrollIntoViewIfNeeded();
    await block.locator('npc-bar-chart canvas').waitFor();
  }
  assert.equal(await page.locator('npc-bar-chart canvas').count(), 2);
  await shots.fullPage(page, 'admin-overview-desktop.png');

  await page.locator('npc-segmented button', { hasText: '30 days' }).click();
  await page.waitForURL(/[?&]days=30(&|$)/);
  // The URL changes before the page has the 30-day figures: wait for them to be drawn.
  await card('response-average').filter({ hasText: '(30d)' }).waitFor();
  await settled(page);
  assert.match(await card('response-average').textContent(), /\(30d\)/);
  assert.match(
    await card('response-p95').locator('[data-sample]').textContent(),
    new RegExp(`n = ${month.response_time.answered} answered`),
  );
  assert.match(await page.locator('#activity-heading').textContent(), /30 days/);
});

test(
  'admin: the four pages fit a phone, and signing out locks them again',
  async ({ page, board, shots }) => {
    await open(page, board, 'admin');
    await settled(page);
    await signInWithForm(page, board.adminToken);
    await page.locator('a.tile').first().waitFor();
    await shots.fullPage(page, 'admin-entry-phone.png');
    for (const [name, ready] of [
      ['dashboard', 'npc-figure-card'],
      ['dispatch', 'textarea[data-field="requirement"]'],
      ['credits', 'tr[data-org]'],
    ]) {
      await open(page, board, `admin/${name}`);
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
      await settled(page);
      assert.equal(await scrollsSideways(page), false, `${name} scrolls sideways`);
      await shots.fullPage(page, `admin-${name}-phone.png`);
    }

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/admin$/);
    await page.locator('input[name="admin-token"]').waitFor();
    assert.match(await page.locator('npc-sign-in-form').textContent(), /You are signed out\./);
    assert.equal(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY), null);
    assert.equal(await page.locator('button.sign-out').count(), 0);

    // A signed-out visitor of an admin page lands on the sign-in form, and returns after.
    await open(page, board, 'admin/credits');
    await page.waitForURL(/\/admin\?next=%2Fadmin%2Fcredits$/);
    await signInWithForm(page, board.adminToken);
    await page.waitForURL(/\/admin\/credits$/);
    await page.locator('tr[data-org]').first().waitFor();
    await page.evaluate(() => document.activeElement?.blur());
  },
  { viewport: PHONE, timeoutMs: 60_000 },
);
