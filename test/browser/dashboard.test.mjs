/* global document */
import { api } from './harness.mjs';
import { DESKTOP, PHONE, number, open, settled, shownCredits } from './pages.mjs';
import { assert, test } from './runner.mjs';

test('dashboard: one card per organization with the numbers of api/orgs', async ({
  page,
  board,
  shots,
}) => {
  const { body: orgs } = await api(board, 'api/orgs');
  const { body: meta } = await api(board, 'api/meta');
  await open(page, board, '');
  await settled(page);

  const cards = page.locator('npc-org-card');
  assert.equal(await cards.count(), 10);
  assert.equal(orgs.length, 10);
  for (const org of orgs) {
    const card = page.locator(`npc-org-card[data-org="${org.slug}"]`);
    assert.equal((await card.locator('h2').textContent()).trim(), org.name);
    assert.equal(
      number(await card.locator('[data-stat="repos"] strong').textContent()),
      org.repo_count,
      `${org.slug} repositories`,
    );
    assert.equal(
      number(await card.locator('[data-stat="active"] strong').textContent()),
      org.active_issue_count,
      `${org.slug} active issues`,
    );
    assert.equal(
      number(await card.locator('[data-stat="balance"] .amount').textContent()),
      shownCredits(org.credits_balance),
      `${org.slug} balance`,
    );
    const low = org.credits_balance !== null && org.credits_balance < meta.credit_alert_threshold;
    assert.equal(await card.evaluate((el) => el.classList.contains('low')), low, `${org.slug} low`);
    if (low) assert.match(await card.textContent(), /low · below 50/);
  }
  // The demo seed leaves exactly these two under the threshold.
  const lowSlugs = await page
    .locator('npc-org-card.low')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-org')));
  assert.deepEqual(lowSlugs.sort(), ['helix-data', 'juniper-cloud']);

  // Links: the name to the organization's tasks, the balance to its credits row.
  const first = page.locator('npc-org-card').first();
  assert.match(await first.locator('h2 a').getAttribute('href'), /tasks\?org=aurora-labs$/);
  assert.match(await first.locator('a.balance').getAttribute('href'), /credits\?org=aurora-labs$/);

  // The consumption chart draws once scrolled into view, with its table alternative.
  await page.locator('section.trend').scrollIntoViewIfNeeded();
  await page.locator('npc-line-chart canvas').waitFor();
  assert.equal(await page.locator('details.as-table tbody tr').count(), 10);
  assert.match(await page.locator('npc-data-status').textContent(), /Data as of|ago|just now/);
  assert.ok(
    await page.evaluate(() => performance.getEntriesByName('npc:dashboard-cards').length === 1),
    'the cards mark their first render',
  );
  await shots.fullPage(page, 'dashboard-desktop.png');
});

test('dashboard: the card links open the organization’s tasks and credits row', async ({
  page,
  board,
}) => {
  await open(page, board, '');
  await settled(page);
  await page.locator('npc-org-card[data-org="helix-data"] h2 a').click();
  await page.waitForURL(/\/tasks\?org=helix-data$/);
  await settled(page);
  assert.equal(
    await page
      .locator('npc-issue-card a')
      .evaluateAll((links) => links.every((a) => a.dataset.issue.startsWith('helix-data/'))),
    true,
  );
  await page.goBack();
  await settled(page);
  await page.locator('npc-org-card[data-org="helix-data"] a.balance').click();
  await page.waitForURL(/\/credits\?org=helix-data$/);
  await settled(page);
  const row = page.locator('tr[data-org="helix-data"]');
  assert.equal(await row.evaluate((tr) => tr.classList.contains('highlight')), true);
});

test(
  'dashboard: a phone loads the cards and the chart without errors (screenshots)',
  async ({ page, board, shots }) => {
    await open(page, board, '');
    await settled(page);
    await page.screenshot({ path: shots.path('dashboard-phone.png') });
    await page.evaluate(() => document.querySelector('.trend')?.scrollIntoView());
    await page.screenshot({ path: shots.path('dashboard-phone-chart.png') });
  },
  { viewport: PHONE },
);

export { DESKTOP };
