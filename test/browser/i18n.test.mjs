/* global document, getComputedStyle */
// Chinese: every page, user and admin, light and dark, desktop and phone, opened by a
// browser that asks for Chinese (`Accept-Language: zh-CN`), shows no English text of the
// app's own (the English source catalogue's texts; data such as issue titles stays as it
// is), scrolls no page sideways, clips no label, and passes axe. The language switch is
// remembered across a reload and a deep link. Screenshots of each page are kept.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { axeViolations } from './a11y.test.mjs';
import { root } from './harness.mjs';
import {
  ADMIN_PAGES,
  DESKTOP,
  PHONE,
  USER_PAGES,
  open,
  scrollsSideways,
  settled,
  signedIn,
  visibleTexts,
} from './pages.mjs';
import { assert, slug, test } from './runner.mjs';

const SOURCE = JSON.parse(
  readFileSync(join(root, 'client/src/locale/messages.json'), 'utf8'),
).translations;

/**
 * The English a page must not show in Chinese: each source message's literal parts (the
 * text around its placeholders, and each case of an ICU message) that hold a word.
 * `whole` are compared with a text node as it is; `phrases` (two words or more) are
 * looked for inside one, where the message's values sit beside them.
 */
export function englishTexts(messages) {
  const whole = new Set();
  const phrases = new Set();
  for (const text of Object.values(messages)) {
    const parts = text.startsWith('{VAR_')
      ? [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1])
      : text.split(/\{\$[^}]+\}/);
    for (const part of parts.map((p) => p.trim())) {
      if (!/[A-Za-z]{3}/.test(part)) continue;
      whole.add(part);
      if (/[A-Za-z]+ [A-Za-z]+/.test(part) && part.length >= 8) phrases.add(part);
    }
  }
  return { whole: [...whole], phrases: [...phrases] };
}

const ENGLISH = englishTexts(SOURCE);
/** Words the Chinese pages keep as they are: names, units and the platform's terms. */
const KEPT = new Set([
  'NPC',
  'UTC',
  'CSV',
  'SLO',
  'WIP',
  'Markdown',
  'English',
  'Webhook',
  'npc-task',
]);

/** The app's English texts on the page now: text nodes and accessible attributes. */
async function englishOnPage(page) {
  const found = new Set();
  const whole = new Set(ENGLISH.whole);
  // Data from the platform is shown as it is: issue bodies, titles and names.
  // `code` names the platform's own terms (the `npc-task` label).
  for (const { text: raw, where } of await visibleTexts(page, 'code, .markdown')) {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (!text || KEPT.has(text)) continue;
    if (whole.has(text)) found.add(`${where}: "${text}"`);
    else {
      const phrase = ENGLISH.phrases.find((p) => text.includes(p));
      if (phrase) found.add(`${where}: "${phrase}" in "${text.slice(0, 80)}"`);
    }
  }
  return [...found];
}

/** Labels cut off by their box: text wider than an element that hides its overflow. */
async function clippedLabels(page) {
  return page.evaluate(() => {
    const clipped = [];
    const labels = document.querySelectorAll(
      'button, a, label, th, h1, h2, h3, legend, [role="tab"], .mdc-button__label, .chip',
    );
    for (const element of labels) {
      const style = getComputedStyle(element);
      // Visually hidden headings (for screen readers) are 1 px boxes on purpose.
      if (style.overflowX === 'visible' || element.clientWidth <= 1) continue;
      if (element.closest('[data-truncates]')) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        clipped.push(
          `${element.tagName.toLowerCase()} "${element.textContent.trim().slice(0, 40)}"`,
        );
      }
    }
    return clipped;
  });
}

