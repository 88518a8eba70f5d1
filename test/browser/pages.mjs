/* global document, getComputedStyle, NodeFilter, requestAnimationFrame */
// Page helpers shared by the browser suites: what a test waits for and reads, in one place.

/** The desktop and phone sizes of the screenshots; the phone is the issue's 375×812. */
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 375, height: 812 };

/** The user pages, then the admin ones (signed in), each with what shows it has loaded. */
export const USER_PAGES = [
  ['dashboard', '', 'npc-org-card'],
  ['tasks', 'tasks', 'npc-issue-card'],
  ['tasks list', 'tasks?view=list', 'npc-issue-list tr[data-issue]'],
  // The wall displays: dark and larger whatever the system's setting.
  ['dashboard wall display', '?wall=1', 'npc-org-card'],
  ['tasks wall display', 'tasks?wall=1', 'npc-issue-card'],
  ['credits', 'credits', 'tr[data-org]'],
  ['repositories', 'repos', 'tr[data-repo]'],
  ['npcs', 'npcs', 'table[data-table="npcs"] tbody tr'],
  ['npc', 'npcs/npc-builder', '[data-figure="completed"]'],
  ['not found', 'no-such-page', 'main h1'],
];
export const ADMIN_PAGES = [
  ['admin entry', 'admin', 'a.tile'],
  ['admin overview', 'admin/dashboard', 'npc-figure-card'],
  ['admin dispatch', 'admin/dispatch', 'textarea[data-field="requirement"]'],
  ['admin credits', 'admin/credits', 'tr[data-org]'],
  ['admin dispatch history', 'admin/dispatches', 'table[data-table="dispatches"], npc-empty-state'],
  ['admin alerts', 'admin/alerts', 'section[data-section="rules"]'],
];

/** Opens an app path (relative, as the app's own links are) and waits for the page to settle. */
export async function open(page, board, path) {
  await page.goto(board.url + path, { waitUntil: 'load' });
}

const quiet = () =>
  document.querySelector('main h1') &&
  !document.querySelector('main .skeleton') &&
  !document.querySelector('main [aria-busy="true"]');

/**
 * Waits until the routed page is there (its heading) and nothing on it is loading: no
 * skeleton and no busy region. The heading matters right after a navigation, when the
 * lazy page has not rendered yet and so shows no skeleton either. It is checked twice,
 * a few frames apart: a new page's static heading is in the DOM one frame before its
 * first change detection adds the skeletons, and a single look can fall in between.
 */
export async function settled(page) {
  await page.waitForFunction(quiet, undefined, { timeout: 30_000 });
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 20))),
      ),
  );
  await page.waitForFunction(quiet, undefined, { timeout: 30_000 });
}

/**
 * The values drawn in the elements matching `selector` (their `data-<attribute>`, or their
 * trimmed text without one) as strings, read once they equal `expected` (as sets with
 * `anyOrder`), or after ten seconds if they never do, for the caller's assertion to show
 * the difference.
 * A filter or sort changes the URL a moment before the page draws its result, so a test
 * that read right after the URL would sometimes read the rows from before.
 */
export async function drawn(page, selector, expected, { attribute, anyOrder = false } = {}) {
  const args = { selector, attribute, anyOrder, expected: expected.map(String) };
  // Runs in the page: the values shown, and whether they are the ones expected.
  const look = (a) => {
    const values = [...document.querySelectorAll(a.selector)].map((el) =>
      a.attribute ? el.dataset[a.attribute] : el.textContent.trim(),
    );
    if (a.anyOrder) values.sort();
    const want = a.anyOrder ? [...a.expected].sort() : a.expected;
    return { values, same: values.length === want.length && values.every((v, i) => v === want[i]) };
  };
  await page
    .waitForFunction(`(${look})(${JSON.stringify(args)}).same`, undefined, { timeout: 10_000 })
    .catch(() => undefined);
  return (await page.evaluate(look, args)).values;
}

/**
 * Picks an option of the select marked `data-filter="<name>"`: a native select (the task
 * board's filters) or a Material one (opened, then its option clicked in the overlay).
 */
export async function choose(page, filter, optionText) {
  const control = page.locator(
    `select[data-filter="${filter}"], mat-select[data-filter="${filter}"]`,
  );
  await control.waitFor();
  if ((await control.evaluate((el) => el.tagName)) === 'SELECT') {
    await control.selectOption({ label: optionText });
    return;
  }
  await control.click();
  await page.getByRole('option', { name: optionText, exact: true }).click();
}

/** The text of the option a native select shows. */
export function chosen(page, filter) {
  return page.locator(`select[data-filter="${filter}"] option:checked`).textContent();
}

/** The number in each board column's header. */
export async function columnCounts(page) {
  const counts = {};
  for (const column of ['pending', 'in_progress', 'done']) {
    const text = await page.locator(`section[data-column="${column}"] [data-count]`).textContent();
    counts[column] = Number(text.replace(/[^0-9]/g, ''));
  }
  return counts;
}

/** Counts issues per board column. */
export function countByColumn(issues) {
  const counts = { pending: 0, in_progress: 0, done: 0 };
  for (const issue of issues) counts[issue.column] += 1;
  return counts;
}

/** Parses "1,240" into 1240. */
export const number = (text) => Number(String(text).replace(/[^0-9.]/g, ''));

/** Rounds credits the way the UI shows them: whole numbers, two decimals under 10. */
export const shownCredits = (value) =>
  Math.abs(value) < 10 ? Math.round(value * 100) / 100 : Math.round(value);

/** True when the page is wider than the viewport (horizontal scrolling). */
export async function scrollsSideways(page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
  );
}

/** Where the app keeps the admin token of a signed-in session. */
export const TOKEN_KEY = 'npcBoard.adminToken';

/** Calls an admin route of the board with the run's admin token. */
export async function adminApi(board, method, path, body) {
  const response = await fetch(board.url + path, {
    method,
    headers: {
      Authorization: `Bearer ${board.adminToken}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.status === 204 ? null : response.json();
}

/** Signs this page in before any of its scripts run, as a kept session would. */
export async function signedIn(page, board) {
  await page.addInitScript(
    ([key, token]) => sessionStorage.setItem(key, token),
    [TOKEN_KEY, board.adminToken],
  );
}

/**
 * The texts a person meets on the page now, each with where it stands (`td`,
 * `[aria-label]`): visible text nodes outside `skip` (a selector for data shown as the
 * platform wrote it), then the accessible names, titles, placeholders and alt texts.
 */
export function visibleTexts(page, skip) {
  return page.evaluate((skipped) => {
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(`script, style, [aria-hidden="true"], ${skipped}`)) continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      texts.push({ text: node.textContent ?? '', where: parent.tagName.toLowerCase() });
    }
    for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
      for (const element of document.querySelectorAll(`[${attribute}]`)) {
        texts.push({ text: element.getAttribute(attribute) ?? '', where: `[${attribute}]` });
      }
    }
    return texts;
  }, skip);
}
