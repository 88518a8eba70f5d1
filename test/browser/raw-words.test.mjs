/* global document */
// No raw identifiers (docs/app.md#languages): every page, in English and in
// Chinese, with data in the admin lists (dispatches with their checks, alert channels
// with rules, deliveries, firing alerts), the task dialog, the dispatch form with its
// checks and a channel form saved empty, shows no code, rule id or field key: no
// snake_case or camelCase word that is not data (issue titles, names, repositories).
import { api, startBoard } from './harness.mjs';
import {
  ADMIN_PAGES,
  DESKTOP,
  USER_PAGES,
  adminApi,
  open,
  settled,
  signedIn,
  visibleTexts,
} from './pages.mjs';
import { assert, test } from './runner.mjs';

/** snake_case (`wip_limit`) or camelCase (`npcStuck`) words. */
const IDENTIFIER = /\b(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+[A-Z][a-zA-Z0-9]*)\b/g;

/** Words the page shows that are identifiers in the page's code: none may be seen. */
export async function rawWordsOnPage(page, dataWords) {
  const found = new Set();
  // Issue descriptions are the platform's Markdown, shown as written.
  for (const { text, where } of await visibleTexts(page, '.markdown')) {
    for (const [word] of text.matchAll(IDENTIFIER)) {
      if (!dataWords.has(word)) found.add(`${where}: "${word}" in "${text.trim().slice(0, 80)}"`);
    }
  }
  return [...found];
}

/** The identifier-like words the platform's own data holds: shown as they are. */
async function dataWordsOf(board) {
  const words = new Set();
  const add = (value) => {
    for (const [word] of String(value ?? '').matchAll(IDENTIFIER)) words.add(word);
  };
  const { body: issues } = await api(board, 'api/issues');
  for (const issue of issues) {
    add(issue.title);
    add(issue.repository.full_name);
    for (const label of issue.labels ?? []) add(label.name ?? label);
  }
  for (const org of (await api(board, 'api/orgs')).body) {
    add(org.name);
    add(org.slug);
    for (const repo of (await api(board, `api/orgs/${org.slug}/repos`)).body) add(repo.full_name);
  }
  return words;
}

/**
 * Admin data to list: dispatches whose checks include a WIP limit, a dormant repository
 * or an NPC stuck there (overridden), an alert channel limited to two rules, and firing
 * alerts with their deliveries.
 */
async function seedAdminData(board) {
  await adminApi(board, 'PUT', 'api/admin/settings', {
    wip_soft_limit: 1,
    credit_alert_threshold: 1_000_000_000,
  });
  const wanted = new Set(['wip_limit', 'dormant_repository', 'npc_stuck_here']);
  const orgs = (await api(board, 'api/orgs')).body.map((o) => o.slug);
  let dispatched = 0;
  for (const org of orgs) {
    for (const repo of (await api(board, `api/orgs/${org}/repos`)).body) {
      if (wanted.size === 0 || dispatched >= 4) break;
      const ask = { repo: repo.full_name, npc: 'npc-builder' };
      const { findings } = await adminApi(board, 'POST', 'api/issues/preflight', ask);
      if (!findings.some((f) => wanted.has(f.code))) continue;
      for (const finding of findings) wanted.delete(finding.code);
      await adminApi(board, 'POST', 'api/issues/create', {
        ...ask,
        title: `Words check ${dispatched + 1}`,
        requirement: 'Checks that the pages name things in words.',
        work_mode: false,
        override: true,
        override_reason: 'Dispatched by the words check',
      });
      dispatched += 1;
    }
  }
  assert.ok(dispatched >= 1, 'dispatches with checks to list');
  await adminApi(board, 'POST', 'api/admin/alerts/channels', {
    name: 'Words check',
    kind: 'webhook',
    url: 'http://127.0.0.1:9/hook',
    rules: ['credits_below_threshold', 'npc_stuck'],
  });
  await adminApi(board, 'POST', 'api/admin/alerts/evaluate');
}

test(
  'raw words: no code, rule id or field key on any page, form or admin list, in English and Chinese',
  async ({ page, context, shots }) => {
    const board = await startBoard({
      env: { ALERTS_ALLOW_HTTP: 'true', ALERTS_ALLOW_PRIVATE_HOSTS: 'true' },
    });
    try {
      await seedAdminData(board);
      const data = await dataWordsOf(board);
      const problems = [];
      const check = async (where) => {
        for (const word of await rawWordsOnPage(page, data)) problems.push(`${where}: ${word}`);
      };
      await signedIn(page, board);
      for (const language of ['en', 'zh-CN']) {
        await context.addCookies([{ name: 'board_lang', value: language, url: board.url }]);
        for (const [name, path, ready] of [...USER_PAGES, ...ADMIN_PAGES]) {
          await open(page, board, path);
          await page.locator(ready).first().waitFor({ timeout: 30_000 });
          await settled(page);
          await check(`${language} ${name}`);
        }

        // The task dialog.
        await open(page, board, 'tasks');
        await settled(page);
        await page.locator('npc-issue-card a[data-issue]').first().click();
        await page.locator('mat-dialog-container').waitFor();
        await settled(page);
        await check(`${language} task dialog`);

        // The dispatch form with its checks.
        await open(page, board, 'admin/dispatch');
        await settled(page);
        await page.locator('input[data-field="repo"]').fill('aurora-labs/auth-service');
        await page.locator('mat-option[data-repo="aurora-labs/auth-service"]').click();
        await page.locator('mat-radio-button[data-npc="npc-builder"]').click();
        await page.locator('npc-dispatch-findings [data-finding]').first().waitFor();
        await check(`${language} dispatch form`);

        // A channel form saved empty: the error names the field as the form does.
        await open(page, board, 'admin/alerts');
        await settled(page);
        await page.locator('[data-action="add-channel"]').click();
        await page.locator('form.channel-form button[type="submit"]').click();
        const error = page.locator('form.channel-form [data-form-error]');
        await error.waitFor();
        assert.match(
          await error.textContent(),
          language === 'en' ? /^\s*Name must not be empty\./ : /^\s*名称不能为空。/,
        );
        await check(`${language} channel form`);

        // The three admin spots: the checks, a channel's rules, the deliveries.
        await open(page, board, 'admin/dispatches');
        await settled(page);
        const chips = await page.locator('td.checks .finding').allTextContents();
        assert.ok(chips.length >= 1, 'the dispatch history lists checks');
        assert.ok((await page.locator('td.checks .sentence').count()) >= 1, 'checks say why');
        await page.screenshot({ path: shots.path(`raw-words-dispatches-${language}.png`) });
      }
      assert.deepEqual(problems, [], 'raw identifiers on the pages');
    } finally {
      // Closed rather than sent to about:blank, where the sign-in script cannot run.
      await page.close();
      await board.stop();
    }
  },
  { viewport: DESKTOP, timeoutMs: 420_000, expectedConsole: [/status of 400/] },
);

test('raw words: the check finds a code it is shown', async ({ page, board }) => {
  await open(page, board, '');
  await settled(page);
  await page.evaluate(() => {
    const p = document.createElement('p');
    p.textContent = 'Checks: wip_limit, creditsBelowThreshold';
    document.querySelector('main').append(p);
  });
  const found = await rawWordsOnPage(page, new Set());
  assert.equal(found.length, 2, found.join('\n'));
});
