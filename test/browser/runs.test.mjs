// NPC runs on the board: the running marker on a card, the dialog's list of runs, an
// admin's stop confirmation, the dashboard's and credits page's figures and the list's
// order by cost, against the demo seed (which holds a run going now and a runaway). The
// confirmation is left with "Keep it running": the suite's board is shared, and
// test/npc-runs.e2e.spec.ts stops runs against a board of its own.
import { axeViolations } from './a11y.test.mjs';
import { api, until } from './harness.mjs';
import { PHONE, adminApi, number, open, scrollsSideways, settled, signedIn } from './pages.mjs';
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

/** Core-hours as a page prints them: rounded to two decimals. */
function assertShown(text, hours, what) {
  assert.equal(number(text), Math.round(hours * 100) / 100, what);
}

/**
 * `api/runs` once every organization's figures are known. An ended run's bill is a
 * background read, which waits whenever the board's background share of the hour is spent
 * (the suite's board gets a budget sized for it, test/browser/run.mjs). A test that asks
 * for the figures gets `RUN_FIGURES_TIMEOUT`.
 */
const FIGURES_WAIT_MS = 240_000;
const RUN_FIGURES_TIMEOUT = { timeoutMs: FIGURES_WAIT_MS + 30_000 };

async function runFigures(board, days = 7) {
  let answer;
  await until(
    async () => {
      answer = await api(board, `api/runs?days=${days}`);
      return !answer.headers.get('x-board-pending');
    },
    {
      what: 'every organization’s NPC run figures known',
      timeoutMs: FIGURES_WAIT_MS,
      everyMs: 500,
    },
  );
  return answer.body;
}

test(
  'dashboard: each card shows its NPC runs going and core-hours today, as the board counts them',
  async ({ page, board, shots }) => {
    const figures = await runFigures(board);
    await open(page, board, '');
    await settled(page);
    for (const org of figures.orgs) {
      const card = page.locator(`npc-org-card[data-org="${org.org}"]`);
      const running = card.locator('a[data-stat="running"]');
      await running.waitFor();
      assert.equal(number(await running.locator('strong').textContent()), org.running, org.org);
      assert.match(
        await running.getAttribute('href'),
        new RegExp(`tasks\\?org=${org.org}&running=1$`),
      );
      assertShown(
        await card.locator('[data-stat="core-hours-today"] strong').textContent(),
        org.core_hours_today,
        `${org.org} core-hours today`,
      );
    }
    assert.ok(
      figures.orgs.some((org) => org.running > 0),
      'the demo seed has runs going',
    );
    await page.screenshot({ path: shots.path('runs-dashboard-desktop.png') });
    assert.deepEqual(await axeViolations(page), []);

    // A card's count leads to its organization's Running now board.
    const busy = figures.orgs.find((org) => org.running > 0);
    await page.locator(`npc-org-card[data-org="${busy.org}"] a[data-stat="running"]`).click();
    await page.waitForURL(/running=1/);
    await settled(page);
    assert.ok((await page.locator('npc-issue-board a[data-issue]').count()) > 0);
  },
  { ...RUN_FIGURES_TIMEOUT, contextOptions: { bypassCSP: true } },
);

test(
  'dashboard and credits: NPC runs in Chinese on a phone, without sideways scrolling',
  async ({ page, board, shots }) => {
    await runFigures(board);
    await open(page, board, '');
    await settled(page);
    const first = page.locator('npc-org-card').first();
    await first.locator('a[data-stat="running"]').waitFor();
    assert.match(await first.locator('[data-stat="runs"]').textContent(), /运行中/);
    assert.match(await first.locator('[data-stat="runs"]').textContent(), /核时/);
    assert.equal(await scrollsSideways(page), false);
    await page.screenshot({ path: shots.path('zh-CN-runs-dashboard-phone.png') });
    assert.deepEqual(await axeViolations(page), []);

    await open(page, board, 'credits');
    await settled(page);
    const cell = page.locator('tbody tr [data-cell="runs"]').first();
    await cell.locator('[data-part="core-hours"]').waitFor();
    assert.match(await cell.textContent(), /核时/);
    assert.equal(await scrollsSideways(page), false);
    await cell.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shots.path('zh-CN-runs-credits-phone.png') });
    assert.deepEqual(await axeViolations(page), []);
  },
  { ...RUN_FIGURES_TIMEOUT, viewport: PHONE, contextOptions: { locale: 'zh-CN', bypassCSP: true } },
);

