import { expect, jest } from '@jest/globals';
import type {
  BoardMeta,
  CreditSnapshot,
  Issue,
  IssueComment,
  OrgCredits,
  Organization,
  PullRequest,
  Repository,
} from '@shared/board/entities';
import { PENDING_HEADER } from '@shared/board/entities';
import { isNpcIssue } from '@shared/board/npc';
import { isSecret, toIssue } from '@shared/board/mappers';
import * as http from 'node:http';
import * as zlib from 'node:zlib';
import { SnapshotService } from '../server/board/credits/snapshot.service';
import { ManualClock } from '../server/forge/common/clock';
import { BackgroundReads } from '../server/board/sync/background-reads';
import { PlatformHttp } from '../server/board/platform/platform-http';
import { startBoard, RunningBoard } from './board-harness';
import { forgeClient, HarnessForge, startForge } from './forge-harness';

const TTL = 300_000;
const HOUR = 3_600_000;

async function getJson<T>(url: string): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

describe('board API against a real forge', () => {
  let forge: HarnessForge;
  let board: RunningBoard;

  beforeAll(async () => {
    forge = await startForge();
    board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      {
        now: forge.seedEpoch!,
        // These tests read every route cold several times within an hour of the board's
        // clock; on the default budget the background share can be spent by the time a
        // test settles an answer, which then stays pending (no test here is about the
        // budget: test/board-refresh.e2e.spec.ts and the benchmarks are).
        env: { PLATFORM_MAX_CALLS_PER_HOUR: '30000' },
      },
    );
  }, 120_000);

  afterAll(async () => {
    await board?.stop();
    await forge?.stop();
  }, 30_000);

  describe('shapes and figures', () => {
    it('lists the 10 demo organizations with counts that match the forge', async () => {
      // Past any cached answer of an earlier test: this one is fetched from the platform.
      board.clock.advance(TTL);
      const {
        status,
        body: orgs,
        headers,
      } = await getJson<Organization[]>(`${board.url}/api/orgs`);
      expect(status).toBe(200);
      expect(headers.get('x-cache')).toBe('MISS');
      expect(orgs).toHaveLength(10);
      // The counts that need issue conversations come once those are read: a card goes
      // without both until its own organization's are, and the answer then names
      // `attention` pending (other cards may be counted already).
      const pending = headers.get(PENDING_HEADER)?.split(', ') ?? [];
      for (const org of orgs) {
        expect([org.stuck_count === null, org.overdue_count === null]).toEqual(
          org.stuck_count === null ? [true, true] : [false, false],
        );
      }
      const uncounted = orgs.filter((org) => org.stuck_count === null);
      if (uncounted.length > 0) expect(pending).toContain('attention');
      const settled = await board.settled('/api/orgs');
      expect(settled.headers.get(PENDING_HEADER)).toBeNull();
      const counted = (await settled.json()) as Organization[];
      expect(counted.map((o) => o.slug)).toEqual(orgs.map((o) => o.slug));
      // Balances are those of the latest credit snapshots, null before the first.
      const { body: latest } = await getJson<CreditSnapshot[]>(`${board.url}/api/credits/snapshot`);
      const snapshot = new Map(latest.map((s) => [s.org_slug, s]));

      const client = forgeClient(forge);
      const ctx = {
        npcHandles: ['npc-builder', 'npc-reviewer', 'npc-tester'],
        webUrl: forge.baseUrl,
      };
      for (const org of counted) {
        expect(org).toEqual({
          slug: expect.any(String),
          name: expect.any(String),
          avatar_url: expect.any(String),
          repo_count: expect.any(Number),
          credits_balance: snapshot.get(org.slug)?.balance ?? null,
          credits_recorded_at: snapshot.get(org.slug)?.recorded_at ?? null,
          active_issue_count: expect.any(Number),
          open_issue_count: expect.any(Number),
          stuck_count: expect.any(Number),
          overdue_count: expect.any(Number),
        });
        const repos = (await client.listRepos(org.slug)).filter((r) => !isSecret(r));
        const listed = new Set(repos.map((r) => r.path));
        const open = (await client.listOrgIssues(org.slug, { state: 'open' })).filter((i) =>
          listed.has(i.repo!.path),
        );
        expect(org.repo_count).toBe(repos.length);
        expect(org.open_issue_count).toBe(open.length);
        expect(org.active_issue_count).toBe(
          open.filter((i) => isNpcIssue(toIssue(i, i.repo!.path, ctx))).length,
        );
      }
    });

    it('answers every read route with the entity shapes', async () => {
      const meta = await getJson<BoardMeta>(`${board.url}/api/meta`);
      expect(meta.body).toEqual({
        version: expect.any(String),
        npc_handles: ['npc-builder', 'npc-reviewer', 'npc-tester'],
        credit_alert_threshold: 50,
        platform_web_url: forge.baseUrl,
        covered_orgs: expect.arrayContaining([expect.any(String)]),
        cache_ttl_seconds: 300,
      });
      const org = meta.body.covered_orgs[0];

      const repos = await getJson<Repository[]>(`${board.url}/api/orgs/${org}/repos`);
      expect(repos.status).toBe(200);
      expect(repos.body.length).toBeGreaterThanOrEqual(3);
      const repo = repos.body[0];
      expect(repo).toEqual({
        full_name: `${org}/${repo.name}`,
        org_slug: org,
        name: expect.any(String),
        description: expect.any(String),
        visibility: expect.stringMatching(/^(public|private)$/),
        updated_at: expect.any(String),
        open_issues_count: expect.any(Number),
        open_pulls_count: expect.any(Number),
        web_url: expect.any(String),
        last_human_commit_at: null_or(String),
        last_npc_commit_at: null_or(String),
        npc_only: expect.any(Boolean),
        npc_work_in_dormant: expect.any(Boolean),
      });

      const settled = await board.settled(`/api/repos/${repo.full_name}/issues`);
      const issues = { status: settled.status, body: (await settled.json()) as Issue[] };
      expect(issues.status).toBe(200);
      // The same key: the answer just built, signals and all.
      const encoded = await getJson<Issue[]>(
        `${board.url}/api/repos/${encodeURIComponent(repo.full_name)}/issues`,
      );
      expect(encoded.headers.get('x-cache')).toBe('HIT');
      expect(encoded.body).toEqual(issues.body);
      const issue = issues.body[0];
      expect(issue).toEqual({
        number: expect.any(Number),
        title: expect.any(String),
        state: expect.stringMatching(/^(open|closed)$/),
        body: expect.any(String),
        author: { username: expect.any(String), is_npc: expect.any(Boolean) },
        assignees: expect.any(Array),
        labels: expect.any(Array),
        comment_count: expect.any(Number),
        created_at: expect.any(String),
        updated_at: expect.any(String),
        repository: { full_name: repo.full_name },
        column: expect.stringMatching(/^(pending|in_progress|done)$/),
        web_url: `${forge.baseUrl}/${repo.full_name}/-/issues/${issue.number}`,
        state_reason: null_or(String),
        signals: {
          assigned_at: null_or(String),
          first_npc_at: null_or(String),
          last_npc_at: null_or(String),
          closed_at: null_or(String),
          closed_at_exact: expect.any(Boolean),
          pickup_latency_s: null_or(Number),
          cycle_time_s: null_or(Number),
        },
        attention: issue.attention === null ? null : expect.any(Object),
        runs:
          issue.runs === null
            ? null
            : {
                count: expect.any(Number),
                running: issue.runs.running === null ? null : expect.any(Object),
                last_status: null_or(String),
                core_hours: null_or(Number),
              },
      });
      const comments = await getJson<IssueComment[]>(
        `${board.url}/api/repos/${encodeURIComponent(repo.full_name)}/issues/${issue.number}/comments`,
      );
      expect(comments.status).toBe(200);
      expect(comments.body).toHaveLength(issue.comment_count);
      for (const comment of comments.body) {
        expect(comment).toEqual({
          id: expect.any(String),
          author: { username: expect.any(String), is_npc: expect.any(Boolean) },
          body: expect.any(String),
          created_at: expect.any(String),
        });
      }
      const one = await getJson<Issue>(
        `${board.url}/api/repos/${repo.full_name}/issues/${issue.number}`,
      );
      expect(one.body.number).toBe(issue.number);
      expect(one.body.title).toBe(issue.title);

      const pulls = await getJson<PullRequest[]>(
        `${board.url}/api/repos/${repo.full_name}/pulls?state=all`,
      );
      expect(pulls.status).toBe(200);
      for (const pull of pulls.body) {
        expect(Object.keys(pull).sort()).toEqual(
          ['author', 'created_at', 'number', 'state', 'title', 'updated_at', 'web_url'].sort(),
        );
      }
    });

    it('searches issues across organizations with filters and paging', async () => {
      const all = await fetch(`${board.url}/api/issues`);
      const everything = (await all.json()) as Issue[];
      expect(Number(all.headers.get('x-total-count'))).toBe(everything.length);
      const created = everything.map((i) => Date.parse(i.created_at));
      expect(created).toEqual([...created].sort((a, b) => b - a));

      const npcOpen = await getJson<Issue[]>(`${board.url}/api/issues?state=open&npc=true`);
      expect(npcOpen.body.length).toBeGreaterThan(0);
      expect(npcOpen.body.every((i) => i.state === 'open' && isNpcIssue(i))).toBe(true);

      const org = everything[0].repository.full_name.split('/')[0];
      const inOrg = await getJson<Issue[]>(`${board.url}/api/issues?org=${org}`);
      expect(inOrg.body.every((i) => i.repository.full_name.startsWith(`${org}/`))).toBe(true);

      const builder = await getJson<Issue[]>(`${board.url}/api/issues?npc_handle=npc-builder`);
      expect(
        builder.body.every((i) =>
          [i.author, ...i.assignees].some((u) => u.username === 'npc-builder'),
        ),
      ).toBe(true);

      const page2 = await fetch(`${board.url}/api/issues?page=2&page_size=7`);
      expect(((await page2.json()) as Issue[]).map((i) => i.web_url)).toEqual(
        everything.slice(7, 14).map((i) => i.web_url),
      );
      expect(Number(page2.headers.get('x-total-count'))).toBe(everything.length);
    });
  });

  describe('operations', () => {
    it("reports the viewers' holds that ran out, as the platform client counts them", async () => {
      // A hold runs out only on a slow answer; the count itself is the limiter's (its spec
      // runs one out). Here: the figure on /metrics is the running client's.
      const counted = jest.spyOn(board.get(PlatformHttp), 'holdsExpired', 'get').mockReturnValue(3);
      try {
        const metrics = await (await fetch(`${board.url}/metrics`)).text();
        expect(metrics).toMatch(/^board_viewer_holds_expired 3$/m);
      } finally {
        counted.mockRestore();
      }
    });

    it('serves liveness, readiness, metrics and the OpenAPI document', async () => {
      expect((await getJson<{ status: string }>(`${board.url}/healthz`)).body.status).toBe('ok');
      const ready = await getJson<{ status: string }>(`${board.url}/readyz`);
      expect([ready.status, ready.body.status]).toEqual([200, 'ready']);

      await fetch(`${board.url}/api/meta`);
      const metrics = await (await fetch(`${board.url}/metrics`)).text();
      expect(metrics).toMatch(
        /board_upstream_requests_total\{method="GET",route="[^"]+",status="200"\} \d+/,
      );
      expect(metrics).toMatch(/board_route_cache_total\{result="(miss|hit)"\} \d+/);
      expect(metrics).toMatch(/^board_viewer_holds_expired 0$/m);

      const docs = await getJson<{ openapi: string; paths: Record<string, unknown> }>(
        `${board.url}/api/docs`,
      );
      expect(docs.body.openapi).toMatch(/^3\./);
      for (const route of ['/api/orgs', '/api/issues', '/api/orgs/{slug}/credits', '/api/meta']) {
        expect(Object.keys(docs.body.paths)).toContain(route);
      }
      expect(Object.keys(docs.body.paths)).not.toContain('/api/docs');
      const unknown = await getJson<{ message: string }>(`${board.url}/api/docs?format=yaml`);
      expect([unknown.status, unknown.body.message]).toEqual([
        400,
        'Unknown query parameter "format"',
      ]);
    });
  });

  describe('caching', () => {
    it('makes no upstream call for a repeated request, and the same list calls after the TTL', async () => {
      // Lists and the rest, and conversation reads (issue comments and activities), apart:
      // a conversation is read again only when its issue moved, not when the TTL ends.
      const calls = async () => {
        await board.get(BackgroundReads).idle();
        let conversation = 0;
        for (const [key, count] of await forge.metrics()) {
          if (/^GET \S+\/(comments|activities) /.test(key)) conversation += count;
        }
        const all = await forge.requestCount();
        return { lists: all - conversation, conversation };
      };
      // Every conversation read once: then an answer names nothing pending, and is cached
      // for the whole TTL.
      await (await board.settled('/api/orgs')).arrayBuffer();
      board.clock.advance(TTL);
      const before = await calls();
      const cold = await fetch(`${board.url}/api/orgs`);
      expect(cold.headers.get(PENDING_HEADER)).toBeNull();
      expect(cold.headers.get('x-cache')).toBe('MISS');
      const coldCalls = (await calls()).lists - before.lists;
      expect(coldCalls).toBeGreaterThan(10);
      const afterCold = await calls();

      board.clock.advance(60_000);
      const hit = await fetch(`${board.url}/api/orgs`);
      expect(hit.headers.get('x-cache')).toBe('HIT');
      expect(hit.headers.get('age')).toBe('60');
      expect(await calls()).toEqual(afterCold);

      board.clock.advance(TTL);
      const again = await fetch(`${board.url}/api/orgs`);
      expect(again.headers.get('x-cache')).toBe('MISS');
      expect(again.headers.get('age')).toBe('0');
      const afterTtl = await calls();
      expect(afterTtl.lists - before.lists).toBe(2 * coldCalls);
      // Nothing moved on the forge (no simulator runs here): no conversation is read again.
      expect(afterTtl.conversation).toBe(afterCold.conversation);
    });

    it('makes one upstream call per key for 100 concurrent cold requests', async () => {
      // A first read fills the conversations the signals need (read once, whatever ran
      // before), so the counts below are the lists alone.
      board.clock.advance(TTL);
      await (await board.settled('/api/issues?state=open')).arrayBuffer();
      // The NPC runs' background re-reads come due by the runs' own clock (a run going is
      // read again after two cache lives), not per request: they are left out.
      const runReads = async () =>
        (await forge.requestCount({ route: '/:org/:repo/-/build/logs' })) +
        (await forge.requestCount({ route: '/:org/:repo/-/build/status/:sn' }));
      const calls = async () => (await board.callsMade()) - (await runReads());
      board.clock.advance(TTL);
      let before = await calls();
      await (await fetch(`${board.url}/api/issues?state=open`)).arrayBuffer();
      const single = (await calls()) - before;
      expect(single).toBeGreaterThan(0);

      board.clock.advance(TTL);
      before = await calls();
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => fetch(`${board.url}/api/issues?state=open`)),
      );
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect((await calls()) - before).toBe(single);
    });

    it('keeps large answers as brotli: sent as they are to browsers, gzipped or plain to the rest', async () => {
      const raw = (encoding: string) =>
        new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          http
            .get(`${board.url}/api/issues`, { headers: { 'accept-encoding': encoding } }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            })
            .on('error', reject);
        });
      // Fills the cache with a complete answer: one naming an enrichment pending (the runs
      // re-read once the clock moved a cache life) is rebuilt on the next request.
      await (await board.settled('/api/issues')).arrayBuffer();
      const browser = await raw('gzip, deflate, br, zstd');
      const zipped = await raw('gzip, deflate');
      const plain = await raw('identity');
      expect(browser.headers['content-encoding']).toBe('br');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const answer of [browser, zipped, plain]) {
        expect(answer.headers['x-cache']).toBe('HIT');
        expect(answer.headers['vary']).toContain('accept-encoding');
      }
      expect(zlib.brotliDecompressSync(browser.body).toString()).toBe(plain.body.toString());
      expect(zlib.gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
      expect(browser.body.length).toBeLessThan(zipped.body.length);
      expect(browser.body.length).toBeLessThan(plain.body.length / 3);
    });

    it('refuses bad input with a 400 naming the parameter, before any upstream call', async () => {
      board.clock.advance(TTL);
      const before = await board.callsMade();
      const cases: [string, number, string][] = [
        ['/api/issues?state=merged', 400, 'state'],
        ['/api/issues?npc=yes', 400, 'npc'],
        ['/api/issues?org=-bad', 400, 'org'],
        ['/api/issues?page=0', 400, 'page'],
        ['/api/issues?page_size=abc', 400, 'page_size'],
        ['/api/orgs/acme..x!/repos', 400, 'slug'],
        ['/api/orgs/acme/credits?days=14', 400, 'days'],
        ['/api/repos/a%2Fb%2Fc/issues', 400, 'full_name'],
        ['/api/repos/acme/web/issues/x1', 400, 'number'],
      ];
      for (const [route, status, parameter] of cases) {
        const response = await fetch(board.url + route);
        const body = (await response.json()) as { message: string };
        expect([route, response.status]).toEqual([route, status]);
        expect(body.message).toContain(parameter);
      }
      expect(await board.callsMade()).toBe(before);
    });

    it('answers 404 for an organization the board does not cover', async () => {
      const response = await fetch(`${board.url}/api/orgs/not-a-demo-org/repos`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toContain('not covered');
    });
  });

  describe('credit snapshots', () => {
    it('records one snapshot per organization per hour, filling history from the ledger once', async () => {
      const snapshots = board.get(SnapshotService);
      const start = Math.floor(board.clock.now().getTime() / HOUR) * HOUR + HOUR;
      board.clock.set(new Date(start + 5 * 60_000));
      const first = await snapshots.record();
      expect(first.failed).toEqual([]);
      expect(first.recorded).toHaveLength(10);
      await snapshots.record(); // again in the same hour
      board.clock.set(new Date(start + HOUR + 60_000));
      await snapshots.record();
      board.clock.set(new Date(start + 2 * HOUR + 30_000));
      await snapshots.record();

      board.clock.advance(TTL);
      const history = await getJson<CreditSnapshot[]>(`${board.url}/api/credits/history?days=7`);
      const inRun = history.body.filter((s) => Date.parse(s.recorded_at) >= start);
      expect(inRun).toHaveLength(30);
      const perOrg = new Map<string, number>();
      for (const s of inRun) perOrg.set(s.org_slug, (perOrg.get(s.org_slug) ?? 0) + 1);
      expect([...perOrg.values()]).toEqual(Array(10).fill(3));
      // The ledger gave hourly history before the first live run.
      expect(history.body.length).toBeGreaterThan(10 * 24 * 6);

      const latest = await getJson<CreditSnapshot[]>(`${board.url}/api/credits/snapshot`);
      expect(latest.body).toHaveLength(10);
      expect(latest.body.every((s) => Date.parse(s.recorded_at) >= start + 2 * HOUR)).toBe(true);
    });

    it('computes consumption, forecast and the threshold flag per organization', async () => {
      // The balances on api/orgs come from snapshots: record one rather than count on
      // another test having done it.
      expect((await board.get(SnapshotService).record()).failed).toEqual([]);
      const meta = await getJson<BoardMeta>(`${board.url}/api/meta`);
      const below: string[] = [];
      for (const org of meta.body.covered_orgs) {
        const { body } = await getJson<OrgCredits>(`${board.url}/api/orgs/${org}/credits?days=30`);
        expect(body.org_slug).toBe(org);
        expect(typeof body.balance).toBe('number');
        expect(body.threshold).toBe(50);
        expect(body.below_threshold).toBe(body.balance! < 50);
        expect(body.avg_daily_consumption).toBeGreaterThanOrEqual(0);
        expect(['date', 'never']).toContain(body.forecast);
        if (body.below_threshold) below.push(org);
      }
      expect(below).toHaveLength(2);

      board.clock.advance(TTL);
      const orgs = await getJson<Organization[]>(`${board.url}/api/orgs`);
      expect(orgs.body.every((o) => typeof o.credits_balance === 'number')).toBe(true);
    });
  });
});

