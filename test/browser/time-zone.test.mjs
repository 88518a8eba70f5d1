/* global document */
// The time display: times read in the viewer's zone with UTC on hover, and the top bar's
// switch shows every time in UTC instead, kept across visits. The browser runs in Tokyo
// (UTC+9 all year), so the two readings always differ.
import { PHONE, open, scrollsSideways, settled } from './pages.mjs';
import { assert, test } from './runner.mjs';

const ZONE = 'Asia/Tokyo';
/** The zone as the page names it (Intl's name in the page's language, not the zone's id). */
const ZONE_NAME = 'Japan Standard Time';
const pad = (n) => String(n).padStart(2, '0');
const utcText = (iso) => {
  const d = new Date(iso);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
};
const tokyoText = (iso) => utcText(new Date(Date.parse(iso) + 9 * 3_600_000)).slice(0, -4);

/** The hover texts of the task list's "created" times, with their machine-readable time. */
const createdTimes = (page) =>
  page
    .locator('npc-issue-list td[data-label="Created"] time')
    .evaluateAll((times) =>
      times.slice(0, 5).map((t) => ({ iso: t.getAttribute('datetime'), title: t.title })),
    );

test(
  'time: the UTC switch in the top bar changes the shown times, and is remembered',
  async ({ page, board, shots }) => {
    await open(page, board, 'tasks?view=list');
    await settled(page);
    const toggle = page.locator('button[data-time-zone-switch]');
    assert.equal(await toggle.getAttribute('aria-checked'), 'false');

    const local = await createdTimes(page);
    assert.ok(local.length > 0);
    for (const { iso, title } of local) {
      assert.equal(title, `${tokyoText(iso)} local time · ${utcText(iso)}`);
    }
    const status = page.locator('npc-data-status .age');
    assert.doesNotMatch(await status.getAttribute('title'), /UTC/);

    await toggle.click();
    await page.waitForFunction(
      () =>
        document.querySelector('button[data-time-zone-switch]')?.getAttribute('aria-checked') ===
        'true',
    );
    await page.waitForFunction(() =>
      document
        .querySelector('npc-issue-list td[data-label="Created"] time')
        ?.title.includes(' UTC · '),
    );
    for (const { iso, title } of await createdTimes(page)) {
      assert.equal(title, `${utcText(iso)} · ${tokyoText(iso)} ${ZONE_NAME}`);
    }
    assert.match(await status.getAttribute('title'), / UTC$/);
    await page.screenshot({ path: shots.path('time-utc-desktop.png') });

    // A new visit keeps the choice.
    await page.reload();
    await settled(page);
    assert.equal(await toggle.getAttribute('aria-checked'), 'true');
    const again = await createdTimes(page);
    assert.equal(
      again[0].title,
      `${utcText(again[0].iso)} · ${tokyoText(again[0].iso)} ${ZONE_NAME}`,
    );

    await toggle.click();
    await page.waitForFunction(() =>
      document
        .querySelector('npc-issue-list td[data-label="Created"] time')
        ?.title.includes('local time'),
    );
  },
  { contextOptions: { timezoneId: ZONE } },
);

test(
  'time: the UTC switch fits the phone top bar without sideways scrolling',
  async ({ page, board, shots }) => {
    await open(page, board, 'tasks');
    await settled(page);
    const toggle = page.locator('button[data-time-zone-switch]');
    assert.equal(await toggle.getAttribute('aria-checked'), 'false');
    await toggle.click();
    // The page answers the click on its next render: wait for it rather than read at once.
    await page.waitForFunction(
      () =>
        document.querySelector('button[data-time-zone-switch]')?.getAttribute('aria-checked') ===
        'true',
    );
    assert.equal(await scrollsSideways(page), false);
    const box = await toggle.boundingBox();
    assert.ok(box && box.x + box.width <= PHONE.width, 'the switch is on screen');
    await page
      .locator('header, npc-top-bar')
      .first()
      .screenshot({
        path: shots.path('time-switch-phone.png'),
      });
  },
  { viewport: PHONE, contextOptions: { timezoneId: ZONE } },
);
