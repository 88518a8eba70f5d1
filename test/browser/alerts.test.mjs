// The admin alerts page: add a channel, send a test, see a firing alert and its delivery.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { axeViolations } from './a11y.test.mjs';
import { PHONE, adminApi, open, scrollsSideways, settled, signedIn } from './pages.mjs';
import { assert, test } from './runner.mjs';

/** A webhook receiver on loopback that records each body and answers 200. */
async function receiver() {
  const bodies = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(raw));
      server.emit('received');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    bodies,
    url: `http://127.0.0.1:${server.address().port}/hook`,
    async until(check) {
      while (!check(bodies)) await once(server, 'received');
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const text = async (locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

test(
  'admin alerts: add a channel, send a test, see a firing alert and its delivery',
  async ({ page, board, shots }) => {
    const hook = await receiver();
    const before = await adminApi(board, 'GET', 'api/admin/settings');
    try {
      await signedIn(page, board);
      await open(page, board, 'admin/alerts');
      await settled(page);

      await page.locator('[data-action="add-channel"]').click();
      await page.locator('[data-field="name"]').fill('Ops room');
      await page.locator('[data-field="url"]').fill(hook.url);
      await page.locator('[data-action="save-channel"]').click();
      const card = page.locator('li[data-channel="Ops room"]');
      await card.waitFor();
      assert.match(await text(card), /http:\/\/127\.0\.0\.1:\d+ · every rule/);
      assert.ok(!(await text(card)).includes('/hook'), 'the URL is shown masked');

      await card.locator('[data-action="test"]').click();
      const result = card.locator('[data-test-result]');
      await result.waitFor();
      assert.match(await text(result), /^Delivered · HTTP 200 · \{"ok":true\}/);
      assert.equal(hook.bodies[0].rule, 'test');

      // Every organization falls below a threshold above any balance.
      await adminApi(board, 'PUT', 'api/admin/settings', { credit_alert_threshold: 1_000_000_000 });
      await page.getByRole('button', { name: 'Evaluate now' }).click();
      await page.getByText(/\d+ fired, \d+ resolved\./).waitFor();
      await settled(page);
      const firing = page.locator(
        'li[data-alert^="credits_below_threshold:"][data-status="firing"]',
      );
      await firing.first().waitFor();
      const count = await firing.count();
      assert.ok(count > 0, 'credit alerts fire');
      const subject = firing.first().locator('a.subject');
      assert.match(await subject.getAttribute('href'), /\/credits\?org=/);

      await hook.until((bodies) => bodies.some((b) => b.rule === 'credits_below_threshold'));
      const sent = hook.bodies.find((b) => b.rule === 'credits_below_threshold');
      await page.reload({ waitUntil: 'load' });
      await settled(page);
      const delivery = page.locator(`li[data-delivery="${sent.delivery_id}"]`);
      await delivery.waitFor();
      assert.match(
        await text(delivery),
        /^sent\s*Ops room\s*1 attempts?\s*Credits below the threshold: \S/,
      );

      await shots.fullPage(page, 'admin-alerts-desktop.png');
      await page.setViewportSize(PHONE);
      await settled(page);
      assert.equal(await scrollsSideways(page), false, 'no sideways scroll on a phone');
      await shots.fullPage(page, 'admin-alerts-phone.png');
    } finally {
      await adminApi(board, 'PUT', 'api/admin/settings', {
        credit_alert_threshold: before.credit_alert_threshold,
      });
      await hook.close();
    }
  },
  { exclusive: true },
);

test(
  'admin alerts: a firing alert is muted for its rule and organization, and the silence ended',
  async ({ page, board, shots }) => {
    const before = await adminApi(board, 'GET', 'api/admin/settings');
    try {
      // Every organization falls below a threshold above any balance.
      await adminApi(board, 'PUT', 'api/admin/settings', { credit_alert_threshold: 1_000_000_000 });
      await adminApi(board, 'POST', 'api/admin/alerts/evaluate');
      await signedIn(page, board);
      await open(page, board, 'admin/alerts');
      await settled(page);
      assert.match(await text(page.locator('[data-section="silences"]')), /Nothing is muted/);

      const firing = page.locator(
        'li[data-alert^="credits_below_threshold:"][data-status="firing"]:has([data-action="mute"])',
      );
      const card = page.locator(
        `li[data-alert="${await firing.first().getAttribute('data-alert')}"]`,
      );
      const org = (await card.getAttribute('data-alert')).split(':')[1];
      await card.locator('[data-action="mute"]').click();
      const form = card.locator('form.mute-form');
      // A mute needs a reason.
      await form.locator('[data-action="save-mute"]').click();
      assert.match(await text(form.locator('[data-mute-error]')), /Say why in the note/);

      await form.locator('[data-mute-scope="rule"]').check();
      await form.locator('[data-field="mute-hours"]').selectOption({ label: '4 hours' });
      await form.locator('[data-field="mute-note"]').fill('Top-up ordered');
      assert.deepEqual(await axeViolations(page), [], 'no serious axe finding on the mute form');
      await shots.fullPage(page, 'admin-alerts-mute-form.png');
      await form.locator('[data-action="save-mute"]').click();
      await card.locator('.badge.muted').waitFor();

      const [silence] = await adminApi(board, 'GET', 'api/admin/alerts/silences');
      assert.deepEqual(
        { rule: silence.rule, org: silence.org, alert_id: silence.alert_id, note: silence.note },
        { rule: 'credits_below_threshold', org, alert_id: null, note: 'Top-up ordered' },
      );
      const hours = (Date.parse(silence.until) - Date.parse(silence.created_at)) / 3_600_000;
      assert.ok(Math.abs(hours - 4) < 0.1, `muted for 4 hours, got ${hours.toFixed(2)}`);
      const listed = page.locator(`li[data-silence="${silence.id}"]`);
      assert.match(
        await text(listed),
        new RegExp(
          `^muted\\s*Credits below the threshold: every alert in ${org}\\s*Top-up ordered\\s*` +
            'Until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\(in [34] hours\\) · since just now',
        ),
      );

      await listed.locator('[data-action="end-silence"]').click();
      await listed.waitFor({ state: 'detached' });
      assert.deepEqual(await adminApi(board, 'GET', 'api/admin/alerts/silences'), []);
      await card.locator('[data-action="mute"]').waitFor();
      assert.equal(await card.locator('.badge.muted').count(), 0);
    } finally {
      for (const s of await adminApi(board, 'GET', 'api/admin/alerts/silences')) {
        await adminApi(board, 'DELETE', `api/admin/alerts/silences/${s.id}`);
      }
      await adminApi(board, 'PUT', 'api/admin/settings', {
        credit_alert_threshold: before.credit_alert_threshold,
      });
    }
  },
  // axe is injected into the page: the test context alone bypasses the CSP.
  { contextOptions: { bypassCSP: true }, exclusive: true },
);
