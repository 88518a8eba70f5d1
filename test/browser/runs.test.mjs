// NPC runs on the task board: the running marker on a card, the dialog's list of runs,
// and an admin's stop confirmation, against the demo seed (which holds a run going now and
// a runaway). The confirmation is left with "Keep it running": the suite's board is shared,
// and test/npc-runs.e2e.spec.ts stops runs against a board of its own.
import { axeViolations } from './a11y.test.mjs';
import { api } from './harness.mjs';
import { PHONE, open, scrollsSideways, settled, signedIn } from './pages.mjs';
import { assert, test } from './runner.mjs';

/** The demo's oldest running run's task, as the API shows it. */
async function runningTask(board) {
  const { body } = await api(board, 'api/issues?npc=true&state=open');
  const running = body
    .filter((issue) => issue.runs?.running)
    .sort((a, b) => Date.parse(a.runs.running.started_at) - Date.parse(b.runs.running.started_at));
  assert.ok(running.length > 0, 'the demo seed has an NPC run going');
  return running[0];
}

const dialogPath = (issue) =>
  `tasks?repo=${encodeURIComponent(issue.repository.full_name)}&issue=${issue.number}`;

test(
  'tasks: a running NPC run shows on its card and in its dialog, with the runs before it',
  async ({ page, board, shots }) => {
    const task = await runningTask(board);
    const key = `${task.repository.full_name}#${task.number}`;
    await open(page, board, `tasks?org=${task.repository.full_name.split('/')[0]}`);
    await settled(page);
    const card = page.locator(`a[data-issue="${key}"]`).first();
    assert.match((await card.locator('[data-run="running"]').textContent()).trim(), /^running \d+/);

    // Running now narrows the board to the tasks with a run going, this one among them.
    await page.locator('[data-filter="running"]').click();
    await page.waitForURL(/running=1/);
    await settled(page);
    const shown = await page
      .locator('npc-issue-board a[data-issue]')
      .evaluateAll((links) => links.map((a) => a.dataset.issue));
    assert.ok(shown.includes(key), `${key} is among ${shown.join(', ')}`);
    const { body: listed } = await api(board, `api/issues?npc=true&org=${key.split('/')[0]}`);
    assert.equal(new Set(shown).size, listed.filter((issue) => issue.runs?.running).length);
    await page.screenshot({ path: shots.path('runs-running-now-desktop.png') });

    await open(page, board, dialogPath(task));
    const runs = page.locator('mat-dialog-container npc-issue-runs');
    await runs.locator('li[data-run]').first().waitFor();
    const statuses = await runs
      .locator('li[data-run]')
      .evaluateAll((rows) => rows.map((row) => row.dataset.status));
    assert.equal(statuses[0], 'running');
    assert.equal(statuses.length, task.runs.count);
    const first = runs.locator('li[data-run]').first();
    assert.equal(await first.getAttribute('data-run'), task.runs.running.sn);
    assert.match(await first.locator('a').getAttribute('href'), /\/-\/build\/logs\//);
    // A visitor cannot stop it.
    assert.equal(await runs.locator('[data-action="stop-run"]').count(), 0);
    await runs.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shots.path('runs-dialog-desktop.png') });
    assert.deepEqual(await axeViolations(page), []);
  },
  { contextOptions: { bypassCSP: true } },
);

test(
  "tasks: an admin's NPC run stop confirmation names the run, its task and the core-hours so far",
  async ({ page, board, shots }) => {
    const task = await runningTask(board);
    await signedIn(page, board);
    await open(page, board, dialogPath(task));
    const runs = page.locator('mat-dialog-container npc-issue-runs');
    await runs.locator('[data-action="stop-run"]').click();
    const question = runs.locator('[data-stop-question]');
    await question.filter({ hasText: 'so far' }).waitFor();
    const text = (await question.textContent()).replace(/\s+/g, ' ').trim();
    assert.match(
      text,
      new RegExp(
        `^Stop run ${task.runs.running.sn} of ${task.repository.full_name} #${task.number}\\? It has billed [\\d.,]+ core-h so far\\.$`,
      ),
    );
    await page.screenshot({ path: shots.path('runs-stop-confirmation-desktop.png') });
    assert.deepEqual(await axeViolations(page), []);
    // Kept running: the shared board's runaway stays for the other tests.
    await runs.getByRole('button', { name: 'Keep it running' }).click();
    await runs.locator('[data-action="stop-run"]').waitFor();
  },
  { contextOptions: { bypassCSP: true } },
);

test(
  'tasks: NPC runs read in Chinese on a phone, without sideways scrolling',
  async ({ page, board, shots }) => {
    const task = await runningTask(board);
    await signedIn(page, board);
    await open(page, board, dialogPath(task));
    const runs = page.locator('mat-dialog-container npc-issue-runs');
    await runs.locator('li[data-run]').first().waitFor();
    assert.equal((await runs.locator('h3').textContent()).trim().startsWith('NPC 运行'), true);
    assert.match(await runs.locator('li[data-run]').first().textContent(), /运行中/);
    await runs.locator('[data-action="stop-run"]').click();
    await runs.locator('[data-stop-question]').filter({ hasText: '核时' }).waitFor();
    assert.match(
      (await runs.locator('[data-stop-question]').textContent()).replace(/\s+/g, ' '),
      /停止 .+ 的运行 .+？到目前已计费 [\d.,]+ 核时。/,
    );
    assert.equal(await scrollsSideways(page), false);
    await runs.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shots.path('zh-CN-runs-stop-confirmation-phone.png') });
    assert.deepEqual(await axeViolations(page), []);
  },
  { viewport: PHONE, contextOptions: { locale: 'zh-CN', bypassCSP: true } },
);
