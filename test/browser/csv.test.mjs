// Download CSV: the file holds exactly the rows the table shows with its filters and
// order (all of them, not only those rendered), with a byte order mark and CSV quoting.
import { readFile } from 'node:fs/promises';

import Papa from 'papaparse';

import { api } from './harness.mjs';
import { open, settled } from './pages.mjs';
import { assert, test } from './runner.mjs';

/** Clicks the page's Download CSV (the one marked `name`) and reads the file it saves. */
async function download(page, name) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`button[data-csv="${name}"]`).click(),
  ]);
  const text = await readFile(await file.path(), 'utf8');
  return { name: file.suggestedFilename(), text };
}

function records(text) {
  assert.equal(text.charCodeAt(0), 0xfeff, 'the file starts with a byte order mark');
  return Papa.parse(text.slice(1), { skipEmptyLines: true }).data;
}

test('csv: repository health exports the filtered rows in the order shown', async ({
  page,
  board,
}) => {
  await open(page, board, 'repos?org=blue-harbor&sort=last_commit&dir=asc');
  await settled(page);
  const shown = await page
    .locator('tr[data-repo]')
    .evaluateAll((trs) => trs.map((tr) => tr.dataset.repo));
  assert.ok(shown.length > 0, 'the filter leaves rows');

  const file = await download(page, 'repositories');
  assert.match(file.name, /^repositories-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = records(file.text);
  assert.equal(header[0], 'Repository');
  assert.ok(header.includes('Last human commit (31d)'));
  assert.deepEqual(
    rows.map((r) => r[0]),
    shown,
  );
  // Numbers are written as numbers.
  const issues = header.indexOf('Open issues');
  assert.ok(rows.every((r) => /^\d+$/.test(r[issues])));
});

test('csv: the task list exports every issue matching its filters, not only those rendered', async ({
  page,
  board,
}) => {
  const { body: meta } = await api(board, 'api/meta');
  const org = meta.covered_orgs[0];
  const check = async (path, expectMoreThanRendered) => {
    await open(page, board, path);
    await settled(page);
    const totalText = (await page.locator('npc-issue-list .total').textContent()) ?? '';
    const total = Number(
      totalText
        .trim()
        .match(/^[\d,]+/)[0]
        .replace(/,/g, ''),
    );
    const rendered = await page
      .locator('tr[data-issue]')
      .evaluateAll((trs) => trs.map((tr) => tr.dataset.issue));
    if (expectMoreThanRendered) assert.ok(total > rendered.length, 'the list renders a first part');

    const [header, ...rows] = records((await download(page, 'tasks')).text);
    assert.deepEqual(header.slice(0, 3), ['Title', 'Repository', 'Number']);
    assert.equal(rows.length, total, 'every issue of the list');
    assert.deepEqual(
      rows.slice(0, rendered.length).map((r) => `${r[1]}#${r[2]}`),
      rendered,
      'in the order shown',
    );
    return rows;
  };
  // Every covered organization: more issues than the list renders at first.
  await check('tasks?view=list&sort=number&dir=asc', true);
  // One organization, open issues only.
  const rows = await check(`tasks?view=list&org=${org}&state=open&sort=title&dir=desc`, false);
  assert.ok(
    rows.every((r) => r[1].startsWith(`${org}/`) && r[4] === 'open'),
    'the filters apply',
  );
});

test('csv: the credits monitor exports one row per organization, in the table order', async ({
  page,
  board,
}) => {
  await open(page, board, 'credits?sort=balance&dir=desc');
  await settled(page);
  const shown = await page
    .locator('tr[data-org]')
    .evaluateAll((trs) => trs.map((tr) => tr.dataset.org));
  const [header, ...rows] = records((await download(page, 'credits')).text);
  assert.equal(header[1], 'Slug');
  assert.deepEqual(
    rows.map((r) => r[1]),
    shown,
  );
});
