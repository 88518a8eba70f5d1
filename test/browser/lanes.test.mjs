// The task board grouped by NPC (`group=npc`): one lane per NPC with its three columns and
// its stuck and overdue counts, the work with no NPC in a lane of its own, folded and
// unfolded from its header, in the URL, in both languages and on a phone.
import { axeViolations } from './a11y.test.mjs';
import { api } from './harness.mjs';
import { PHONE, countByColumn, number, open, scrollsSideways, settled } from './pages.mjs';
import { assert, test } from './runner.mjs';

/** The NPC an issue's lane is named after: its NPC assignee, else its NPC author. */
function laneOf(issue) {
  return (issue.assignees.find((a) => a.is_npc) ?? (issue.author.is_npc ? issue.author : null))
    ?.username;
}

/** The API's issues of an organization grouped as the lanes should be. */
function expectedLanes(issues) {
  const lanes = new Map();
  for (const issue of issues) {
    const key = laneOf(issue) ?? '';
    lanes.set(key, [...(lanes.get(key) ?? []), issue]);
  }
  return lanes;
}

test(
  'task board: Group by NPC shows a lane per NPC with its columns and its stuck and overdue work',
  async ({ page, board, shots }) => {
    const org = 'aurora-labs';
    const { body: issues } = await api(board, `api/issues?npc=true&org=${org}`);
    const expected = expectedLanes(issues);
    await open(page, board, `tasks?org=${org}`);
    await settled(page);
    await page.locator('[data-filter="group"]').click();
    await page.waitForURL(/group=npc/);
    await settled(page);
    assert.equal(await page.locator('[data-filter="group"]').getAttribute('aria-pressed'), 'true');

    const lanes = page.locator('npc-npc-lanes section.lane');
    const names = await lanes.evaluateAll((els) => els.map((el) => el.dataset.lane));
    assert.deepEqual([...names].sort(), [...expected.keys()].sort());
    // No NPC last, when there is such work.
    if (expected.has('')) assert.equal(names.at(-1), '');
    for (const [npc, own] of expected) {
      const lane = page.locator(`section.lane[data-lane="${npc}"]`);
      assert.equal(number(await lane.locator('[data-lane-count]').textContent()), own.length, npc);
      const counts = {};
      for (const column of ['pending', 'in_progress', 'done'])
        counts[column] = number(
          await lane.locator(`section[data-column="${column}"] [data-count]`).textContent(),
        );
      assert.deepEqual(counts, countByColumn(own), `${npc || 'no NPC'} columns`);
      const stuck = own.filter((issue) => issue.attention?.reason === 'stuck').length;
      const overdue = own.filter((issue) => issue.attention?.reason === 'overdue').length;
      assert.equal(number(await lane.locator('[data-lane-stat="stuck"]').textContent()), stuck);
      assert.equal(number(await lane.locator('[data-lane-stat="overdue"]').textContent()), overdue);
    }
    await page.screenshot({ path: shots.path('lanes-desktop.png') });
    assert.deepEqual(await axeViolations(page), []);

    // A lane folds away from its header and comes back; the others stay as they were.
    const first = lanes.first();
    const toggle = first.locator('button.lane-toggle');
    await toggle.click();
    await first.locator('button.lane-toggle[aria-expanded="false"]').waitFor();
    assert.equal(await first.locator('npc-issue-card').count(), 0);
    assert.ok((await lanes.nth(1).locator('npc-issue-card').count()) > 0);
    await toggle.click();
    await first.locator('button.lane-toggle[aria-expanded="true"]').waitFor();
    await first.locator('npc-issue-card').first().waitFor();

    // The grouping lives in the URL: a reload keeps it, the switch turns it off.
    await page.reload();
    await settled(page);
    assert.equal(await lanes.count(), expected.size);
    await page.locator('[data-filter="group"]').click();
    await page.waitForURL((url) => !url.search.includes('group=npc'));
    assert.equal(await page.locator('npc-npc-lanes').count(), 0);
  },
  { contextOptions: { bypassCSP: true } },
);

test(
  'task board: NPC lanes in Chinese on a phone, each with its column tabs, without sideways scrolling',
  async ({ page, board, shots }) => {
    await open(page, board, 'tasks?org=aurora-labs&group=npc');
    await settled(page);
    const lane = page.locator('npc-npc-lanes section.lane').first();
    await lane.locator('[role="tab"]').first().waitFor();
    assert.match(await lane.locator('.lane-toggle').textContent(), /停滞/);
    assert.equal(await lane.locator('[role="tab"]').count(), 3);
    assert.equal(await scrollsSideways(page), false);
    await lane.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shots.path('zh-CN-lanes-phone.png') });
    assert.deepEqual(await axeViolations(page), []);
  },
  { viewport: PHONE, contextOptions: { locale: 'zh-CN', bypassCSP: true } },
);
