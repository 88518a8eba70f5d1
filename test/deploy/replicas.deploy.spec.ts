import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium } from 'playwright-core';
import type { CreditSnapshot, Organization } from '@shared/board/entities';
import { CacheIndex } from '../../server/board/cache/cache-index';
import { BoardChanges } from '../../server/board/events/board-changes';
import { CacheKeys } from '../../server/board/cache/cache-keys';
import type { RouteEntry } from '../../server/board/cache/route-entry';
import { SnapshotService } from '../../server/board/credits/snapshot.service';
import { buildServerIfStale } from '../build-server';
import { startBoard } from '../board-harness';
import { openStream } from '../event-stream-client';
import { HarnessForge, startForge } from '../forge-harness';
import {
  answers,
  freePort,
  holdRequests,
  ROOT,
  run,
  Running,
  startNginx,
  startRedis,
  waitFor,
} from './processes';

const ADMIN_TOKEN = 'deploy-admin-token-0123456789abcdef';
const HOUR = 3_600_000;

/**
 * Two board replicas sharing Redis behind nginx under /board/, against one forge:
 * the production shape (docs/architecture.md#caching, #the-store), with real processes.
 */
describe('several replicas behind a reverse proxy, with Redis', () => {
  let dir: string;
  let forge: HarnessForge;
  let redis: Running & { url: string; port: number };
  let boards: (Running & { port: number })[];
  let nginx: Running & { url: string };

  /** A board replica; a restarted one takes its old port, where nginx expects it. */
  async function startReplica(reusePort?: number): Promise<Running & { port: number }> {
    const port = reusePort ?? (await freePort());
    const replica = run(process.execPath, [path.join(ROOT, 'dist/server/server/board/main.js')], {
      PORT: String(port),
      BASE_PATH: '/board/',
      DATA_DIR: fs.mkdtempSync(path.join(dir, 'replica-')),
      PLATFORM_BASE_URL: forge.baseUrl,
      PLATFORM_TOKEN: forge.adminToken,
      REDIS_URL: redis.url,
      ADMIN_TOKEN,
      TRUSTED_PROXIES: '127.0.0.1',
      EVENT_HEARTBEAT_SECONDS: '1',
    });
    await waitFor(() => answers(`http://127.0.0.1:${port}/board/healthz`), 60_000);
    return { ...replica, port };
  }

  beforeAll(async () => {
    buildServerIfStale();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'board-deploy-'));
    forge = await startForge();
    redis = await startRedis();
    boards = [await startReplica(), await startReplica()];
    nginx = await startNginx(
      boards.map((b) => b.port),
      path.join(dir, 'nginx'),
    );
  }, 180_000);

  afterAll(async () => {
    await nginx?.stop('SIGQUIT');
    for (const board of boards ?? []) await board.stop();
    await redis?.stop();
    await forge?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('serves every page and API route through nginx under /board/', async () => {
    const page = await fetch(`${nginx.url}/board/tasks?org=x`, {
      headers: { accept: 'text/html' },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<base href="/board/">');
    for (const asset of html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)) {
      expect([asset[1], (await fetch(`${nginx.url}/board/${asset[1]}`)).status]).toEqual([
        asset[1],
        200,
      ]);
    }
    const meta = (await (await fetch(`${nginx.url}/board/api/meta`)).json()) as {
      covered_orgs: string[];
    };
    const org = meta.covered_orgs[0];
    for (const route of [
      'api/orgs',
      'api/issues',
      `api/orgs/${org}/repos`,
      `api/orgs/${org}/credits?days=30`,
      'api/credits/snapshot',
      'api/credits/history',
      'api/docs',
      'readyz',
    ]) {
      const response = await fetch(`${nginx.url}/board/${route}`);
      expect([route, response.status]).toEqual([route, 200]);
    }
    expect((await fetch(`${nginx.url}/board/api/nothing`)).status).toBe(404);
  });

  it('carries a change one replica stores to a stream open on the other', async () => {
    const [a, b] = boards;
    const stream = await openStream(`http://127.0.0.1:${b.port}/board/api/events`);
    expect(stream.status).toBe(200);
    const refresh = await fetch(`http://127.0.0.1:${a.port}/board/api/admin/credits/refresh`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(refresh.status).toBe(200);
    const frame = await stream.next((f) => f.event === 'change');
    expect(JSON.parse(frame.data)).toMatchObject({ topic: 'balances' });
    stream.close();
  }, 60_000);

  it('keeps a stream open through nginx past its read timeout, and resumes by id', async () => {
    const stream = await openStream(`${nginx.url}/board/api/events`);
    expect(stream.status).toBe(200);
    // nginx's read timeout for the stream is 3 s; the replicas' heartbeat comes every second.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(stream.frames.filter((f) => f.event === 'heartbeat').length).toBeGreaterThanOrEqual(3);
    await fetch(`${nginx.url}/board/api/admin/credits/refresh`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const first = await stream.next((f) => f.event === 'change');
    stream.close();

    // A reconnect through nginx (to either replica) gets what came after that id.
    await fetch(`${nginx.url}/board/api/admin/credits/refresh`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const resumed = await openStream(`${nginx.url}/board/api/events`, {
      'last-event-id': first.id!,
    });
    const missed = await resumed.next((f) => f.event === 'change');
    expect(Number(missed.id)).toBeGreaterThan(Number(first.id));
    resumed.close();
  }, 60_000);

  it('keeps deep links working in a browser under the sub-path', async () => {
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${nginx.url}/board/credits`, { waitUntil: 'networkidle' });
      expect(await page.locator('body').innerText()).toContain('NPC Board');
      await page.reload({ waitUntil: 'networkidle' });
      expect(new URL(page.url()).pathname).toBe('/board/credits');
      await page.goto(`${nginx.url}/board/tasks?view=list&state=open`, {
        waitUntil: 'networkidle',
      });
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
        '/board/tasks?view=list&state=open',
      );
      // A signed-out visit to an admin page lands on the sign-in page, still under the prefix.
      await page.goto(`${nginx.url}/board/admin/dispatch`, { waitUntil: 'networkidle' });
      expect(new URL(page.url()).pathname).toBe('/board/admin');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('makes one upstream call for the same uncached request sent to both replicas', async () => {
    const meta = (await (await fetch(`${nginx.url}/board/api/meta`)).json()) as {
      covered_orgs: string[];
    };
    const repos = (await (
      await fetch(`${nginx.url}/board/api/orgs/${meta.covered_orgs[1]}/repos`)
    ).json()) as {
      full_name: string;
    }[];
    const route = '/:org/:repo/-/pulls';
    const before = await forge.requestCount({ route });
    const both = await Promise.all(
      boards.map((b) =>
        fetch(
          `http://127.0.0.1:${b.port}/board/api/repos/${repos[0].full_name}/pulls?state=closed`,
        ),
      ),
    );
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect(await both[0].text()).toBe(await both[1].text());
    expect((await forge.requestCount({ route })) - before).toBe(1);
  });

  it('shares one miss allowance and one admin sign-in limit between replicas', async () => {
    const [org] = (
      (await (await fetch(`${nginx.url}/board/api/meta`)).json()) as { covered_orgs: string[] }
    ).covered_orgs;
    // The replicas count in fixed windows on the real clock (a minute for misses, 15 for
    // sign-ins): start with enough of both left that the run stays inside them.
    const left = (windowMs: number): number => windowMs - (Date.now() % windowMs);
    while (left(60_000) < 20_000 || left(15 * 60_000) < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // Loopback is a trusted proxy, so X-Forwarded-For names the client for both replicas.
    const client = { 'x-forwarded-for': '203.0.113.77' };
    const miss = (replica: number, i: number): Promise<Response> =>
      fetch(`http://127.0.0.1:${boards[replica].port}/board/api/repos/${org}/gone-${i}/issues`, {
        headers: client,
      });
    // ANON_MISSES_PER_MINUTE is 120: half spent on each replica leaves none on either.
    for (let i = 0; i < 120; i++) expect((await miss(i % 2, i)).status).toBe(404);
    for (const replica of [0, 1]) {
      const refused = await miss(replica, 1000 + replica);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    const guess = (replica: number): Promise<Response> =>
      fetch(`http://127.0.0.1:${boards[replica].port}/board/api/admin/settings`, {
        headers: { ...client, authorization: 'Bearer wrong-guess-0123456789' },
      });
    // Ten failed sign-ins per client and token prefix, wherever they land.
    for (let i = 0; i < 10; i++) expect((await guess(i % 2)).status).toBe(401);
    expect((await guess(0)).status).toBe(429);
    expect((await guess(1)).status).toBe(429);
  });

  it('loses no request when one replica stops mid-load', async () => {
    const urls = Array.from(
      { length: 200 },
      (_, i) => `${nginx.url}/board/api/${i % 2 ? 'orgs' : 'meta'}`,
    );
    const results: number[] = [];
    let stopped: Promise<number | null> | null = null;
    for (let i = 0; i < urls.length; i += 10) {
      if (i === 100) stopped = boards[0].stop('SIGTERM');
      const batch = await Promise.all(
        urls.slice(i, i + 10).map((u) => fetch(u).then((r) => r.status)),
      );
      results.push(...batch);
    }
    expect(await stopped).toBe(0);
    expect(results.filter((s) => s !== 200)).toEqual([]);
    boards[0] = await startReplica(boards[0].port);
  });

  it('shares the dispatch log and the settings between replicas through Redis', async () => {
    const [first, second] = boards.map((b) => `http://127.0.0.1:${b.port}/board/api`);
    const headers = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const put = await fetch(`${first}/admin/settings`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ wip_limits: { 'npc-reviewer': { soft: 500 } } }),
    });
    expect(put.status).toBe(200);
    const settings = (await (await fetch(`${second}/admin/settings`, { headers })).json()) as {
      wip_limits: Record<string, unknown>;
    };
    expect(settings.wip_limits).toEqual({ 'npc-reviewer': { soft: 500 } });

    const created = await fetch(`${first}/issues/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        repo: 'aurora-labs/auth-service',
        requirement: `Replica check ${Date.now()}`,
        npc: 'npc-reviewer',
        work_mode: false,
      }),
    });
    expect(created.status).toBe(201);
    const { number } = (await created.json()) as { number: number };
    const log = (await (
      await fetch(`${second}/admin/dispatches?npc=npc-reviewer&limit=1`, { headers })
    ).json()) as { repo: string; number: number; actor: string }[];
    expect(log).toEqual([
      expect.objectContaining({ repo: 'aurora-labs/auth-service', number, actor: 'token' }),
    ]);
    await fetch(`${first}/admin/settings`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ wip_limits: { 'npc-reviewer': null } }),
    });
  });

  it('honours an idempotency key on the other replica', async () => {
    const [first, second] = boards.map((b) => `http://127.0.0.1:${b.port}/board/api`);
    const headers = {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      'content-type': 'application/json',
      'idempotency-key': `replica-key-${Date.now()}`,
    };
    const body = JSON.stringify({
      repo: 'aurora-labs/auth-service',
      requirement: `Idempotency across replicas ${Date.now()}`,
      npc: 'npc-reviewer',
      work_mode: false,
    });
    const creates = () => forge.requestCount({ method: 'POST', route: '/:org/:repo/-/issues' });
    const before = await creates();
    const created = await fetch(`${first}/issues/create`, { method: 'POST', headers, body });
    expect(created.status).toBe(201);
    const repeat = await fetch(`${second}/issues/create`, { method: 'POST', headers, body });
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(await repeat.json()).toEqual(await created.json());
    const other = await fetch(`${second}/issues/create`, {
      method: 'POST',
      headers,
      body: body.replace('across replicas', 'with another body'),
    });
    expect(other.status).toBe(422);
    expect((await creates()) - before).toBe(1);
  });

  it('finishes a snapshot write it has started before it exits', async () => {
    const target = boards[1];
    // The forge holds the balance reads: the snapshot run is surely under way when the
    // replica is told to stop, and goes on only once it is stopping.
    const gate = holdRequests(forge.app.getHttpServer(), (url) =>
      url.includes('/-/charge/special-amount'),
    );
    let exited: Promise<number | null>;
    let response: Response;
    try {
      const refresh = fetch(`http://127.0.0.1:${target.port}/board/api/admin/credits/refresh`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      await gate.arrived;
      exited = target.stop('SIGTERM');
      await waitFor(() => Promise.resolve(target.output().includes('SIGTERM received')), 20_000);
      gate.release();
      response = await refresh;
    } finally {
      gate.release();
      gate.restore();
    }
    expect(response.status).toBe(200);
    const { recorded_at } = (await response.json()) as { recorded_at: string };
    expect(await exited).toBe(0);
    const latest = (await (
      await fetch(`${nginx.url}/board/api/credits/snapshot`)
    ).json()) as CreditSnapshot[];
    expect(latest.filter((s) => s.recorded_at === recorded_at)).toHaveLength(10);
    boards[1] = await startReplica(boards[1].port);
  });

  it('degrades to upstream calls while Redis restarts, and recovers', async () => {
    await redis.stop();
    const before = await forge.requestCount();
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${nginx.url}/board/api/orgs`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-cache')).toBe('MISS');
      expect(((await response.json()) as Organization[]).length).toBe(10);
    }
    // Without the shared cache every answer was fetched from the platform again.
    expect((await forge.requestCount()) - before).toBeGreaterThanOrEqual(6 * 21);
    redis = await startRedis(redis.port);
    await waitFor(async () => {
      await fetch(`${nginx.url}/board/api/issues?state=open`);
      const second = await fetch(`${nginx.url}/board/api/issues?state=open`);
      return second.headers.get('x-cache') === 'HIT';
    }, 20_000);
  });
});

describe('hourly snapshots with two replicas sharing Redis', () => {
  it('records exactly one snapshot per organization per hour over three simulated hours', async () => {
    const redis = await startRedis();
    const forge = await startForge();
    const start = Math.ceil(forge.seedEpoch!.getTime() / HOUR) * HOUR;
    const env = { REDIS_URL: redis.url, ADMIN_TOKEN };
    const replicas = [
      await startBoard(
        { baseUrl: forge.baseUrl, token: forge.adminToken },
        { now: new Date(start), env },
      ),
      await startBoard(
        { baseUrl: forge.baseUrl, token: forge.adminToken },
        { now: new Date(start), env },
      ),
    ];
    try {
      const chargeCalls = () => forge.requestCount({ route: '/:org/-/charge/special-amount' });
      for (let hour = 0; hour < 3; hour++) {
        const before = await chargeCalls();
        for (const r of replicas) r.clock.set(new Date(start + hour * HOUR + 1000));
        const runs = await Promise.all(
          replicas.map((r) => r.get(SnapshotService).recordScheduled()),
        );
        expect(runs.filter((run) => run !== null)).toHaveLength(1);
        expect((await chargeCalls()) - before).toBe(10);
      }
      replicas[0].clock.advance(HOUR);
      const history = (await (
        await fetch(`${replicas[0].url}/api/credits/history?days=7`)
      ).json()) as CreditSnapshot[];
      const inRun = history.filter((s) => Date.parse(s.recorded_at) >= start);
      expect(inRun).toHaveLength(30);
    } finally {
      for (const r of replicas) await r.stop();
      await forge.stop();
      await redis.stop();
    }
  });
});

describe('a change the sync found, with two replicas sharing Redis', () => {
  it('outdates the answers showing it for both replicas, and keeps them to fall back on', async () => {
    const redis = await startRedis();
    const forge = await startForge();
    const env = { REDIS_URL: redis.url, ADMIN_TOKEN };
    const [a, b] = [
      await startBoard({ baseUrl: forge.baseUrl, token: forge.adminToken }, { env }),
      await startBoard({ baseUrl: forge.baseUrl, token: forge.adminToken }, { env }),
    ];
    try {
      const body = await (await a.settled('/api/orgs')).text();
      const [{ slug }] = JSON.parse(body) as Organization[];
      expect((await fetch(`${b.url}/api/orgs`)).headers.get('x-cache')).toBe('HIT');

      await a.get(BoardChanges).synced([{ topic: 'repos', org: slug }], () => Promise.resolve());
      const key = b.get(CacheKeys).route('/api/orgs')!;
      const kept = await b.get(CacheIndex).get<RouteEntry>(key);
      expect(kept).toMatchObject({ outdated: true, body });
      // Rebuilt on the next read, from either replica.
      expect((await fetch(`${b.url}/api/orgs`)).headers.get('x-cache')).toBe('MISS');
      expect((await fetch(`${a.url}/api/orgs`)).headers.get('x-cache')).toBe('HIT');
    } finally {
      for (const replica of [a, b]) await replica.stop();
      await forge.stop();
      await redis.stop();
    }
  });
});
