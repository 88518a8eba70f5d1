// The credits monitor's runway in tasks and forecast band, repository health's people and
// NPC columns with their marks and filters, and the drill-down from both pages to the
// task list. These read the fields the board API added for NPC operations.
import { api } from './harness.mjs';
import { PHONE, open, scrollsSideways, settled } from './pages.mjs';
import { assert, test } from './runner.mjs';

/** Every covered organization's credits answer. */
async function allCredits(board) {
  const { body: meta } = await api(board, 'api/meta');
  return Promise.all(
    meta.covered_orgs.map(
      async (slug) => (await api(board, `api/orgs/${slug}/credits?days=7`)).body,
    ),
  );
}

/** Every covered repository. */
async function allRepos(board) {
  const { body: meta } = await api(board, 'api/meta');
  return (
    await Promise.all(
      meta.covered_orgs.map(async (slug) => (await api(board, `api/orgs/${slug}/repos`)).body),
    )
  ).flat();
}

const text = async (locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

test('credits: runway in tasks and the forecast band beside the exhaustion date', async ({
  page,
  board,
  shots,
}) => {
  const credits = await allCredits(board);
  await open(page, board, 'credits');
  await settled(page);

  let withRunway = 0;
  for (const c of credits) {
    const row = page.locator(`tr[data-org="${c.org_slug}"]`);
    if (c.balance === null) continue;
    const runway = await text(row.locator('[data-part="runway-tasks"]'));
    if (c.runway_tasks !== null) {
      withRunway += 1;
      assert.equal(
        runway,
        `· ≈ ${c.runway_tasks.toLocaleString('en-US')} more ${c.runway_tasks === 1 ? 'task' : 'tasks'} at ${c.task_window_days}-day cost`,
        `${c.org_slug} runway`,
      );
    } else {
      assert.match(runway, /tasks unknown/, `${c.org_slug} says why there is no runway`);
    }
    const cost = await text(row.locator('[data-cell="cost"]'));
    assert.match(cost, new RegExp(`n = ${c.tasks_completed} tasks?, ${c.task_window_days}d`));
    if (c.forecast === 'date') {
      const band = await text(row.locator('[data-part="band"]'));
      assert.equal(
        band,
        c.exhaustion_band
          ? `between ${c.exhaustion_band.early} and ${c.exhaustion_band.late}`
          : 'no range: fewer than 3 days of data',
        `${c.org_slug} band`,
      );
    }
  }
  assert.ok(withRunway > 0, 'the demo data has an organization with a runway in tasks');
  assert.match(await text(page.locator('.legend')), /25th percentile/);
  await shots.fullPage(page, 'credits-runway-desktop.png');
});

test('credits: a point of the balance chart opens that organization’s tasks', async ({
  page,
  board,
}) => {
  const { body: meta } = await api(board, 'api/meta');
  await open(page, board, 'credits');
  await settled(page);
  await page.locator('section.history').scrollIntoViewIfNeeded();
  const canvas = page.locator('npc-line-chart canvas');
  await canvas.waitFor();
  // Chart.js draws on the next frames; the click needs its points laid out.
  await page.waitForFunction(() => {
    const c = globalThis.document.querySelector('npc-line-chart canvas');
    return c !== null && c.width > 0 && c.height > 0;
  });
  const box = await canvas.boundingBox();
  await canvas.click({ position: { x: box.width * 0.6, y: box.height * 0.4 } });
  await page.waitForURL(/\/tasks\?org=/);
  const slug = new URL(page.url()).searchParams.get('org');
  assert.ok(meta.covered_orgs.includes(slug), `a covered organization, got ${slug}`);
  await settled(page);
});

test('credits: each organization name is a link to its tasks (keyboard too)', async ({
  page,
  board,
}) => {
  await open(page, board, 'credits');
  await settled(page);
  const link = page.locator('tr[data-org] a.org-tasks').first();
  const slug = await page.locator('tr[data-org]').first().getAttribute('data-org');
  await link.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/tasks\\?org=${slug}$`));
});

test('repositories: last human and NPC commits, the two marks and their filters', async ({
  page,
  board,
  shots,
}) => {
  const repos = await allRepos(board);
  await open(page, board, 'repos');
  await settled(page);

  for (const repo of repos) {
    const row = page.locator(`tr[data-repo="${repo.full_name}"]`);
    for (const [cell, at] of [
      ['last-human', repo.last_human_commit_at],
      ['last-npc', repo.last_npc_commit_at],
    ]) {
      const shown = row.locator(`[data-cell="${cell}"]`);
      if (at === null)
        assert.equal(await text(shown), 'none in 31 days', `${repo.full_name} ${cell}`);
      else
        assert.equal(
          Date.parse(await shown.locator('time').getAttribute('datetime')),
          Date.parse(at),
          `${repo.full_name} ${cell}`,
        );
    }
    assert.equal(await row.locator('[data-mark="npc-only"]').count(), repo.npc_only ? 1 : 0);
    assert.equal(
      await row.locator('[data-mark="npc-dormant"]').count(),
      repo.npc_work_in_dormant ? 1 : 0,
    );
  }
  const shownRepos = () =>
    page.locator('tr[data-repo]').evaluateAll((trs) => trs.map((tr) => tr.dataset.repo).sort());

  // The URL changes a frame before the page draws the filtered rows; the toggle's pressed
  // state is drawn with them.
  const pressed = (filter, state) =>
    page.locator(`button[data-filter="${filter}"][aria-pressed="${state}"]`).waitFor();

  await page.locator('button[data-filter="npc_only"]').click();
  await page.waitForURL(/npc_only=true/);
  await pressed('npc_only', true);
  assert.deepEqual(
    await shownRepos(),
    repos
      .filter((r) => r.npc_only)
      .map((r) => r.full_name)
      .sort(),
  );
  await page.locator('button[data-filter="npc_only"]').click();
  await page.waitForURL((url) => !url.search.includes('npc_only'));
  await pressed('npc_only', false);

  await page.locator('button[data-filter="npc_dormant"]').click();
  await page.waitForURL(/npc_dormant=true/);
  await pressed('npc_dormant', true);
  const dormant = repos.filter((r) => r.npc_work_in_dormant).map((r) => r.full_name);
  if (dormant.length > 0) assert.deepEqual(await shownRepos(), dormant.sort());
  else assert.match(await text(page.locator('npc-empty-state')), /No repositories match/);
  await shots.fullPage(page, 'repos-npc-dormant-desktop.png');

  // The same filter from a link.
  await open(page, board, 'repos?npc_dormant=true');
  await settled(page);
  assert.equal(
    await page.locator('button[data-filter="npc_dormant"]').getAttribute('aria-pressed'),
    'true',
  );
});

test('repositories: a row’s open issues open that repository’s issues', async ({ page, board }) => {
  await open(page, board, 'repos');
  await settled(page);
  const row = page.locator('tr[data-repo]').first();
  const repo = await row.getAttribute('data-repo');
  await row.locator('a.issues-link').click();
  await page.waitForURL((url) => url.pathname.endsWith('/tasks'));
  assert.equal(new URL(page.url()).searchParams.get('repository'), repo);
  await settled(page);
});

test(
  'credits and repositories at 375 px: the new columns stack, nothing scrolls sideways',
  async ({ page, board, shots }) => {
    for (const path of ['credits', 'repos', 'repos?npc_only=true']) {
      await open(page, board, path);
      await settled(page);
      assert.equal(await scrollsSideways(page), false, `${path} scrolls sideways`);
    }
    await open(page, board, 'credits');
    await settled(page);
    assert.ok(
      (await page.locator('td[data-label="Cost per task (7d)"]').count()) > 0,
      'the cost column is shown on a phone',
    );
    await shots.fullPage(page, 'credits-runway-phone.png');
    await open(page, board, 'repos');
    await settled(page);
    await shots.fullPage(page, 'repos-split-phone.png');
  },
  { viewport: PHONE },
);
