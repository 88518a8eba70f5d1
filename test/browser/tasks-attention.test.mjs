/* global document */
// The operations additions to the task board: the Needs attention lane with its badges,
// the attention filter, and the issue dialog's conversation, against the demo seed (which
// holds stuck and overdue issues and NPC conversations).
import { axeViolations } from './a11y.test.mjs';
import { api } from './harness.mjs';
import {
  PHONE,
  choose,
  chosen,
  columnCounts,
  countByColumn,
  open,
  scrollsSideways,
  settled,
} from './pages.mjs';
import { assert, test } from './runner.mjs';

const keyOf = (issue) => `${issue.repository.full_name}#${issue.number}`;

/** The lane's cards as the API orders them: longest waiting first. */
function laneOrder(issues) {
  return issues
    .filter((i) => i.attention)
    .map((issue, index) => ({ issue, index }))
    .sort(
      (a, b) =>
        Date.parse(a.issue.attention.since) - Date.parse(b.issue.attention.since) ||
        a.index - b.index,
    )
    .map(({ issue }) => issue);
}

/** Opens "Show more" in the lane until every card is there. */
async function expandLane(page, total) {
  const lane = page.locator('[data-lane="attention"]');
  const shown = () => lane.locator('npc-issue-card').count();
  while ((await shown()) < total) {
    const before = await shown();
    await lane.locator('button.more').click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-lane="attention"] npc-issue-card').length > n,
      before,
    );
  }
}

test('task board: the Needs attention lane lists the stuck and overdue cards with their reasons', async ({
  page,
  board,
  shots,
}) => {
  const { body: all } = await api(board, 'api/issues?npc=true');
  const flagged = laneOrder(all);
  assert.ok(
    flagged.some((i) => i.attention.reason === 'stuck') &&
      flagged.some((i) => i.attention.reason === 'overdue'),
    'the demo seed has stuck and overdue issues',
  );
  await open(page, board, 'tasks');
  await settled(page);
  const lane = page.locator('[data-lane="attention"]');
  assert.equal(Number(await lane.locator('h2 [data-count]').textContent()), flagged.length);
  await page.screenshot({ path: shots.path('tasks-attention-lane-desktop.png') });
  await expandLane(page, flagged.length);

  const cards = await lane.locator('npc-issue-card a').evaluateAll((links) =>
    links.map((a) => ({
      key: a.dataset.issue,
      reason: a.querySelector('npc-attention-badge')?.dataset.reason,
      detail: a.querySelector('npc-attention-badge [data-detail]')?.textContent.trim(),
    })),
  );
  // The app writes the detail itself, from since when and the SLO, at its own clock.
  const detailOf = (attention) =>
    attention.reason === 'stuck'
      ? /^no NPC activity for \d+[dhms]( \d+[hms])?$/
      : /^waiting for pickup \d+[dhms]( \d+[hms])?, SLO \d+[dhms]( \d+[hms])?$/;
  assert.deepEqual(
    cards.map(({ key, reason }) => ({ key, reason })),
    flagged.map((i) => ({ key: keyOf(i), reason: i.attention.reason })),
  );
  for (const [n, card] of cards.entries()) {
    assert.match(card.detail, detailOf(flagged[n].attention), card.key);
  }

  // A flagged card keeps its column, badge and all (one among the 40 cards a column shows
  // before "Show more", in the API's order).
  const first = flagged.find(
    (f) => all.filter((i) => i.column === f.column).findIndex((i) => keyOf(i) === keyOf(f)) < 40,
  );
  assert.ok(first, 'a flagged issue is among the first cards of its column');
  const inColumn = page.locator(
    `section[data-column="${first.column}"] a[data-issue="${keyOf(first)}"] npc-attention-badge`,
  );
  assert.equal(await inColumn.count(), 1);
  // Cards that need nothing carry no badge.
  const calm = all.find((i) => !i.attention);
  assert.ok(calm, 'the demo seed has issues needing nothing');
  assert.equal(await page.locator(`a[data-issue="${keyOf(calm)}"] npc-attention-badge`).count(), 0);
});

