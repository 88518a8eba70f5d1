/* global getComputedStyle */
import { api } from './harness.mjs';
import { PHONE, choose, drawn, number, open, settled, shownCredits } from './pages.mjs';
import { assert, test } from './runner.mjs';

const DAY = 86_400_000;

test('credits: the table marks the organizations under the threshold', async ({
  page,
  board,
  shots,
}) => {
  const { body: meta } = await api(board, 'api/meta');
  const credits = await Promise.all(
    meta.covered_orgs.map(
      async (slug) => (await api(board, `api/orgs/${slug}/credits?days=7`)).body,
    ),
  );
  await open(page, board, 'credits');
  await settled(page);

  for (const c of credits) {
    const row = page.locator(`tr[data-org="${c.org_slug}"]`);
    const low = c.balance !== null && c.balance < meta.credit_alert_threshold;
    assert.equal(await row.getAttribute('data-low'), String(low), `${c.org_slug} marked`);
    assert.equal(
      number(await row.locator('[data-cell="balance"]').textContent()),
      shownCredits(c.balance),
      `${c.org_slug} balance`,
    );
    if (low) {
      assert.match(await row.textContent(), new RegExp(`below ${meta.credit_alert_threshold}`));
      const background = await row
        .locator('td')
        .first()
        .evaluate((td) => getComputedStyle(td).backgroundColor);
      assert.notEqual(background, 'rgba(0, 0, 0, 0)', 'a low row is coloured');
    }
    if (c.forecast === 'date') {
      assert.equal(
        (await row.locator('[data-cell="runs-out"] [data-part="date"]').textContent()).trim(),
        c.predicted_exhaustion_date,
      );
    }
  }
  assert.deepEqual(
    (
      await page
        .locator('tr[data-low="true"]')
        .evaluateAll((trs) => trs.map((tr) => tr.dataset.org))
    ).sort(),
    credits
      .filter((c) => c.balance < meta.credit_alert_threshold)
      .map((c) => c.org_slug)
      .sort(),
  );
  // The chart is drawn once scrolled into view.
  await page.locator('section.history').scrollIntoViewIfNeeded();
  await page.locator('npc-line-chart canvas').waitFor();
  await shots.fullPage(page, 'credits-desktop.png');

  await page.locator('npc-segmented button', { hasText: '30 days' }).click();
  await page.waitForURL(/[?&]days=30(&|$)/);
  await settled(page);
  assert.match(await page.locator('th', { hasText: 'Avg/day' }).textContent(), /30d/);
  assert.match(await page.locator('#history-heading').textContent(), /30 days/);
});

test('repositories: rows coloured by last commit, sortable oldest first', async ({
  page,
  board,
  shots,
}) => {
  const { body: meta } = await api(board, 'api/meta');
  const repos = (
    await Promise.all(
      meta.covered_orgs.map(async (slug) => (await api(board, `api/orgs/${slug}/repos`)).body),
    )
  ).flat();
  await open(page, board, 'repos');
  await settled(page);
  assert.match(
    await page.locator('.total').textContent(),
    new RegExp(`${repos.length} repositories`),
  );

  // Colours follow the rule: older than 7 days yellow, older than 30 days red.
  const now = Date.now();
  const expected = (repo) => {
    const age = now - Date.parse(repo.updated_at);
    return age > 30 * DAY ? 'red' : age > 7 * DAY ? 'yellow' : 'fresh';
  };
  const shown = Object.fromEntries(
    await page
      .locator('tr[data-repo]')
      .evaluateAll((trs) => trs.map((tr) => [tr.dataset.repo, tr.dataset.health])),
  );
  for (const repo of repos) assert.equal(shown[repo.full_name], expected(repo), repo.full_name);
  const levels = new Set(Object.values(shown));
  assert.ok(
    levels.has('red') && levels.has('yellow') && levels.has('fresh'),
    'the seed has all three',
  );
  const tint = (level) =>
    page
      .locator(`tr[data-health="${level}"] td`)
      .first()
      .evaluate((td) => getComputedStyle(td).backgroundColor);
  const [fresh, yellow, red] = [await tint('fresh'), await tint('yellow'), await tint('red')];
  assert.ok(fresh !== yellow && yellow !== red && red !== fresh, 'three different row colours');
  assert.match(await page.locator('tr[data-health="red"]').first().textContent(), /dormant/);
  assert.match(await page.locator('tr[data-health="yellow"]').first().textContent(), /quiet/);

  // One click to the dormant repositories: oldest last commit first.
  await page.locator('button', { hasText: 'Oldest commit first' }).click();
  await page.waitForURL(/sort=last_commit&dir=asc|dir=asc.*sort=last_commit/);
  const oldestFirst = [...repos]
    .sort((a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at))
    .map((r) => r.full_name);
  assert.deepEqual(
    await drawn(page, 'tr[data-repo]', oldestFirst, { attribute: 'repo' }),
    oldestFirst,
  );
  await page.screenshot({ path: shots.path('repos-desktop.png') });

  // The column header's button sorts too; a second click reverses, and the header says so.
  await page.locator('th button[data-sort="last_commit"]').click();
  await page.waitForURL(/dir=desc/);
  await page.locator('th[aria-sort="descending"] button[data-sort="last_commit"]').waitFor();
  assert.equal(await page.locator('th[aria-sort]').count(), 1);
  const newest = await page.locator('tr[data-repo]').first().getAttribute('data-repo');
  assert.equal(newest, oldestFirst.at(-1));

  // Organization filter and name search, both in the URL.
  await choose(page, 'org', 'Blue Harbor');
  await page.waitForURL(/org=blue-harbor/);
  await page.locator('input[data-filter="q"]').fill('doc');
  await page.waitForURL(/q=doc/);
  const blueHarborDocs = repos
    .filter((r) => r.org_slug === 'blue-harbor' && r.full_name.includes('doc'))
    .map((r) => r.full_name)
    .sort();
  assert.deepEqual(
    await drawn(page, 'tr[data-repo]', blueHarborDocs, { attribute: 'repo', anyOrder: true }),
    blueHarborDocs,
  );
});

test(
  'credits and repositories: a phone loads both pages without errors (screenshots)',
  async ({ page, board, shots }) => {
    await open(page, board, 'credits');
    await settled(page);
    await page.screenshot({ path: shots.path('credits-phone.png') });
    await open(page, board, 'repos');
    await settled(page);
    await page.screenshot({ path: shots.path('repos-phone.png') });
  },
  { viewport: PHONE },
);
