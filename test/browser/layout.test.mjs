/* global document, getComputedStyle, NodeFilter, requestAnimationFrame */
import { DESKTOP, PHONE, open, scrollsSideways, settled } from './pages.mjs';
import { assert, test } from './runner.mjs';

const PAGES = [
  ['dashboard', ''],
  ['tasks', 'tasks'],
  ['tasks-list', 'tasks?view=list'],
  ['credits', 'credits'],
  ['repos', 'repos'],
];

test(
  'layout: a 375×812 phone renders every page without horizontal scrolling',
  async ({ page, board, shots }) => {
    for (const [name, path] of PAGES) {
      await open(page, board, path);
      await settled(page);
      assert.equal(await scrollsSideways(page), false, `${name} scrolls sideways`);
    }
    // The navigation folds into a menu, loaded on first use, that opens by keyboard and
    // leads to the other pages.
    await page.locator('button[aria-label="Open navigation menu"]').focus();
    await page.keyboard.press('Enter');
    const credits = page.locator('[mat-menu-item]', { hasText: 'Credits' });
    await credits.waitFor();
    await page.screenshot({ path: shots.path('menu-phone.png') });
    await page.keyboard.press('Escape');
    await credits.waitFor({ state: 'detached' });
    await page.locator('button[aria-label="Open navigation menu"]').click();
    await page.locator('[mat-menu-item]', { hasText: 'Credits' }).click();
    await page.waitForURL(/\/credits$/);
  },
  { viewport: PHONE, timeoutMs: 60_000 },
);

test('layout: keyboard focus is visible and reaches the page controls', async ({ page, board }) => {
  await open(page, board, 'tasks');
  await settled(page);
  const outlines = [];
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('Tab');
    outlines.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        // Material components draw their focus ring with a pseudo-element instead.
        const indicators = [
          el,
          ...el.querySelectorAll('.mat-focus-indicator, .mat-mdc-focus-indicator'),
        ];
        const pseudo = indicators.some((node) => {
          const before = getComputedStyle(node, '::before');
          return (
            before.content !== 'none' && before.display !== 'none' && before.borderStyle !== 'none'
          );
        });
        // A select shows focus through its form field's thicker, coloured outline.
        const field = el.closest('.mat-focused') !== null;
        return { tag: el.tagName.toLowerCase(), visible: ring || pseudo || field };
      }),
    );
  }
  const focused = outlines.filter(Boolean);
  assert.ok(focused.length >= 10, 'tabbing moves through the page');
  assert.deepEqual(
    focused.filter((f) => !f.visible),
    [],
    'every focused control shows a focus ring',
  );
  assert.ok(
    focused.some((f) => f.tag === 'select'),
    'the filters are reachable',
  );
});

test(
  'layout: dark mode follows the system setting',
  async ({ browser, board, shots }) => {
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    try {
      for (const [name, path] of PAGES.filter(([n]) => n !== 'tasks-list')) {
        await open(page, board, path);
        await settled(page);
        await page.screenshot({ path: shots.path(`${name}-dark-desktop.png`) });
      }
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [r, g, b] = background.match(/\d+/g).map(Number);
      assert.ok(r + g + b < 150, `a dark background, got ${background}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  },
  { timeoutMs: 60_000 },
);

/**
 * What each item of the top bar draws, as boxes: its own box and its visible text, which
 * a squeezed flex item lets spill over its neighbours.
 */
function topBarOverlaps() {
  const items = [
    ...document.querySelectorAll(
      ['.brand', 'nav.links', 'npc-wall-clock', 'npc-data-status > *', 'button', 'a']
        .map((item) => `npc-top-bar > .bar > ${item}, npc-top-bar > .bar > .status ${item}`)
        .join(', '),
    ),
  ].filter((el) => el.getBoundingClientRect().width > 1 && getComputedStyle(el).display !== 'none');
  const hidden = (el) => {
    for (let at = el; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.display === 'none' || style.clipPath.startsWith('inset')) return true;
    }
    return false;
  };
  const extent = (el) => {
    const box = el.getBoundingClientRect();
    let [left, right] = [box.left, box.right];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim() || hidden(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      let { left: textLeft, right: textRight } = range.getBoundingClientRect();
      // Text cut short (overflow hidden, an ellipsis) draws only within its box.
      for (let at = node.parentElement; at && at !== el.parentElement; at = at.parentElement) {
        if (getComputedStyle(at).overflowX === 'visible') continue;
        const box = at.getBoundingClientRect();
        textLeft = Math.max(textLeft, box.left);
        textRight = Math.min(textRight, box.right);
      }
      left = Math.min(left, textLeft);
      right = Math.max(right, textRight);
    }
    return { name: el.className || el.tagName.toLowerCase(), left, right };
  };
  const boxes = items.map(extent).sort((a, b) => a.left - b.left);
  const problems = [];
  for (let i = 1; i < boxes.length; i++) {
    if (boxes[i].left < boxes[i - 1].right - 0.5) {
      const by = Math.round(boxes[i - 1].right - boxes[i].left);
      problems.push(`${boxes[i - 1].name} overlaps ${boxes[i].name} by ${by} px`);
    }
  }
  const last = boxes.at(-1);
  if (last && last.right > document.documentElement.clientWidth + 0.5) {
    problems.push(`${last.name} runs past the window`);
  }
  return problems;
}

test(
  'layout: from 720 px to a laptop the top bar fits, in both languages, signed in and on a wall',
  async ({ page, context, board, shots }) => {
    const problems = [];
    await page.addInitScript(
      (token) => sessionStorage.setItem('npcBoard.adminToken', token),
      board.adminToken,
    );
    for (const language of ['en', 'zh-CN']) {
      await context.addCookies([{ name: 'board_lang', value: language, url: board.url }]);
      for (const path of ['tasks', 'tasks?wall=1']) {
        await open(page, board, path);
        await settled(page);
        for (const width of [720, 760, 800, 840, 880, 1100, 1280, 1366]) {
          await page.setViewportSize({ width, height: 800 });
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
          for (const problem of await page.evaluate(topBarOverlaps)) {
            problems.push(`${language} ${path} ${width} px: ${problem}`);
          }
        }
        await page.screenshot({
          path: shots.path(`top-bar-1366-${language}-${path.replace(/\W+/g, '-')}.png`),
          clip: { x: 0, y: 0, width: 1366, height: 64 },
        });
      }
    }
    assert.deepEqual(problems, [], 'top bar items that overlap');
  },
  { viewport: { width: 880, height: 800 }, timeoutMs: 120_000 },
);
