/* global document, window */
// Accessibility: axe-core's WCAG 2.2 A and AA rules on every page of the app, in light and
// dark, on a desktop and a 375 px phone, and with the task dialog open. axe-core's source
// is injected into the page; the app's CSP refuses inline scripts, so these tests' browser
// contexts (and only theirs) bypass it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { api } from './harness.mjs';
import { ADMIN_PAGES, DESKTOP, PHONE, USER_PAGES, open, settled, signedIn } from './pages.mjs';
import { assert, slug, test } from './runner.mjs';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's tags for the success criteria of WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);
/**
 * Rules axe ships as experimental (off by default) that test a WCAG A/AA criterion:
 * label-content-name-mismatch is 2.5.3, a control's name contains its visible text.
 */
const EXPERIMENTAL = { 'label-content-name-mismatch': { enabled: true } };

/**
 * Runs axe on the page as it is now; returns its serious and critical violations, each with
 * the rule, its help text and the elements it found (at most five per rule). `without` names
 * rules a caller's other checks already cover (see the Chinese sweep).
 */
export async function axeViolations(page, { without = [] } = {}) {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ content: AXE_SOURCE });
  }
  const violations = await page.evaluate(
    ([tags, rules]) =>
      window.axe
        .run(document, {
          runOnly: { type: 'tag', values: tags },
          rules,
          resultTypes: ['violations'],
        })
        .then((results) =>
          results.violations.map((v) => ({
            rule: v.id,
            impact: v.impact,
            help: v.help,
            count: v.nodes.length,
            nodes: v.nodes.slice(0, 5).map((n) => ({
              target: n.target.join(' '),
              html: n.html.slice(0, 160),
              why: n.failureSummary,
            })),
          })),
        ),
    [
      WCAG_TAGS,
      { ...EXPERIMENTAL, ...Object.fromEntries(without.map((rule) => [rule, { enabled: false }])) },
    ],
  );
  return violations.filter((v) => BLOCKING.has(v.impact));
}

/** Opens a page, waits for it to load, and checks it; returns "where: rule" findings. */
async function check(page, board, name, path, ready) {
  await open(page, board, path);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await settled(page);
  return (await axeViolations(page)).map((v) => ({ page: name, ...v }));
}

/** A readable list of findings for an assertion message. */
function report(findings) {
  return findings
    .map(
      (f) =>
        `${f.page}: ${f.rule} (${f.impact}, ${f.count}×) ${f.help}\n` +
        f.nodes.map((n) => `    ${n.target}  ${n.html}\n      ${n.why}`).join('\n'),
    )
    .join('\n');
}

for (const colorScheme of ['light', 'dark']) {
  for (const viewport of [DESKTOP, PHONE]) {
    const where = `${colorScheme}, ${viewport.width} px`;
    test(
      `accessibility: axe finds no serious or critical WCAG 2.2 A/AA violation on any page (${where})`,
      async ({ page, board, shots }) => {
        const findings = [];
        for (const [name, path, ready] of USER_PAGES) {
          findings.push(...(await check(page, board, name, path, ready)));
        }
        // The sign-in form, then the admin pages signed in as a kept session would be.
        findings.push(...(await check(page, board, 'admin sign-in', 'admin', 'main h1')));
        await signedIn(page, board);
        for (const [name, path, ready] of ADMIN_PAGES) {
          findings.push(...(await check(page, board, name, path, ready)));
        }
        if (findings.length) {
          await page.screenshot({ path: shots.path(`a11y-${slug(where)}.png`) });
        }
        assert.deepEqual(
          findings.map((f) => `${f.page}: ${f.rule}`),
          [],
          `axe violations (${where}):\n${report(findings)}`,
        );
      },
      { viewport, contextOptions: { colorScheme, bypassCSP: true }, timeoutMs: 120_000 },
    );

    test(
      `accessibility: axe finds no serious or critical violation with the task dialog open, labels and images in the body (${where})`,
      async ({ page, board, shots }) => {
        // A labelled in-progress issue, and the seed's hostile issue (raw HTML, links, images).
        const { body: issues } = await api(board, 'api/issues');
        const labelled = issues.find((i) => i.column === 'in_progress' && i.labels.length > 0);
        const hostile = issues.find((i) => i.body.includes('onerror'));
        assert.ok(labelled && hostile, 'the demo seed has both issues');
        const findings = [];
        for (const [name, issue] of [
          ['dialog of a labelled issue', labelled],
          ['dialog of the hostile issue', hostile],
        ]) {
          const path = `tasks?repo=${issue.repository.full_name}&issue=${issue.number}`;
          findings.push(...(await check(page, board, name, path, 'mat-dialog-container h2')));
        }
        await page.screenshot({ path: shots.path(`a11y-dialog-${slug(where)}.png`) });
        assert.deepEqual(
          findings.map((f) => `${f.page}: ${f.rule}`),
          [],
          `axe violations (${where}):\n${report(findings)}`,
        );
      },
      { viewport, contextOptions: { colorScheme, bypassCSP: true }, timeoutMs: 90_000 },
    );
  }
}

test(
  'accessibility: the axe check reports a violation it is shown (a control with no name)',
  async ({ page, board }) => {
    await open(page, board, '');
    await settled(page);
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'nameless';
      document.querySelector('main').append(button);
    });
    const found = await axeViolations(page);
    assert.ok(
      found.some((v) => v.rule === 'button-name' && v.nodes.some((n) => n.target === '#nameless')),
      `axe reports the nameless button, got ${found.map((v) => v.rule).join(', ') || 'nothing'}`,
    );
  },
  { contextOptions: { bypassCSP: true } },
);