test(
  'credits: each organization’s NPC runs beside its credits, core-hours as api/runs, the rate an estimate',
  async ({ page, board, shots }) => {
    const figures = await runFigures(board);
    await open(page, board, 'credits');
    await settled(page);
    assert.match(await page.locator('thead').textContent(), /NPC runs \(7d\)/);
    for (const org of figures.orgs) {
      const cell = page.locator(`tr[data-org="${org.org}"] [data-cell="runs"]`);
      await cell.locator('[data-part="core-hours"]').waitFor();
      assertShown(
        await cell.locator('[data-part="core-hours"]').textContent(),
        org.core_hours,
        `${org.org} core-hours`,
      );
      if (org.core_hours > 0) {
        assert.match(await cell.locator('[data-part="on-tasks"]').textContent(), /\d+% on tasks/);
      }
    }
    assert.match(
      await page.locator('.legend').textContent(),
      /Credits per core-hour are an estimate/,
    );
    await page.locator('tbody tr').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: shots.path('runs-credits-desktop.png') });
    assert.deepEqual(await axeViolations(page), []);
  },
  { ...RUN_FIGURES_TIMEOUT, contextOptions: { bypassCSP: true } },
);

test('tasks: the list sorts by the core-hours each task billed, unknown last', async ({
  page,
  board,
  shots,
}) => {
  await open(page, board, 'tasks?org=aurora-labs&view=list&sort=cost&dir=desc');
  await settled(page);
  const cells = page.locator('npc-issue-list td[data-label="Core-hours"]');
  await cells.first().waitFor();
  const shown = (await cells.allTextContents()).map((text) => text.trim());
  const known = shown.filter((text) => text !== '—').map(number);
  assert.ok(known.length > 5, `${known.length} tasks with core-hours`);
  assert.deepEqual(
    known,
    [...known].sort((a, b) => b - a),
    'most core-hours first',
  );
  // The unknown ones come after every known one.
  const firstUnknown = shown.indexOf('—');
  if (firstUnknown >= 0) assert.ok(shown.slice(firstUnknown).every((text) => text === '—'));
  await page.screenshot({ path: shots.path('runs-tasks-by-cost-desktop.png') });
});

test(
  'admin overview: the runs going now, each with its task and Stop run, the confirmation naming it',
  async ({ page, board, shots }) => {
    await signedIn(page, board);
    const overview = await adminApi(board, 'GET', 'api/admin/overview?days=7');
    assert.ok(overview.runs.running.length > 0, 'the demo seed has runs going');
    await open(page, board, 'admin/dashboard');
    await settled(page);
    const shown = page.locator('li[data-running-run]');
    await shown.first().waitFor();
    assert.deepEqual(
      await shown.evaluateAll((items) => items.map((li) => li.dataset.runningRun)),
      overview.runs.running.map((run) => run.sn),
    );
    // The longest-running first: the demo's runaway.
    const [first] = overview.runs.running;
    const item = page.locator(`li[data-running-run="${first.sn}"]`);
    assert.match(await item.textContent(), /running \d+h/);
    await item.locator('[data-action="stop-run"]').click();
    const question = item.locator('[data-stop-question]');
    await question.filter({ hasText: 'so far' }).waitFor();
    assert.match(
      (await question.textContent()).replace(/\s+/g, ' ').trim(),
      new RegExp(`^Stop run ${first.sn} of ${first.repo} #${first.issue_number}\\? It has billed`),
    );
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shots.path('runs-overview-stop-desktop.png') });
    assert.deepEqual(await axeViolations(page), []);
    // Kept running: the shared board's runaway stays for the other tests.
    await item.getByRole('button', { name: 'Keep it running' }).click();
    await item.locator('[data-action="stop-run"]').waitFor();
  },
  { contextOptions: { bypassCSP: true } },
);
