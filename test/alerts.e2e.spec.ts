import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type {
  AlertView,
  ChannelTestResult,
  ChannelView,
  DeliveryView,
  EvaluateResult,
} from '@shared/board/alerts';
import type { Issue } from '@shared/board/entities';
import { AlertsService } from '../server/board/alerts/alerts.service';
import { DeliveryWorker } from '../server/board/alerts/delivery-worker';
import { SnapshotService } from '../server/board/credits/snapshot.service';
import { BoardStore } from '../server/board/store/board-store';
import { Receiver } from './alert-receiver';
import { startBoard, RunningBoard } from './board-harness';
import { HarnessForge, startForge } from './forge-harness';

const ADMIN_TOKEN = 'alerts-admin-token-0123456789';
const SECRET = 'webhook-secret-for-tests';
const MINUTE = 60_000;

/** One full garbage collection, through a context created with `gc` exposed. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

async function call<T>(
  board: RunningBoard,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${board.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

describe('alerts against a real forge and real receivers', () => {
  let forge: HarnessForge;
  let board: RunningBoard;
  let orgs: string[];
  let hooks: Receiver;
  let flaky: Receiver;
  let refusing: Receiver;
  let stuckHook: Receiver;
  let closedPort: number;
  let channels: Record<string, ChannelView>;

  const evaluate = async (): Promise<EvaluateResult> => {
    const { status, body } = await call<EvaluateResult>(
      board,
      'POST',
      '/api/admin/alerts/evaluate',
    );
    expect(status).toBe(200);
    return body;
  };
  const deliver = () => board.get(DeliveryWorker).runDue();
  const deliveries = async (channel: string): Promise<DeliveryView[]> =>
    (
      await call<DeliveryView[]>(board, 'GET', '/api/admin/alerts/deliveries?limit=500')
    ).body.filter((d) => d.channel_id === channels[channel].id);
  const setSettings = async (change: object) =>
    expect((await call(board, 'PUT', '/api/admin/settings', change)).status).toBe(200);

  beforeAll(async () => {
    forge = await startForge();
  });

  afterAll(async () => {
    await forge?.stop();
  });

  // Every test starts a board of its own (a fresh store) with five channels.
  beforeEach(async () => {
    board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      {
        now: forge.seedEpoch!,
        env: {
          ADMIN_TOKEN,
          ALERTS_ALLOW_HTTP: 'true',
          ALERTS_ALLOW_PRIVATE_HOSTS: 'true',
          BOARD_PUBLIC_URL: 'https://board.example.com/',
        },
        // No jitter: every wait is the whole backoff.
        alerts: { random: () => 1 },
      },
    );
    [hooks, flaky, refusing, stuckHook] = [
      new Receiver(),
      new Receiver(),
      new Receiver(),
      new Receiver(),
    ];
    for (const r of [hooks, flaky, refusing, stuckHook]) await r.start();
    const closed = await new Receiver().start();
    closedPort = closed.port;
    await closed.stop();
    orgs = ((await (await fetch(`${board.url}/api/meta`)).json()) as { covered_orgs: string[] })
      .covered_orgs;
    // Balances: two organizations at 100 and 120, the others far above any threshold.
    const now = board.clock.now().toISOString();
    await board.get(BoardStore).upsertSnapshots(
      orgs.map((org, i) => ({
        org_slug: org,
        balance: i === 0 ? 100 : i === 1 ? 120 : 100_000,
        recorded_at: now,
      })),
    );
    await setSettings({ alert_rules: { npc_stuck: false, pickup_overdue: false } });
    channels = {};
    const add = async (name: string, body: object) => {
      const response = await call<ChannelView>(board, 'POST', '/api/admin/alerts/channels', {
        name,
        ...body,
      });
      expect(response.status).toBe(201);
      channels[name] = response.body;
    };
    await add('credits', {
      kind: 'webhook',
      url: hooks.url,
      secret: SECRET,
      rules: ['credits_below_threshold'],
    });
    await add('flaky', { kind: 'webhook', url: flaky.url, rules: ['credits_exhausted'] });
    await add('refusing', { kind: 'webhook', url: refusing.url, rules: ['runway_short'] });
    await add('down', {
      kind: 'webhook',
      url: `http://127.0.0.1:${closedPort}/hook`,
      rules: ['credits_exhausted'],
    });
    await add('stuck', { kind: 'webhook', url: stuckHook.url, rules: ['npc_stuck'] });
  });

  afterEach(async () => {
    await board?.stop();
    for (const r of [hooks, flaky, refusing, stuckHook]) await r.stop();
  });

  it('reads channels back without their URL or secret', async () => {
    expect(channels.credits).toMatchObject({
      kind: 'webhook',
      url_masked: `http://127.0.0.1:${hooks.port}`,
      has_secret: true,
      rules: ['credits_below_threshold'],
      orgs: [],
      enabled: true,
    });
    const listed = (await call<ChannelView[]>(board, 'GET', '/api/admin/alerts/channels')).body;
    expect(listed).toHaveLength(5);
    expect(JSON.stringify(listed)).not.toContain('/hook');
    expect(JSON.stringify(listed)).not.toContain(SECRET);
  });

  it('holds nothing of an evaluation once its answer is returned', async () => {
    await setSettings({ credit_alert_threshold: 150 });
    const alerts = board.get(AlertsService);
    // The answer is watched through a weak reference only, so the test does not hold it.
    const answer = await (async () => {
      const result = await alerts.evaluate();
      expect(result.fired.length).toBeGreaterThan(0);
      return new WeakRef(result);
    })();
    // A weak reference's target lives at least to the end of the task that created it.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(answer.deref()).toBeUndefined();
  });

  it('fires one signed message per organization below a raised threshold, once, and resolves each', async () => {
    expect((await evaluate()).fired.filter((a) => a.rule === 'credits_below_threshold')).toEqual(
      [],
    );
    await setSettings({ credit_alert_threshold: 150 });
    const fired = (await evaluate()).fired.filter((a) => a.rule === 'credits_below_threshold');
    expect(fired.map((a) => a.subject.id).sort()).toEqual([orgs[0], orgs[1]].sort());
    await deliver();
    expect(hooks.received).toHaveLength(2);
    for (const { headers, raw, body } of hooks.received) {
      const timestamp = headers['x-npc-board-timestamp'] as string;
      const expected = createHmac('sha256', SECRET).update(`${timestamp}.${raw}`).digest('hex');
      expect(headers['x-npc-board-signature']).toBe(`sha256=${expected}`);
      expect(headers['x-npc-board-delivery']).toBe(body.delivery_id);
      expect(body).toMatchObject({
        rule: 'credits_below_threshold',
        status: 'firing',
        severity: 'warning',
        subject: { type: 'organization' },
      });
      const subject = body.subject as { id: string; url: string };
      expect(subject.url).toBe(`https://board.example.com/credits?org=${subject.id}`);
    }

    // Evaluating again finds the same alerts firing: nothing new is sent.
    expect((await evaluate()).fired).toEqual([]);
    await deliver();
    expect(hooks.received).toHaveLength(2);

    await setSettings({ credit_alert_threshold: 50 });
    // Not resolved before the condition has been false for ALERT_RESOLVE_AFTER_MINUTES.
    expect((await evaluate()).resolved).toEqual([]);
    board.clock.advance(10 * MINUTE);
    const resolved = (await evaluate()).resolved;
    expect(resolved.map((a) => a.subject.id).sort()).toEqual([orgs[0], orgs[1]].sort());
    await deliver();
    expect(hooks.received).toHaveLength(4);
    expect(hooks.received.slice(2).map((r) => r.body.status)).toEqual(['resolved', 'resolved']);
    for (const { body } of hooks.received.slice(2)) {
      expect(body.summary).toMatch(/^Resolved: /);
      expect(body.resolved_at).toBe(board.clock.now().toISOString());
    }
    expect((await evaluate()).resolved).toEqual([]);
    await deliver();
    expect(hooks.received).toHaveLength(4);

    const listed = (await call<AlertView[]>(board, 'GET', '/api/admin/alerts?limit=500')).body;
    expect(
      listed.filter((a) => a.rule === 'credits_below_threshold' && a.status === 'resolved'),
    ).toHaveLength(2);
  });

  it('retries 503 twice then delivers once with 3 attempts; a refused connection stays retrying', async () => {
    flaky.answer({ status: 503 }, { status: 503 });
    await board.get(BoardStore).upsertSnapshots([
      {
        org_slug: orgs[2],
        balance: 0,
        recorded_at: new Date(board.clock.now().getTime() + 3_600_000).toISOString(),
      },
    ]);
    board.clock.advance(3_600_000);
    const fired = (await evaluate()).fired.filter((a) => a.rule === 'credits_exhausted');
    expect(fired.map((a) => a.subject.id)).toEqual([orgs[2]]);
    expect(fired[0].severity).toBe('critical');
    await deliver();
    expect(flaky.received).toHaveLength(1);
    expect((await deliveries('flaky'))[0]).toMatchObject({ status: 'retrying', attempts: 1 });
    const down = (await deliveries('down'))[0];
    expect(down).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(down.last_error).toContain('ECONNREFUSED');

    // The first retry waits 30 s (no jitter here), the second 60 s.
    board.clock.advance(29_000);
    await deliver();
    expect(flaky.received).toHaveLength(1);
    board.clock.advance(1_000);
    await deliver();
    expect(flaky.received).toHaveLength(2);
    board.clock.advance(60_000);
    await deliver();
    expect(flaky.received).toHaveLength(3);
    const ids = new Set(flaky.received.map((r) => r.headers['x-npc-board-delivery']));
    expect(ids.size).toBe(1);
    const [done] = await deliveries('flaky');
    expect(done).toMatchObject({ status: 'sent', attempts: 3, alert_id: fired[0].id });
    expect(done.sent_at).not.toBeNull();

    board.clock.advance(10 * 60_000);
    await deliver();
    expect(flaky.received).toHaveLength(3);
    expect((await deliveries('down'))[0]).toMatchObject({ status: 'retrying' });

    // The unreachable channel's delivery is given up 24 h after it was queued.
    board.clock.advance(25 * 3_600_000);
    await deliver();
    const givenUp = (await deliveries('down'))[0];
    expect(givenUp.status).toBe('failed');
    expect(givenUp.last_error).toContain('gave up after 24 h');
  });

  it('marks a delivery answered 400 failed and never retries it', async () => {
    refusing.answer({ status: 400, body: '{"error":"bad payload"}' });
    // A falling balance over a day gives orgs[3] a runway under the 7 days alerted.
    const start = board.clock.now().getTime();
    await board.get(BoardStore).upsertSnapshots([
      { org_slug: orgs[3], balance: 1_000, recorded_at: new Date(start + 3_600_000).toISOString() },
      {
        org_slug: orgs[3],
        balance: 500,
        recorded_at: new Date(start + 26 * 3_600_000).toISOString(),
      },
    ]);
    board.clock.advance(26 * 3_600_000);
    const fired = (await evaluate()).fired.filter((a) => a.rule === 'runway_short');
    expect(fired.map((a) => a.subject.id)).toContain(orgs[3]);
    await deliver();
    const before = refusing.received.length;
    expect(before).toBeGreaterThanOrEqual(1);
    const failed = (await deliveries('refusing')).find(
      (d) => d.alert_id === `runway_short:${orgs[3]}`,
    )!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.last_error).toContain('HTTP 400');
    board.clock.advance(2 * 3_600_000);
    await deliver();
    expect(refusing.received.length).toBe(before);
  });

  it('groups the stuck issues of an organization into one message, and a silenced organization gets none', async () => {
    // A day on, the demo's in-progress issues have gone without NPC activity long enough.
    board.clock.advance(27 * 3_600_000);
    const stuck = (await (
      await board.settled('/api/issues?attention=stuck&state=open')
    ).json()) as Issue[];
    const byOrg = new Map<string, number>();
    for (const issue of stuck) {
      const org = issue.repository.full_name.split('/')[0];
      byOrg.set(org, (byOrg.get(org) ?? 0) + 1);
    }
    expect(byOrg.size).toBeGreaterThanOrEqual(2);
    const [muted, ...others] = [...byOrg.keys()].sort();
    const silence = await call<{ id: string }>(board, 'POST', '/api/admin/alerts/silences', {
      rule: 'npc_stuck',
      org: muted,
      until: new Date(board.clock.now().getTime() + 86_400_000).toISOString(),
      note: 'known outage',
    });
    expect(silence.status).toBe(201);

    await setSettings({ alert_rules: { npc_stuck: true } });
    const fired = (await evaluate()).fired.filter((a) => a.rule === 'npc_stuck');
    expect(fired).toHaveLength(stuck.length);
    await deliver();
    // One message per organization, however many of its issues are stuck, named as the pages name it.
    expect(stuckHook.received).toHaveLength(others.length);
    const names = new Map(
      (await call<{ slug: string; name: string }[]>(board, 'GET', '/api/orgs')).body.map((o) => [
        o.slug,
        o.name,
      ]),
    );
    for (const { body } of stuckHook.received) {
      const org = (body.alert_id as string).split(':')[1].split('/')[0];
      expect(org).not.toBe(muted);
      const count = byOrg.get(org)!;
      if (count > 1) {
        expect(body.subjects).toHaveLength(Math.min(count, 20));
        expect(body.more).toBe(Math.max(0, count - 20));
        expect(body.alert_ids).toHaveLength(count);
        expect(body.summary).toBe(`${count} NPC issues stuck in ${names.get(org)}`);
        expect(names.get(org)).not.toBe(org);
      }
    }
    const listed = (await call<AlertView[]>(board, 'GET', '/api/admin/alerts?limit=500')).body;
    const mutedAlerts = listed.filter((a) => a.rule === 'npc_stuck' && a.org === muted);
    expect(mutedAlerts.length).toBe(byOrg.get(muted));
    expect(mutedAlerts.every((a) => a.muted && a.last_sent_at === null)).toBe(true);
    expect(
      listed.filter((a) => a.rule === 'npc_stuck' && a.org !== muted).every((a) => !a.muted),
    ).toBe(true);
  });

  it('refuses bad channels with a 400 naming the field and stores nothing', async () => {
    const valid = { name: 'x', kind: 'webhook', url: hooks.url };
    const cases: [object, string][] = [
      [{ ...valid, kind: 'pager' }, 'kind must be one of'],
      [{ ...valid, url: 'not a url' }, 'url must be'],
      [{ ...valid, url: 'ftp://example.com/' }, 'url must be'],
      [{ ...valid, rules: ['nope'] }, 'rules must list alert rules'],
      [{ ...valid, orgs: ['not-covered-org'] }, 'orgs must list organizations this board covers'],
      [{ ...valid, name: '' }, 'name must not be empty'],
      [{ ...valid, enabled: 'yes' }, 'enabled must be true or false'],
      [{ ...valid, extra: 1 }, 'extra'],
    ];
    for (const [body, message] of cases) {
      const response = await call<{ message: string }>(
        board,
        'POST',
        '/api/admin/alerts/channels',
        body,
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(message);
    }
    expect(
      (await call<ChannelView[]>(board, 'GET', '/api/admin/alerts/channels')).body,
    ).toHaveLength(5);
    expect((await call(board, 'GET', '/api/admin/alerts/deliveries?limit=501')).status).toBe(400);
    expect((await call(board, 'GET', '/api/admin/alerts?limit=0')).status).toBe(400);
    await setSettings({ credit_alert_threshold: 150 });
    await evaluate();
    const two = await call<AlertView[]>(board, 'GET', '/api/admin/alerts?limit=2');
    expect(two.body).toHaveLength(2);
    expect(two.body.every((a) => a.status === 'firing')).toBe(true);
    expect(
      (
        await call(board, 'POST', '/api/admin/alerts/silences', {
          rule: 'npc_stuck',
          until: 'soon',
          note: 'x',
        })
      ).status,
    ).toBe(400);
    const anonymous = await fetch(`${board.url}/api/admin/alerts`);
    expect(anonymous.status).toBe(401);
  });

  it('edits a channel partially, keeps its secret, and sends a test message', async () => {
    const id = channels.credits.id;
    const edited = await call<ChannelView>(board, 'PUT', `/api/admin/alerts/channels/${id}`, {
      name: 'Credits room',
    });
    expect(edited.body).toMatchObject({ name: 'Credits room', has_secret: true });
    for (const [body, message] of [
      [{ kind: 'pager' }, 'kind must be one of'],
      [{ name: '' }, 'name must not be empty'],
      [{ secret: '' }, 'secret must not be empty'],
      [{ rules: ['npc_sleepy'] }, 'rules must list alert rules'],
      [{ colour: 'red' }, 'property colour should not exist'],
    ] as const) {
      const refused = await call<{ message: string }>(
        board,
        'PUT',
        `/api/admin/alerts/channels/${id}`,
        body,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(message);
    }
    const test = await call<ChannelTestResult>(
      board,
      'POST',
      `/api/admin/alerts/channels/${id}/test`,
    );
    expect(test.body).toEqual({ ok: true, status: 200, body_excerpt: '{"ok":true}' });
    expect(hooks.received.at(-1)!.body).toMatchObject({ rule: 'test' });
    const cleared = await call<ChannelView>(board, 'PUT', `/api/admin/alerts/channels/${id}`, {
      secret: null,
    });
    expect(cleared.body.has_secret).toBe(false);
    expect(
      (await call(board, 'DELETE', `/api/admin/alerts/channels/${channels.down.id}`)).status,
    ).toBe(204);
    expect(
      (await call(board, 'DELETE', `/api/admin/alerts/channels/${channels.down.id}`)).status,
    ).toBe(404);
  });

  it("writes a channel's messages in its language, the board's by default", async () => {
    const id = channels.credits.id;
    expect(channels.credits.language).toBe('en');
    const refused = await call<{ message: string }>(
      board,
      'PUT',
      `/api/admin/alerts/channels/${id}`,
      { language: 'fr' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('language must be one of en, zh-CN');
    const chinese = await call<ChannelView>(board, 'PUT', `/api/admin/alerts/channels/${id}`, {
      language: 'zh-CN',
    });
    expect(chinese.body.language).toBe('zh-CN');
    await call(board, 'POST', `/api/admin/alerts/channels/${id}/test`);
    expect(hooks.received.at(-1)!.body).toMatchObject({
      rule: 'test',
      language: 'zh-CN',
      title: '[测试] NPC 看板告警通道',
      summary: 'NPC 看板发往通道「credits」的测试消息',
    });
    await setSettings({ credit_alert_threshold: 110 });
    await evaluate();
    await deliver();
    const fired = hooks.received.at(-1)!.body;
    expect(fired).toMatchObject({ rule: 'credits_below_threshold', language: 'zh-CN' });
    const name = (
      await call<{ slug: string; name: string }[]>(board, 'GET', '/api/orgs')
    ).body.find((o) => o.slug === orgs[0])!.name;
    expect(fired['summary']).toBe(`${name} 的积分余额为 100，低于告警阈值 110`);
  });

  it('counts alerts and deliveries in /metrics', async () => {
    refusing.answer({ status: 400 });
    await setSettings({ credit_alert_threshold: 150 });
    // orgs[2] is out of credits: the flaky channel takes it, and the refusing one is
    // pointed at the same rule to refuse it.
    await call(board, 'PUT', `/api/admin/alerts/channels/${channels.refusing.id}`, {
      rules: ['credits_exhausted'],
    });
    await call(board, 'DELETE', `/api/admin/alerts/channels/${channels.down.id}`);
    await board
      .get(BoardStore)
      .upsertSnapshots([
        { org_slug: orgs[2], balance: 0, recorded_at: board.clock.now().toISOString() },
      ]);
    await evaluate();
    await deliver();
    const text = await (await fetch(`${board.url}/metrics`)).text();
    // Two organizations below 150 and one at 0 (below 150 too): three, all firing.
    expect(text).toMatch(/board_alerts\{rule="credits_below_threshold",status="firing"\} 3/);
    expect(text).toMatch(/board_alerts\{rule="credits_exhausted",status="firing"\} 1/);
    expect(text).toMatch(/board_alerts\{rule="credits_below_threshold",status="resolved"\} 0/);
    // Three to the credits channel, one to the flaky one; the refusing one answered 400.
    expect(text).toMatch(/board_alert_deliveries_total\{kind="webhook",outcome="sent"\} 4/);
    expect(text).toMatch(/board_alert_deliveries_total\{kind="webhook",outcome="failed"\} 1/);
  });
});

describe('alert destinations', () => {
  let forge: HarnessForge;
  let strict: RunningBoard;
  let named: RunningBoard;
  const receiver = new Receiver();
  const second = new Receiver();
  /** A receiver only refused destinations point at: it must never see a connection. */
  const untouched = new Receiver();
  const lookups: string[] = [];
  /** Names whose address a test changes between saving a channel and sending to it. */
  const flips: Record<string, string> = {};
  const resolve = (host: string) => {
    lookups.push(host);
    const table: Record<string, string> = {
      ...flips,
      'internal.example': '10.1.2.3',
      localhost: '127.0.0.1',
      'allowed.test': '127.0.0.1',
      'public.example': '93.184.216.34',
    };
    if (!table[host]) return Promise.reject(new Error('ENOTFOUND'));
    return Promise.resolve([{ address: table[host], family: 4 }]);
  };

  beforeAll(async () => {
    forge = await startForge({ seed: 'none' });
    const platform = { baseUrl: forge.baseUrl, token: forge.adminToken };
    strict = await startBoard(platform, {
      env: { ADMIN_TOKEN, ALERTS_ALLOW_HTTP: 'true' },
      alerts: { resolve },
    });
    named = await startBoard(platform, {
      env: { ADMIN_TOKEN, ALERTS_ALLOW_HTTP: 'true', ALERTS_ALLOWED_HOSTS: 'allowed.test' },
      alerts: { resolve },
    });
    for (const r of [receiver, second, untouched]) await r.start();
  });

  afterAll(async () => {
    await strict?.stop();
    await named?.stop();
    await forge?.stop();
    for (const r of [receiver, second, untouched]) await r.stop();
  });

  it('refuses private, loopback, link-local and metadata addresses without connecting', async () => {
    const port = untouched.port;
    const refused = [
      `http://127.0.0.1:${port}/hook`,
      'http://169.254.169.254/latest/meta-data',
      `http://[::1]:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      `http://internal.example:${port}/hook`,
      `https://localhost:${port}/hook`,
    ];
    for (const url of refused) {
      const response = await call<{ message: string }>(
        strict,
        'POST',
        '/api/admin/alerts/channels',
        {
          name: 'x',
          kind: 'webhook',
          url,
        },
      );
      expect({ url, status: response.status }).toEqual({ url, status: 400 });
      expect(response.body.message).toMatch(/^url /);
    }
    expect(lookups).toEqual(expect.arrayContaining(['internal.example', 'localhost']));
    expect(untouched.connections).toBe(0);
    expect((await call<ChannelView[]>(strict, 'GET', '/api/admin/alerts/channels')).body).toEqual(
      [],
    );
  });

  it('checks the destination again at send time, and connects to nothing refused', async () => {
    flips['flip.example'] = '93.184.216.34';
    const created = await call<ChannelView>(strict, 'POST', '/api/admin/alerts/channels', {
      name: 'flip',
      kind: 'webhook',
      url: `http://flip.example:${receiver.port}/hook`,
    });
    expect(created.status).toBe(201);
    // The name now leads to loopback: the send is refused before any connection.
    flips['flip.example'] = '127.0.0.1';
    const before = receiver.connections;
    const test = await call<ChannelTestResult>(
      strict,
      'POST',
      `/api/admin/alerts/channels/${created.body.id}/test`,
    );
    expect(test.body).toMatchObject({ ok: false, status: 0 });
    expect(test.body.body_excerpt).toContain(
      'refused: url host flip.example resolves to a private',
    );
    expect(receiver.connections).toBe(before);
    expect(
      (await call(strict, 'DELETE', `/api/admin/alerts/channels/${created.body.id}`)).status,
    ).toBe(204);
  });

  it('sends through HTTP_PROXY, except to a NO_PROXY host', async () => {
    // A forward proxy on loopback that records what it is asked for and passes it on.
    const asked: string[] = [];
    const proxy = http.createServer((request, response) => {
      asked.push(request.url ?? '');
      const target = new URL(request.url ?? '');
      const forward = http.request(
        {
          host: '127.0.0.1',
          port: target.port,
          path: target.pathname,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(forward);
    });
    proxy.listen(0, '127.0.0.1');
    await once(proxy, 'listening');
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const platform = { baseUrl: forge.baseUrl, token: forge.adminToken };
    const env = { ADMIN_TOKEN, ALERTS_ALLOW_HTTP: 'true', ALERTS_ALLOWED_HOSTS: 'allowed.test' };
    const proxied = await startBoard(platform, {
      env: { ...env, HTTP_PROXY: proxyUrl },
      alerts: { resolve },
    });
    const direct = await startBoard(platform, {
      env: { ...env, HTTP_PROXY: proxyUrl, NO_PROXY: 'localhost,.test' },
      alerts: { resolve },
    });
    try {
      const url = `http://allowed.test:${receiver.port}/hook`;
      const before = receiver.received.length;
      for (const board of [proxied, direct]) {
        const created = await call<ChannelView>(board, 'POST', '/api/admin/alerts/channels', {
          name: 'inside',
          kind: 'webhook',
          url,
        });
        const test = await call<ChannelTestResult>(
          board,
          'POST',
          `/api/admin/alerts/channels/${created.body.id}/test`,
        );
        expect(test.body).toMatchObject({ ok: true, status: 200 });
      }
      // Both arrived; only the first went through the proxy.
      expect(receiver.received).toHaveLength(before + 2);
      expect(asked).toEqual([url]);
    } finally {
      await proxied.stop();
      await direct.stop();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('refuses http:// without ALERTS_ALLOW_HTTP', async () => {
    const other = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      { env: { ADMIN_TOKEN }, alerts: { resolve } },
    );
    try {
      const response = await call<{ message: string }>(
        other,
        'POST',
        '/api/admin/alerts/channels',
        {
          name: 'x',
          kind: 'slack',
          url: 'http://public.example/hook',
        },
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('url must be an https:// URL');
    } finally {
      await other.stop();
    }
  });

  it('lets a host in ALERTS_ALLOWED_HOSTS through, and never follows a redirect', async () => {
    const before = receiver.received.length;
    const created = await call<ChannelView>(named, 'POST', '/api/admin/alerts/channels', {
      name: 'inside',
      kind: 'webhook',
      url: `http://allowed.test:${receiver.port}/hook`,
    });
    expect(created.status).toBe(201);
    const test = await call<ChannelTestResult>(
      named,
      'POST',
      `/api/admin/alerts/channels/${created.body.id}/test`,
    );
    expect(test.body).toMatchObject({ ok: true, status: 200 });
    expect(receiver.received).toHaveLength(before + 1);
    expect(receiver.received.at(-1)!.headers.host).toBe(`allowed.test:${receiver.port}`);

    receiver.answer({ status: 302, headers: { location: second.url } });
    const redirected = await call<ChannelTestResult>(
      named,
      'POST',
      `/api/admin/alerts/channels/${created.body.id}/test`,
    );
    expect(redirected.body).toMatchObject({ ok: false, status: 302 });
    expect(receiver.received).toHaveLength(before + 2);
    expect(second.received).toHaveLength(0);
    expect(second.connections).toBe(0);
  });
});

describe('alerts after snapshot runs', () => {
  it('fires snapshot_failing after three failed runs in a row, evaluated by the runs themselves', async () => {
    const forge = await startForge();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alerts-credits-'));
    const file = path.join(dir, 'credits.json');
    const board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      {
        now: forge.seedEpoch!,
        env: {
          ADMIN_TOKEN,
          ALERTS_ALLOW_HTTP: 'true',
          ALERTS_ALLOW_PRIVATE_HOSTS: 'true',
          CREDITS_SOURCE: `file:${file}`,
        },
      },
    );
    const receiver = await new Receiver().start();
    try {
      const orgs = (
        (await (await fetch(`${board.url}/api/meta`)).json()) as { covered_orgs: string[] }
      ).covered_orgs;
      const [missing, ...known] = orgs;
      // The credits file has every organization but one.
      fs.writeFileSync(file, JSON.stringify(Object.fromEntries(known.map((o) => [o, 1000]))));
      const channel = await call<ChannelView>(board, 'POST', '/api/admin/alerts/channels', {
        name: 'ops',
        kind: 'webhook',
        url: receiver.url,
        rules: ['snapshot_failing'],
      });
      expect(channel.status).toBe(201);
      const snapshots = board.get(SnapshotService);
      for (let run = 1; run <= 2; run++) {
        board.clock.advance(3_600_000);
        await snapshots.record();
      }
      // Evaluations in one process run in turn: this one ends after the runs' own.
      expect((await board.get(AlertsService).evaluate()).fired).toEqual([]);
      await board.get(DeliveryWorker).runDue();
      expect(receiver.received).toHaveLength(0);

      board.clock.advance(3_600_000);
      await snapshots.record();
      // No evaluation asked for: the run's own evaluation sends it.
      await receiver.receivedCount(1);
      expect(receiver.received[0].body).toMatchObject({
        rule: 'snapshot_failing',
        status: 'firing',
        subject: { type: 'organization', id: missing },
        details: { failed_runs: 3, reason: `the credits file has no entry for ${missing}` },
      });

      // A balance read again ends it: the condition has been false since the last run, an
      // hour ago, longer than the resolve delay.
      fs.writeFileSync(file, JSON.stringify(Object.fromEntries(orgs.map((o) => [o, 1000]))));
      board.clock.advance(3_600_000);
      await snapshots.record();
      await receiver.receivedCount(2);
      expect(receiver.received[1].body).toMatchObject({
        rule: 'snapshot_failing',
        status: 'resolved',
        subject: { id: missing },
      });
      const listed = (await call<AlertView[]>(board, 'GET', '/api/admin/alerts?limit=500')).body;
      const failing = listed.filter((a) => a.rule === 'snapshot_failing');
      expect(failing.map((a) => [a.id, a.status])).toEqual([
        [`snapshot_failing:${missing}`, 'resolved'],
      ]);
    } finally {
      await board.stop();
      await receiver.stop();
      await forge.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