describe('board API when the platform fails', () => {
  it('answers from stale entries, and with a 502 when it has none', async () => {
    const forge = await startForge();
    const board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      {
        now: forge.seedEpoch!,
        // A stopped forge refuses connections at once, so no short timeout is needed for
        // the failures; a short one would fail the cold first load on a busy machine.
        platform: { retries: 0 },
      },
    );
    try {
      const fresh = await fetch(`${board.url}/api/orgs`);
      expect(fresh.status).toBe(200);
      const freshBody = await fresh.text();
      await forge.stop();

      board.clock.advance(TTL + 1000);
      const stale = await fetch(`${board.url}/api/orgs`);
      expect(stale.status).toBe(200);
      expect(stale.headers.get('x-cache')).toBe('STALE');
      expect(Number(stale.headers.get('age'))).toBe(301);
      expect(await stale.text()).toBe(freshBody);

      const none = await fetch(`${board.url}/api/issues?state=closed`);
      expect(none.status).toBe(502);
      const body = (await none.json()) as { message: string };
      expect(body.message.length).toBeGreaterThan(10);
    } finally {
      await board.stop();
    }
  }, 60_000);

  it('retries a rate-limited call after Retry-After', async () => {
    const forgeClock = new ManualClock(new Date());
    const forge = await startForge({ rateLimit: 3, clock: forgeClock });
    const delays: number[] = [];
    const board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      {
        now: forge.seedEpoch!,
        platform: {
          // Waiting moves the forge's clock instead of the test's time.
          sleep: (ms) => {
            delays.push(ms);
            forgeClock.advance(ms);
            return Promise.resolve();
          },
          // Retry-After of up to a minute must not count as a timeout here.
          timeoutMs: 61_000,
        },
      },
    );
    try {
      const auth = { authorization: `Bearer ${forge.adminToken}` };
      for (let i = 0; i < 3; i++) await fetch(`${forge.baseUrl}/user`, { headers: auth });
      const limited = await fetch(`${forge.baseUrl}/user`, { headers: auth });
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));

      const response = await fetch(`${board.url}/api/meta`);
      expect(response.status).toBe(200);
      expect(delays[0]).toBe(retryAfter * 1000);
      expect(await forge.requestCount({ status: 429 })).toBe(2);
    } finally {
      await board.stop();
      await forge.stop();
    }
  }, 60_000);
});

/** An asymmetric matcher: null, or any value of the given type. */
function null_or(type: StringConstructor | NumberConstructor): unknown {
  return {
    asymmetricMatch: (value: unknown) => value === null || typeof value === type.name.toLowerCase(),
    toAsymmetricMatcher: () => `null or ${type.name}`,
  };
}