for (const colorScheme of ['light', 'dark']) {
  for (const viewport of [DESKTOP, PHONE]) {
    const where = `${colorScheme}, ${viewport.width} px`;
    test(
      `Chinese: every page in Chinese, no English of the app's, no sideways scroll or clipped label, axe clean (${where})`,
      async ({ page, board, shots }) => {
        const problems = [];
        const visit = async (name, path, ready) => {
          await open(page, board, path);
          await page.locator(ready).first().waitFor({ timeout: 30_000 });
          await settled(page);
          const lang = await page.evaluate(() => document.documentElement.lang);
          if (lang !== 'zh-CN') problems.push(`${name}: <html lang="${lang}">`);
          for (const text of await englishOnPage(page)) problems.push(`${name}: English ${text}`);
          if (await scrollsSideways(page)) problems.push(`${name}: scrolls sideways`);
          for (const label of await clippedLabels(page)) problems.push(`${name}: clipped ${label}`);
          // Colours do not change with the language: the English sweeps (a11y.test.mjs) check
          // contrast on the same pages, schemes and widths, and it is most of axe's time here.
          for (const v of await axeViolations(page, { without: ['color-contrast'] })) {
            problems.push(`${name}: axe ${v.rule} (${v.impact}) ${v.nodes[0]?.target ?? ''}`);
          }
          await page.screenshot({ path: shots.path(`zh-CN-${slug(name)}-${slug(where)}.png`) });
        };
        for (const [name, path, ready] of USER_PAGES) await visit(name, path, ready);
        await visit('admin sign-in', 'admin', 'main h1');
        await signedIn(page, board);
        for (const [name, path, ready] of ADMIN_PAGES) await visit(name, path, ready);
        assert.deepEqual(problems, [], `problems on the Chinese pages (${where})`);
      },
      {
        viewport,
        contextOptions: { colorScheme, bypassCSP: true, locale: 'zh-CN' },
        timeoutMs: 240_000,
      },
    );
  }
}

test(
  'Chinese: the English check finds English it is shown',
  async ({ page, board }) => {
    await open(page, board, '');
    await settled(page);
    await page.evaluate(
      (text) => {
        const p = document.createElement('p');
        p.textContent = text;
        document.querySelector('main').append(p);
      },
      ENGLISH.whole.find((t) => t.includes(' ')),
    );
    assert.equal((await englishOnPage(page)).length, 1);
  },
  { contextOptions: { locale: 'zh-CN' } },
);

test(
  'Chinese: the language switch is remembered across a reload and a deep link',
  async ({ page, board, shots }) => {
    const lang = () => page.evaluate(() => document.documentElement.lang);
    // An English browser gets English, switches, and the same address reloads in Chinese.
    await open(page, board, 'tasks');
    await settled(page);
    assert.equal(await lang(), 'en');
    const toChinese = page.locator('[data-language-switch]');
    assert.equal(await toChinese.getAttribute('aria-label'), 'Switch to 简体中文');
    await Promise.all([page.waitForEvent('load'), toChinese.click()]);
    await settled(page);
    assert.equal(await lang(), 'zh-CN');
    assert.equal(new URL(page.url()).pathname, '/tasks');
    assert.equal(await page.locator('main h1').first().textContent(), '任务看板');

    await page.reload({ waitUntil: 'load' });
    await settled(page);
    assert.equal(await lang(), 'zh-CN');
    // A deep link opened later, with its filter, opens in the language chosen.
    const cookie = (await page.context().cookies()).find((c) => c.name === 'board_lang');
    assert.equal(cookie?.value, 'zh-CN');
    await open(page, board, 'credits?days=30');
    await settled(page);
    assert.equal(await lang(), 'zh-CN');
    await page.screenshot({ path: shots.path('zh-CN-switched-credits.png') });

    // And back: the button names English in English.
    const toEnglish = page.locator('[data-language-switch]');
    assert.equal(await toEnglish.getAttribute('aria-label'), '切换到 English');
    await Promise.all([page.waitForEvent('load'), toEnglish.click()]);
    await settled(page);
    assert.equal(await lang(), 'en');
  },
  { viewport: DESKTOP, contextOptions: { locale: 'en-US' } },
);
