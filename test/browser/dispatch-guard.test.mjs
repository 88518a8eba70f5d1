/* global document */
// Guarded dispatch in the browser, against the demo seed: the form's checks as the
// repository and NPC are chosen, the override path, the dispatch history, and handing
// the new issue to another NPC from its dialog.
import { axeViolations } from './a11y.test.mjs';
import { adminApi, open, settled, signedIn } from './pages.mjs';
import { assert, test } from './runner.mjs';

const REPO = 'aurora-labs/auth-service';

/** Picks a repository in the dispatch form by typing it and taking the first match. */
async function chooseRepo(page, repo) {
  const field = page.locator('input[data-field="repo"]');
  await field.fill(repo);
  await page.locator(`mat-option[data-repo="${repo}"]`).click();
}

test(
  'dispatch: checks appear as the form is filled; a blocking WIP limit needs an override with a reason',
  async ({ page, board, shots }) => {
    // npc-builder holds dozens of open tasks in the demo: a hard limit of 5 blocks it.
    await adminApi(board, 'PUT', 'api/admin/settings', {
      wip_limits: { 'npc-builder': { hard: 5 } },
    });
    try {
      await signedIn(page, board);
      await open(page, board, 'admin/dispatch');
      await settled(page);
      await chooseRepo(page, REPO);
      await page.locator('mat-radio-button[data-npc="npc-tester"]').click();

      // A warning only: confirm it.
      const wip = page.locator('npc-dispatch-findings [data-finding="wip_limit"]');
      await wip.and(page.locator('.warn')).waitFor();
      assert.match(await wip.textContent(), /npc-tester already holds \d+ open tasks/);
      assert.equal(await page.locator('[data-gate="confirm"]').count(), 1);
      const stuck = page.locator('[data-finding="npc_stuck_here"] a');
      assert.ok((await stuck.count()) >= 1, 'the stuck finding links to the stuck tasks');

      // Another NPC, over its hard limit: the form asks for an override.
      await page.locator('mat-radio-button[data-npc="npc-builder"]').click();
      await wip.and(page.locator('.block')).waitFor();
      assert.match(
        await wip.textContent(),
        /npc-builder already holds \d+ open tasks; its limit is 5/,
      );
      const title = `Rotate the signing keys (${Date.now()})`;
      await page.locator('textarea[data-field="requirement"]').fill(`${title}\n\nBefore Friday.`);
      const submit = page.locator('button[type="submit"]', { hasText: 'Dispatch anyway' });
      await submit.click();
      const gateError = page.locator('.gate-error');
      await gateError.waitFor();
      assert.match(await gateError.textContent(), /override it, with a reason/);

      await page.locator('[data-gate="override"] mat-checkbox input').check();
      await submit.click();
      await page.locator('.gate-error', { hasText: 'Say why the check is overridden' }).waitFor();
      await page
        .locator('textarea[data-field="override-reason"]')
        .fill('Security fix, cannot wait');
      assert.deepEqual(await axeViolations(page), [], 'no serious axe finding on the form');
      await shots.fullPage(page, 'dispatch-override-desktop.png');
      await submit.click();
      await page.locator('.created').waitFor({ timeout: 20_000 });

      // The history lists it with the override, and the dialog hands it to another NPC.
      const [entry] = await adminApi(board, 'GET', 'api/admin/dispatches?limit=1');
      assert.equal(entry.title, title);
      assert.equal(entry.override_reason, 'Security fix, cannot wait');
      await open(page, board, 'admin/dispatches');
      const row = page.locator(`tr[data-dispatch="${REPO}#${entry.number}"]`);
      await row.waitFor();
      assert.match(await row.textContent(), /Override: Security fix, cannot wait/);
      assert.match(await row.textContent(), /Pending pickup/);
      // The check is named in words, not by its code.
      assert.equal(
        await row.locator('[data-finding="wip_limit"] .finding.block').textContent(),
        'Work-in-progress limit',
      );
      assert.deepEqual(await axeViolations(page), [], 'no serious axe finding on the history');
      await shots.fullPage(page, 'dispatch-history-desktop.png');

      await row.locator('a').first().click();
      await page.waitForURL(/\/tasks\?/);
      const dialog = page.locator('mat-dialog-container');
      await dialog.locator('button[data-action="handover"]').click();
      await dialog.locator('mat-select[data-field="handover-npc"]').click();
      await page.locator('mat-option', { hasText: 'npc-reviewer' }).click();
      await dialog.locator('input[data-field="handover-reason"]').fill('Needs a review first');
      await dialog.locator('button[type="submit"]', { hasText: 'Hand over' }).click();
      await dialog.locator('[role="status"]', { hasText: 'Handed to npc-reviewer' }).waitFor();
      await page.waitForFunction(() =>
        document
          .querySelector('mat-dialog-container [data-fact="assignees"]')
          ?.textContent?.includes('npc-reviewer'),
      );
      assert.ok(
        !(await dialog.locator('[data-fact="assignees"]').textContent()).includes('npc-builder'),
        'the NPC assignee is replaced',
      );
      await page.screenshot({ path: shots.path('dispatch-handover-desktop.png') });

      const log = await adminApi(board, 'GET', 'api/admin/dispatches?limit=2');
      assert.deepEqual(
        log.map((d) => [d.kind, d.npc, d.number]),
        [
          ['redispatch', 'npc-reviewer', entry.number],
          ['dispatch', 'npc-builder', entry.number],
        ],
      );
    } finally {
      await adminApi(board, 'PUT', 'api/admin/settings', { wip_limits: { 'npc-builder': null } });
    }
  },
  // axe-core is injected as an inline script, which the board's CSP refuses.
  { timeoutMs: 90_000, contextOptions: { bypassCSP: true }, exclusive: true },
);
