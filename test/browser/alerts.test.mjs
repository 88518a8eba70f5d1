// The admin alerts page: add a channel, send a test, see a firing alert and its delivery.
import { once } from 'node:events';
import { createServer } from 'node:http';
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

test('admin alerts: add a channel, send a test, see a firing alert and its delivery', async ({
  page,
  board,
  shots,
}) => {
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
    const firing = page.locator('li[data-alert^="credits_below_threshold:"][data-status="firing"]');
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
      /^sent\s*Ops room\s*1 attempt\(s\)\s*credits_below_threshold:/,
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
});
