import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DeliveryView, EvaluateResult } from '@shared/board/alerts';
import { AlertsService } from '../../server/board/alerts/alerts.service';
import { DeliveryWorker } from '../../server/board/alerts/delivery-worker';
import { BoardStore } from '../../server/board/store/board-store';
import { Receiver } from '../alert-receiver';
import { buildServerIfStale } from '../build-server';
import { startBoard } from '../board-harness';
import { startForge } from '../forge-harness';
import { answers, freePort, ROOT, run, startRedis, waitFor } from './processes';

const ADMIN_TOKEN = 'deploy-admin-token-0123456789abcdef';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

describe('alerts with two replicas sharing Redis', () => {
  it('evaluates once per period and sends one message per alert', async () => {
    const redis = await startRedis();
    const forge = await startForge();
    const receiver = await new Receiver().start();
    const env = {
      REDIS_URL: redis.url,
      ADMIN_TOKEN,
      ALERTS_ALLOW_HTTP: 'true',
      ALERTS_ALLOW_PRIVATE_HOSTS: 'true',
    };
    const platform = { baseUrl: forge.baseUrl, token: forge.adminToken };
    const now = forge.seedEpoch!;
    const replicas = [
      await startBoard(platform, { now, env }),
      await startBoard(platform, { now, env }),
    ];
    try {
      const [first] = replicas;
      const orgs = (
        (await (await fetch(`${first.url}/api/meta`)).json()) as { covered_orgs: string[] }
      ).covered_orgs;
      await first.get(BoardStore).upsertSnapshots(
        orgs.map((org, i) => ({
          org_slug: org,
          balance: i < 3 ? 10 : 100_000,
          recorded_at: now.toISOString(),
        })),
      );
      const channel = await fetch(`${first.url}/api/admin/alerts/channels`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          name: 'room',
          kind: 'webhook',
          url: receiver.url,
          rules: ['credits_below_threshold'],
        }),
      });
      expect(channel.status).toBe(201);

      for (let period = 0; period < 3; period++) {
        for (const r of replicas) r.clock.set(new Date(now.getTime() + period * 5 * 60_000 + 1000));
        const results = await Promise.all(
          replicas.map((r) => r.get(AlertsService).evaluateScheduled()),
        );
        expect(results.filter((result) => result !== null)).toHaveLength(1);
        await Promise.all(replicas.map((r) => r.get(DeliveryWorker).runDue()));
        await Promise.all(replicas.map((r) => r.get(DeliveryWorker).settled()));
      }
      // Three organizations below the threshold: three messages, each sent once.
      expect(receiver.received).toHaveLength(3);
      const subjects = receiver.received.map((r) => (r.body.subject as { id: string }).id).sort();
      expect(subjects).toEqual(orgs.slice(0, 3).sort());
      const ids = new Set(receiver.received.map((r) => r.body.delivery_id));
      expect(ids.size).toBe(3);
      // Both replicas read the same outbox.
      const listed = (await (
        await fetch(`${replicas[1].url}/api/admin/alerts/deliveries`, { headers: auth })
      ).json()) as DeliveryView[];
      expect(listed.map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);
    } finally {
      for (const r of replicas) await r.stop();
      await receiver.stop();
      await forge.stop();
      await redis.stop();
    }
  });
});

describe('the outbox across a kill -9', () => {
  it('sends a queued delivery after the board is killed and started again, exactly once', async () => {
    buildServerIfStale();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'board-alerts-kill-'));
    const forge = await startForge();
    const receiverPort = await freePort();
    const port = await freePort();
    const start = () =>
      run(process.execPath, [path.join(ROOT, 'dist/server/server/board/main.js')], {
        PORT: String(port),
        DATA_DIR: dir,
        PLATFORM_BASE_URL: forge.baseUrl,
        PLATFORM_TOKEN: forge.adminToken,
        ADMIN_TOKEN,
        ALERTS_ALLOW_HTTP: 'true',
        ALERTS_ALLOW_PRIVATE_HOSTS: 'true',
      });
    const url = `http://127.0.0.1:${port}`;
    let board = start();
    const receiver = new Receiver();
    try {
      await waitFor(() => answers(`${url}/healthz`), 60_000);
      const channel = await fetch(`${url}/api/admin/alerts/channels`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          name: 'down for now',
          kind: 'webhook',
          url: `http://127.0.0.1:${receiverPort}/hook`,
          rules: ['credits_below_threshold'],
        }),
      });
      expect(channel.status).toBe(201);
      // Once the start-up snapshot is in, a threshold above every balance fires for each
      // organization (the evaluation after each run may already have done it).
      const raised = await fetch(`${url}/api/admin/settings`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ credit_alert_threshold: 1_000_000_000 }),
      });
      expect(raised.status).toBe(200);
      await waitFor(async () => {
        const result = (await (
          await fetch(`${url}/api/admin/alerts/evaluate`, {
            method: 'POST',
            headers: { authorization: auth.authorization },
          })
        ).json()) as EvaluateResult;
        return result.fired.length > 0 || (await deliveries()).length > 0;
      });
      async function deliveries(): Promise<DeliveryView[]> {
        return (await (
          await fetch(`${url}/api/admin/alerts/deliveries?limit=500`, { headers: auth })
        ).json()) as DeliveryView[];
      }
      // The receiver is down: the first attempt fails and the delivery waits for a retry.
      await waitFor(async () => (await deliveries()).every((d) => d.status === 'retrying'));
      const queued = await deliveries();
      expect(queued.length).toBeGreaterThan(0);
      expect(await board.stop('SIGKILL')).toBeNull();

      await receiver.start(receiverPort);
      board = start();
      await waitFor(() => answers(`${url}/healthz`), 60_000);
      await receiver.receivedCount(queued.length);
      await waitFor(async () => (await deliveries()).every((d) => d.status === 'sent'));
      const after = await deliveries();
      expect(after.map((d) => d.id).sort()).toEqual(queued.map((d) => d.id).sort());
      const arrived = receiver.received.map((r) => r.headers['x-npc-board-delivery']).sort();
      expect(arrived).toEqual(queued.map((d) => d.id).sort());
      expect(after.every((d) => d.attempts === 2)).toBe(true);
    } finally {
      await board.stop('SIGKILL');
      await receiver.stop().catch(() => undefined);
      await forge.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