test('task board: the attention filter lives in the URL and narrows the columns to the API answer', async ({
  page,
  board,
}) => {
  await open(page, board, 'tasks');
  await settled(page);
  await choose(page, 'attention', 'Stuck');
  await page.waitForURL(/[?&]attention=stuck(&|$)/);
  await settled(page);
  const { body: stuck } = await api(board, 'api/issues?npc=true&attention=stuck');
  assert.ok(stuck.length > 0, 'the demo seed has stuck issues');
  assert.ok(stuck.every((i) => i.attention?.reason === 'stuck'));
  assert.deepEqual(await columnCounts(page), countByColumn(stuck));
  // The columns show them alone; the lane would only repeat them.
  assert.equal(await page.locator('[data-lane]').count(), 0);

  await page.reload();
  await settled(page);
  assert.deepEqual(await columnCounts(page), countByColumn(stuck));
  assert.match(await chosen(page, 'attention'), /Stuck/);

  // A link from another page: one repository's overdue issues, with its removable chip.
  const { body: overdue } = await api(board, 'api/issues?npc=true&attention=overdue');
  assert.ok(overdue.length > 0, 'the demo seed has overdue issues');
  const repo = overdue[0].repository.full_name;
  await open(page, board, `tasks?attention=overdue&repository=${repo}`);
  await settled(page);
  const { body: narrowed } = await api(
    board,
    `api/issues?npc=true&attention=overdue&repo=${encodeURIComponent(repo)}`,
  );
  assert.deepEqual(await columnCounts(page), countByColumn(narrowed));
  const chip = page.locator('[data-filter="repository"]');
  assert.match(await chip.textContent(), new RegExp(`Repository: ${repo}`));
  await chip.locator('button').click();
  await page.waitForURL((url) => !url.search.includes('repository='));
  await settled(page);
  assert.deepEqual(await columnCounts(page), countByColumn(overdue));
});

test('task board: the dialog shows the conversation, NPC and people marked, and the timings', async ({
  page,
  board,
  shots,
}) => {
  const { body: all } = await api(board, 'api/issues?npc=true');
  const talked =
    all.find((i) => i.comment_count >= 2 && i.attention) ?? all.find((i) => i.comment_count >= 2);
  assert.ok(talked, 'the demo seed has an NPC issue with a conversation');
  const repo = talked.repository.full_name;
  const { body: comments } = await api(
    board,
    `api/repos/${encodeURIComponent(repo)}/issues/${talked.number}/comments`,
  );
  assert.ok(comments.length > 0);

  await open(page, board, `tasks?repo=${repo}&issue=${talked.number}`);
  const dialog = page.locator('mat-dialog-container');
  await dialog.locator('li[data-comment]').first().waitFor();
  await settled(page);
  const shown = await dialog.locator('li[data-comment]').evaluateAll((items) =>
    items.map((li) => ({
      id: li.dataset.comment,
      author: li.querySelector('.author').textContent.trim(),
      kind: li.dataset.authorKind,
      time: li.querySelector('time').getAttribute('datetime'),
    })),
  );
  assert.deepEqual(
    shown,
    comments.map((c) => ({
      id: c.id,
      author: c.author.username,
      kind: c.author.is_npc ? 'npc' : 'person',
      time: new Date(c.created_at).toISOString(),
    })),
  );
  assert.equal(await dialog.locator('li[data-comment] script').count(), 0);
  assert.ok(await dialog.locator('[data-fact="pickup"]').count(), 'the pickup latency is stated');
  if (talked.attention) {
    // The detail's wording moves with the clock; the reason does not.
    assert.equal(
      await dialog
        .locator('[data-fact="attention"] npc-attention-badge')
        .getAttribute('data-reason'),
      talked.attention.reason,
    );
  }
  await page.screenshot({ path: shots.path('tasks-dialog-conversation-desktop.png') });
  await dialog.locator('npc-issue-conversation').screenshot({
    path: shots.path('tasks-dialog-conversation-detail.png'),
  });
});

test(
  'task board: on a 375 px phone the lane comes first and nothing scrolls sideways, dialog open or not',
  async ({ page, board, shots }) => {
    const { body: all } = await api(board, 'api/issues?npc=true');
    await open(page, board, 'tasks');
    await settled(page);
    const lane = page.locator('[data-lane="attention"]');
    await lane.waitFor();
    const [laneTop, tabsTop] = await Promise.all([
      lane.evaluate((el) => el.getBoundingClientRect().top),
      page.locator('[role="tablist"]').evaluate((el) => el.getBoundingClientRect().top),
    ]);
    assert.ok(laneTop < tabsTop, 'the lane sits above the column tabs');
    assert.equal(await scrollsSideways(page), false, 'the board scrolls sideways');
    await page.screenshot({ path: shots.path('tasks-attention-lane-phone.png') });

    await open(page, board, 'tasks?view=list&attention=any');
    await settled(page);
    assert.equal(await scrollsSideways(page), false, 'the list scrolls sideways');

    const talked = all.find((i) => i.comment_count >= 2);
    await open(page, board, `tasks?repo=${talked.repository.full_name}&issue=${talked.number}`);
    await page.locator('mat-dialog-container li[data-comment]').first().waitFor();
    await settled(page);
    assert.equal(await scrollsSideways(page), false, 'the dialog scrolls sideways');
    const findings = await axeViolations(page);
    assert.deepEqual(
      findings.map((f) => `${f.rule}: ${f.nodes.map((n) => n.target).join(', ')}`),
      [],
    );
    await page.screenshot({ path: shots.path('tasks-dialog-conversation-phone.png') });
  },
  { viewport: PHONE, contextOptions: { bypassCSP: true }, timeoutMs: 60_000 },
);
