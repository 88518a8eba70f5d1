import type { Issue, Organization, PullRequest, Repository } from '@shared/board/entities';
import type { PlatformRepository } from '@shared/platform/types';
import { CacheIndex } from '../server/board/cache/cache-index';
import { buildDemoPlan } from '../server/forge/seed/demo-plan';
import { UNREADABLE_MESSAGE } from '../server/board/scope/coverage.service';
import { startBoard, RunningBoard } from './board-harness';
import { forgeClient, HarnessForge, startForge } from './forge-harness';

const ADMIN_TOKEN = 'hardening-admin-token-0123456789';

/** Board metrics as `name{labels}` → value. */
async function boardMetric(board: RunningBoard, name: string): Promise<number> {
  const text = await (await fetch(`${board.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : NaN;
}

describe('board hardening against a real forge', () => {
  let forge: HarnessForge;
  let repos: PlatformRepository[];
  /** A demo organization with a public repository. */
  let org: string;

  beforeAll(async () => {
    forge = await startForge();
    const client = forgeClient(forge);
    const orgs = (await client.listUserGroups()).map((g) => g.path);
    repos = (await Promise.all(orgs.map((slug) => client.listRepos(slug)))).flat();
    org = publicRepo().path.split('/')[0];
  }, 120_000);

  afterAll(() => forge?.stop(), 30_000);

  const publicRepo = (): PlatformRepository =>
    repos.find((r) => r.path.startsWith(`${org ?? ''}`) && r.visibility_level === 'Public')!;

  describe('cache keys and bounds', () => {
    let board: RunningBoard;
    beforeAll(async () => {
      board = await startBoard(
        { baseUrl: forge.baseUrl, token: forge.adminToken },
        { env: { ANON_MISSES_PER_MINUTE: '0', CACHE_MAX_ENTRIES: '300', ADMIN_TOKEN } },
      );
    });
    afterAll(() => board.stop());

    it('serves equivalent queries from one entry', async () => {
      const variants = [
        '/api/issues?state=open&npc=true',
        '/api/issues?npc=true&state=open',
        '/api/issues?n%70c=true&state=op%65n&',
        '/api/issues?state=open&npc=true&org=',
        '/api/issues?&&state=open&npc=true',
      ];
      const states: string[] = [];
      for (const variant of variants) {
        const response = await fetch(board.url + variant);
        expect(response.status).toBe(200);
        states.push(response.headers.get('x-cache')!);
      }
      expect(states).toEqual(['MISS', 'HIT', 'HIT', 'HIT', 'HIT']);

      const repo = publicRepo().path;
      const encoded = repo.replace('/', '%2F');
      const first = await fetch(`${board.url}/api/repos/${repo}/pulls`);
      const second = await fetch(`${board.url}/api/repos/${encoded}/pulls?state=open`);
      expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual([
        'MISS',
        'HIT',
      ]);
      const days = await fetch(`${board.url}/api/orgs/${org}/credits`);
      const daysSpelled = await fetch(`${board.url}/api/orgs/${org}/credits?days=7`);
      expect([days.headers.get('x-cache'), daysSpelled.headers.get('x-cache')]).toEqual([
        'MISS',
        'HIT',
      ]);
    });

    it('refuses unknown query parameters on every route, with the name', async () => {
      for (const path of [
        '/api/orgs?foo=1',
        '/api/meta?debug=true',
        `/api/orgs/${org}/repos?sort=name`,
        '/api/issues?state=open&colour=red',
        '/api/credits/snapshot?x=1',
      ]) {
        const response = await fetch(board.url + path);
        expect(response.status).toBe(400);
        const { message } = (await response.json()) as { message: string };
        expect(message).toMatch(/foo|debug|sort|colour|\bx\b/);
      }
      const admin = await fetch(`${board.url}/api/admin/settings?verbose=1`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(admin.status).toBe(400);
      expect(((await admin.json()) as { message: string }).message).toContain('verbose');
    });

    it('names every refusal with a stable code and the params its text needs', async () => {
      const answer = async (path: string, init?: RequestInit) => {
        const response = await fetch(board.url + path, init);
        const body = (await response.json()) as { code: string; params: object };
        return { status: response.status, code: body.code, params: body.params };
      };
      expect(await answer('/api/orgs?foo=1')).toEqual({
        status: 400,
        code: 'unknown_query_parameter',
        params: { field: 'foo' },
      });
      expect(await answer('/api/issues?state=open&colour=red')).toEqual({
        status: 400,
        code: 'unknown_query_parameter',
        params: { field: 'colour' },
      });
      expect(await answer(`/api/orgs/${org}/credits?days=5`)).toEqual({
        status: 400,
        code: 'validation_failed',
        params: { field: 'days', fields: 'days', count: 1, rule: 'one_of', allowed: '7, 30' },
      });
      // The second answer comes from the cached 404, with the same code.
      for (let i = 0; i < 2; i++) {
        expect(await answer('/api/orgs/not-covered-here/credits')).toEqual({
          status: 404,
          code: 'unknown_organization',
          params: { org: 'not-covered-here' },
        });
      }

      const put = (body: string) =>
        answer('/api/admin/settings', {
          method: 'PUT',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
          body,
        });
      expect(await put(JSON.stringify({ wip_soft_limit: 0, pickup_slo_minutes: 'x' }))).toEqual({
        status: 400,
        code: 'validation_failed',
        params: {
          field: 'pickup_slo_minutes',
          fields: 'pickup_slo_minutes, wip_soft_limit',
          count: 2,
          rule: 'number',
        },
      });
      expect(await put(JSON.stringify({ credit_alert_threshold: -5 }))).toMatchObject({
        code: 'validation_failed',
        params: { field: 'credit_alert_threshold', rule: 'not_negative' },
      });
      expect(await put(JSON.stringify({ wip_soft_limit: 0 }))).toMatchObject({
        params: { field: 'wip_soft_limit', rule: 'min', min: 1 },
      });
      expect(await put(JSON.stringify({ colour: 'red' }))).toMatchObject({
        code: 'validation_failed',
        params: { field: 'colour', rule: 'unknown' },
      });
      expect(await put(JSON.stringify({ wip_soft_limit: 5, wip_hard_limit: 2 }))).toEqual({
        status: 400,
        code: 'wip_hard_below_soft',
        params: { field: 'wip_hard_limit', hard: 2, soft: 5 },
      });
      expect(await put('{"credit_alert_threshold": ')).toMatchObject({
        status: 400,
        code: 'invalid_json',
      });
      expect(await answer('/api/admin/settings')).toMatchObject({
        status: 401,
        code: 'admin_token_missing',
      });
    });

    it('keeps the cache within CACHE_MAX_ENTRIES after 5,000 distinct requests', async () => {
      for (let start = 0; start < 5000; start += 50) {
        await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            fetch(`${board.url}/api/repos/${org}/no-such-repo-${start + i}/issues`).then((r) =>
              r.arrayBuffer(),
            ),
          ),
        );
      }
      const entries = await boardMetric(board, 'board_cache_entries');
      expect(entries).toBeGreaterThan(250);
      expect(entries).toBeLessThanOrEqual(300);
      expect(await boardMetric(board, 'board_cache_bytes')).toBeGreaterThan(0);
      // 5,000 requests take seconds alone, longer on a busy machine.
    }, 180_000);

    it('never answers a guarded route from the cache, even with an entry under its URL', async () => {
      const planted = {
        status: 200,
        body: '{"planted":true}',
        br: null,
        oldestAt: Date.now(),
        headers: {},
      };
      const cache = board.get(CacheIndex);
      for (const key of [
        'route:/api/admin/overview',
        'route:admin/overview',
        'route:admin/overview?days=7',
      ]) {
        await cache.set(key, { ...planted, oldestAt: board.clock.now().getTime() }, 60_000);
      }
      const anonymous = await fetch(`${board.url}/api/admin/overview`);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).not.toContain('planted');
    });

    it('refuses JSON bodies nested deeper than 64 levels with a 400', async () => {
      const deep = '['.repeat(100_000) + ']'.repeat(100_000);
      const response = await fetch(`${board.url}/api/admin/settings`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: `{"credit_alert_threshold": ${deep}}`,
      });
      expect(response.status).toBe(400);
      const refused = (await response.json()) as { message: string; code: string; params: object };
      expect(refused.message).toContain('deeper than 64 levels');
      expect(refused).toMatchObject({ code: 'json_too_deep', params: { max: 64 } });
      const shallow = await fetch(`${board.url}/api/admin/settings`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ credit_alert_threshold: 40 }),
      });
      expect(shallow.status).toBe(200);
    });
  });

  describe('the platform budget', () => {
    let board: RunningBoard;
    beforeAll(async () => {
      board = await startBoard(
        { baseUrl: forge.baseUrl, token: forge.adminToken },
        { env: { ANON_MISSES_PER_MINUTE: '0' } },
      );
    });
    afterAll(() => board.stop());

    it('answers 100 requests for random repositories without an upstream call', async () => {
      await fetch(`${board.url}/api/orgs/${org}/repos`); // the organization's list, cached
      const before = await board.callsMade();
      const statuses = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          fetch(
            `${board.url}/api/repos/${org}/random-${i}-${Math.random().toString(36).slice(2)}/issues/${i + 1}`,
          ).then((r) => r.status),
        ),
      );
      expect(new Set(statuses)).toEqual(new Set([404]));
      expect(await board.callsMade()).toBe(before);
    });

    it('caches a missing issue, so asking again costs nothing upstream', async () => {
      const repo = publicRepo().path;
      const ask = () => fetch(`${board.url}/api/repos/${repo}/issues/987654`);
      const first = await ask();
      expect(first.status).toBe(404);
      const afterFirst = await board.callsMade();
      for (let i = 0; i < 20; i++) {
        const again = await ask();
        expect(again.status).toBe(404);
        expect(again.headers.get('x-cache')).toBe('HIT');
      }
      expect(await board.callsMade()).toBe(afterFirst);
    });

    it('gives a secret, a missing repository and a missing issue the same 404', async () => {
      // Secret repositories are in no list; the demo plan says where its one is.
      const secret = buildDemoPlan(forge.seedEpoch!).repos.find((r) => r.visibility === 'secret');
      expect(secret).toBeDefined();
      const secretPath = `${secret!.org}/${secret!.name}`;
      const bodies = await Promise.all(
        [
          `/api/repos/${secretPath}/issues`,
          `/api/repos/${secretPath}/issues/1`,
          `/api/repos/${secretPath.replace('/', '%2F')}/pulls`,
          `/api/repos/${org}/not-a-repository/issues`,
          `/api/repos/${publicRepo().path}/issues/99999`,
        ].map(async (path) => {
          const response = await fetch(board.url + path);
          const body = (await response.json()) as { statusCode: number; message: string };
          return { status: response.status, message: body.message };
        }),
      );
      for (const body of bodies) {
        expect(body).toEqual({ status: 404, message: UNREADABLE_MESSAGE });
      }
    });
  });

  describe('the miss allowance per client address', () => {
    let board: RunningBoard;
    beforeAll(async () => {
      board = await startBoard(
        { baseUrl: forge.baseUrl, token: forge.adminToken },
        // Loopback is the proxy here, so X-Forwarded-For names the client.
        { env: { ANON_MISSES_PER_MINUTE: '5', TRUSTED_PROXIES: '127.0.0.1', ADMIN_TOKEN } },
      );
    });
    afterAll(() => board.stop());

    const from = (client: string, path: string, headers: Record<string, string> = {}) =>
      fetch(board.url + path, { headers: { 'x-forwarded-for': client, ...headers } });

    it('turns a client away after its misses while others, hits and admins are served', async () => {
      const paths = Array.from({ length: 6 }, (_, i) => `/api/repos/${org}/nothing-${i}/issues`);
      for (const path of paths.slice(0, 5))
        expect((await from('203.0.113.7', path)).status).toBe(404);
      const refused = await from('203.0.113.7', paths[5]);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // An answer already cached is no miss.
      expect((await from('203.0.113.7', paths[0])).status).toBe(404);
      // Another address has its own allowance; an admin has none to spend.
      expect((await from('198.51.100.2', paths[5])).status).toBe(404);
      const admin = await from('203.0.113.7', `/api/orgs/${org}/repos`, {
        authorization: `Bearer ${ADMIN_TOKEN}`,
      });
      expect(admin.status).toBe(200);
      // The next minute, the client is served again.
      board.clock.advance(60_000);
      expect((await from('203.0.113.7', `/api/repos/${org}/later/issues`)).status).toBe(404);
    });
  });

  describe('BOARD_PUBLIC_ONLY', () => {
    let open: RunningBoard;
    let publicOnly: RunningBoard;
    beforeAll(async () => {
      const platform = { baseUrl: forge.baseUrl, token: forge.adminToken };
      open = await startBoard(platform, { env: { ANON_MISSES_PER_MINUTE: '0' } });
      publicOnly = await startBoard(platform, {
        env: { ANON_MISSES_PER_MINUTE: '0', BOARD_PUBLIC_ONLY: 'true' },
      });
    });
    afterAll(async () => {
      await open.stop();
      await publicOnly.stop();
    });

    it('hides private repositories and their issues from every public route', async () => {
      const hidden = repos.find((r) => r.visibility_level === 'Private')!;
      expect(hidden).toBeDefined();
      const [hiddenOrg] = hidden.path.split('/');
      const json = async <T>(board: RunningBoard, path: string): Promise<T> =>
        (await (await fetch(board.url + path)).json()) as T;

      const repoNames = async (board: RunningBoard) =>
        (await json<Repository[]>(board, `/api/orgs/${hiddenOrg}/repos`)).map((r) => r.full_name);
      expect(await repoNames(open)).toContain(hidden.path);
      expect(await repoNames(publicOnly)).not.toContain(hidden.path);

      const issueRepos = async (board: RunningBoard) =>
        new Set(
          (await json<Issue[]>(board, `/api/issues?org=${hiddenOrg}`)).map(
            (i) => i.repository.full_name,
          ),
        );
      expect(await issueRepos(open)).toContain(hidden.path);
      expect(await issueRepos(publicOnly)).not.toContain(hidden.path);
      for (const repo of await issueRepos(publicOnly)) {
        expect(repos.find((r) => r.path === repo)?.visibility_level).toBe('Public');
      }

      const count = async (board: RunningBoard) =>
        (await json<Organization[]>(board, '/api/orgs')).find((o) => o.slug === hiddenOrg)!
          .open_issue_count;
      expect(await count(publicOnly)).toBeLessThan(await count(open));

      for (const path of ['issues', 'issues/1', 'pulls']) {
        const openAnswer = await fetch(`${open.url}/api/repos/${hidden.path}/${path}`);
        expect(openAnswer.status).not.toBe(404);
        const answer = await fetch(`${publicOnly.url}/api/repos/${hidden.path}/${path}`);
        expect(answer.status).toBe(404);
      }
      const pulls = await json<PullRequest[]>(publicOnly, `/api/repos/${publicRepo().path}/pulls`);
      expect(Array.isArray(pulls)).toBe(true);
    });
  });
});
