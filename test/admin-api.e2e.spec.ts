import Database from 'better-sqlite3';
import * as path from 'node:path';
import type { Issue } from '@shared/board/entities';
import type { AdminOverview } from '@shared/board/admin';
import { ManualClock } from '../server/common/clock';
import { startBoard, RunningBoard } from './board-harness';
import { forgeClient, HarnessForge, startForge } from './forge-harness';

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';
const TTL = 300_000;
/** The settings of a board started with no setting in its environment. */
const DEFAULT_SETTINGS = {
  credit_alert_threshold: 50,
  runway_alert_days: 7,
  alert_repeat_hours: 24,
  alert_rules: {
    credits_below_threshold: true,
    runway_short: true,
    credits_exhausted: true,
    npc_stuck: true,
    pickup_overdue: true,
    snapshot_failing: true,
    run_runaway: true,
    task_failing: true,
  },
  pickup_slo_minutes: 60,
  stuck_after_hours: 24,
  run_max_minutes: 60,
  failed_runs_in_a_row: 3,
  wip_soft_limit: 10,
  wip_hard_limit: null,
  wip_limits: {},
};

function post(url: string, body: unknown, token: string | null = ADMIN_TOKEN): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

describe('admin API against a real forge', () => {
  let forge: HarnessForge;
  let board: RunningBoard;
  let repo: string;

  beforeAll(async () => {
    forge = await startForge();
    board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      { now: forge.seedEpoch!, env: { ADMIN_TOKEN } },
    );
    const [org] = (
      (await (await fetch(`${board.url}/api/meta`)).json()) as { covered_orgs: string[] }
    ).covered_orgs;
    repo = (await forgeClient(forge).listRepos(org)).find(
      (r) => r.visibility_level === 'Public',
    )!.path;
  });

  afterAll(async () => {
    await board?.stop();
    await forge?.stop();
  });

  it('dispatches an issue to an NPC and shows it on the board at once', async () => {
    const before = (await (
      await fetch(`${board.url}/api/issues?npc_handle=npc-tester`)
    ).json()) as Issue[];
    const response = await post(`${board.url}/api/issues/create`, {
      repo,
      requirement: '## Add a CSV export\n\nThe report page needs a **CSV** download.',
      npc: 'npc-tester',
      work_mode: true,
    });
    expect(response.status).toBe(201);
    const issue = (await response.json()) as Issue;
    expect(issue.title).toBe('Add a CSV export');
    expect(issue.assignees).toEqual([{ username: 'npc-tester', is_npc: true }]);
    expect(issue.labels.map((l) => l.name)).toContain('npc-task');
    // The attempt's marker (an HTML comment, not shown when rendered), then the origin line.
    expect(issue.body).toMatch(
      /^## Add a CSV export\n\nThe report page needs a \*\*CSV\*\* download\.\n\n@npc-tester\n\n<!-- npc-board:dispatch [0-9a-f]{24} -->\n_Dispatched from NPC Board\._$/,
    );

    const onForge = await forgeClient(forge).getIssue(repo, issue.number);
    expect(onForge.assignees.map((a) => a.username)).toEqual(['npc-tester']);
    const db = new Database(path.join(forge.dataDir, 'forge', 'forge.sqlite'), { readonly: true });
    const row = db
      .prepare('SELECT work_mode FROM issues WHERE title = ?')
      .get('Add a CSV export') as {
      work_mode: number;
    };
    db.close();
    expect(row.work_mode).toBe(1);

    // No clock move: the cached list was dropped by the dispatch.
    const after = (await (
      await fetch(`${board.url}/api/issues?npc_handle=npc-tester`)
    ).json()) as Issue[];
    expect(after.length).toBe(before.length + 1);
    expect(after[0].title).toBe('Add a CSV export');
  });

  it('refuses bad dispatches with a 400 and creates nothing', async () => {
    const creates = () => forge.requestCount({ method: 'POST', route: '/:org/:repo/-/issues' });
    const before = await creates();
    const valid = { repo, requirement: 'Do it', npc: 'npc-builder', work_mode: false };
    const cases: [object, string][] = [
      [{ ...valid, repo: 'not-covered/thing' }, 'covered organization'],
      [{ ...valid, npc: 'alice' }, 'npc must be one of'],
      [{ ...valid, requirement: '   ' }, 'requirement must not be empty'],
      [{ ...valid, requirement: 'x'.repeat(20_001) }, 'requirement must be at most'],
      [{ ...valid, work_mode: 'yes' }, 'work_mode'],
      [{ ...valid, repo: '../etc/passwd' }, 'repo must be'],
      [{ ...valid, extra: 1 }, 'extra'],
    ];
    for (const [body, message] of cases) {
      const response = await post(`${board.url}/api/issues/create`, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    expect(await creates()).toBe(before);
  });

  it('needs the admin token on every admin route and only there', async () => {
    expect((await post(`${board.url}/api/issues/create`, {}, null)).status).toBe(401);
    expect((await post(`${board.url}/api/issues/create`, {}, 'wrong-token-xxxxxxxx')).status).toBe(
      401,
    );
    expect((await fetch(`${board.url}/api/admin/settings`)).status).toBe(401);
    expect((await fetch(`${board.url}/api/admin/overview`)).status).toBe(401);
    expect((await post(`${board.url}/api/admin/credits/refresh`, {}, null)).status).toBe(401);
    const settings = await fetch(`${board.url}/api/admin/settings`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(await settings.json()).toEqual(DEFAULT_SETTINGS);
    expect((await fetch(`${board.url}/api/orgs`)).status).toBe(200);
  });

  it('changes the rule switches and per-NPC limits entry by entry, and names a bad field', async () => {
    const put = (body: unknown): Promise<Response> =>
      fetch(`${board.url}/api/admin/settings`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const refusals: [unknown, string][] = [
      [{ alert_rules: { npc_sleepy: true } }, 'alert_rules.npc_sleepy is not a rule'],
      [{ alert_rules: { npc_stuck: 'no' } }, 'alert_rules.npc_stuck must be true or false'],
      [{ wip_limits: { 'npc-ghost': { soft: 2 } } }, 'wip_limits.npc-ghost is not an NPC'],
      [{ wip_limits: { 'npc-builder': { soft: 0 } } }, 'wip_limits.npc-builder.soft must be'],
      [{ wip_limits: { 'npc-builder': { max: 3 } } }, 'wip_limits.npc-builder.max is not a limit'],
      [{ wip_hard_limit: 2.5 }, 'wip_hard_limit must be a whole number'],
      [{ wip_hard_limit: 5 }, 'wip_hard_limit (5) must not be below wip_soft_limit (10)'],
      [{ runway_alert_days: 0 }, 'runway_alert_days must be positive'],
      [{ wip_limit: 3 }, 'property wip_limit should not exist'],
    ];
    for (const [body, message] of refusals) {
      const response = await put(body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(message);
    }
    try {
      await put({ alert_rules: { npc_stuck: false }, wip_limits: { 'npc-builder': { soft: 3 } } });
      const after = (await (
        await put({ alert_rules: { pickup_overdue: false }, wip_hard_limit: 12 })
      ).json()) as typeof DEFAULT_SETTINGS;
      expect(after).toEqual({
        ...DEFAULT_SETTINGS,
        alert_rules: { ...DEFAULT_SETTINGS.alert_rules, npc_stuck: false, pickup_overdue: false },
        wip_hard_limit: 12,
        wip_limits: { 'npc-builder': { soft: 3 } },
      });
    } finally {
      const reset = await put({
        alert_rules: DEFAULT_SETTINGS.alert_rules,
        wip_hard_limit: null,
        wip_limits: { 'npc-builder': null },
      });
      expect(await reset.json()).toEqual(DEFAULT_SETTINGS);
    }
  });

  it('changes the threshold and the red rows with it', async () => {
    const auth = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    await post(`${board.url}/api/admin/credits/refresh`, {});
    const org = 'helix-data';
    const before = (await (await fetch(`${board.url}/api/orgs/${org}/credits`)).json()) as {
      balance: number;
      below_threshold: boolean;
    };
    expect(before.below_threshold).toBe(true);

    const bad = await fetch(`${board.url}/api/admin/settings`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ credit_alert_threshold: -5 }),
    });
    expect(bad.status).toBe(400);
    // A setting that can only be left out, not cleared, refuses null and keeps its value.
    const stored: unknown = await (
      await fetch(`${board.url}/api/admin/settings`, { headers: auth })
    ).json();
    for (const field of ['credit_alert_threshold', 'wip_soft_limit', 'alert_rules', 'wip_limits']) {
      const cleared = await fetch(`${board.url}/api/admin/settings`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ [field]: null }),
      });
      expect({ field, status: cleared.status }).toEqual({ field, status: 400 });
      expect(((await cleared.json()) as { message: string }).message).toContain(field);
    }
    const kept = await fetch(`${board.url}/api/admin/settings`, { headers: auth });
    expect(await kept.json()).toEqual(stored);
    const setThreshold = (value: number): Promise<Response> =>
      fetch(`${board.url}/api/admin/settings`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ credit_alert_threshold: value }),
      });
    try {
      const put = await setThreshold(Math.floor(before.balance) - 1);
      expect(await put.json()).toEqual({
        ...DEFAULT_SETTINGS,
        credit_alert_threshold: Math.floor(before.balance) - 1,
      });
      const after = (await (await fetch(`${board.url}/api/orgs/${org}/credits`)).json()) as {
        below_threshold: boolean;
      };
      expect(after.below_threshold).toBe(false);
      const meta = (await (await fetch(`${board.url}/api/meta`)).json()) as {
        credit_alert_threshold: number;
      };
      expect(meta.credit_alert_threshold).toBe(Math.floor(before.balance) - 1);
    } finally {
      // The other tests count on the default threshold, in whatever order they run.
      expect((await setThreshold(50)).status).toBe(200);
    }
  });

  it('ranks repositories by commits in the window from the real git history', async () => {
    const response = await fetch(`${board.url}/api/admin/overview?days=30`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const overview = (await response.json()) as AdminOverview;
    expect(overview.activity_unavailable).toEqual([]);
    const counts = overview.activity_ranking.map((r) => r.commits);
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const [top] = overview.activity_ranking;
    const since = new Date(Date.parse(overview.window.from)).toISOString();
    const commits = await forgeClient(forge).listCommits(top.repo, { since });
    expect(top.commits).toBe(commits.length);
  });

  it('refreshes credits: drops cached balances and records a snapshot now', async () => {
    board.clock.advance(2 * 3_600_000);
    await forgeClient(forge).getSpecialAmount('helix-data'); // warm nothing on the board side
    const response = await post(`${board.url}/api/admin/credits/refresh`, {});
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      recorded_at: string;
      balances: { org_slug: string }[];
    };
    expect(body.recorded_at).toBe(board.clock.now().toISOString());
    expect(body.balances).toHaveLength(10);
    const latest = (await (await fetch(`${board.url}/api/credits/snapshot`)).json()) as {
      recorded_at: string;
    }[];
    expect(latest.every((s) => s.recorded_at === body.recorded_at)).toBe(true);
  });
});

describe('admin access rules', () => {
  let forge: HarnessForge;

  beforeAll(async () => {
    forge = await startForge();
  });
  afterAll(() => forge.stop());

  it('is disabled without ADMIN_TOKEN outside demo mode', async () => {
    const board = await startBoard({ baseUrl: forge.baseUrl, token: forge.adminToken });
    try {
      const response = await fetch(`${board.url}/api/admin/settings`, {
        headers: { authorization: 'Bearer anything-at-all-here' },
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toContain(
        'admin area is disabled',
      );
    } finally {
      await board.stop();
    }
  });

  it('refuses to start with a trusted user header but no trusted proxies', async () => {
    await expect(
      startBoard(
        { baseUrl: forge.baseUrl, token: forge.adminToken },
        { env: { ADMIN_TOKEN, ADMIN_TRUSTED_HEADER: 'X-Remote-User', ADMIN_USERS: 'alice' } },
      ),
    ).rejects.toThrow(/TRUSTED_PROXIES must list the reverse proxy addresses/);
  });

  it('believes the user header only from a trusted proxy address or range', async () => {
    const header = { ADMIN_TOKEN, ADMIN_TRUSTED_HEADER: 'X-Remote-User', ADMIN_USERS: 'alice' };
    const behindProxy = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      { env: { ...header, TRUSTED_PROXIES: '127.0.0.0/8' } },
    );
    const elsewhere = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      { env: { ...header, TRUSTED_PROXIES: '10.9.9.0/24' } },
    );
    const plain = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      { env: { ADMIN_TOKEN } },
    );
    try {
      const as = (url: string, user: string, method = 'GET') =>
        fetch(`${url}/api/admin/settings`, {
          method,
          headers: { 'x-remote-user': user, 'content-type': 'application/json' },
          body: method === 'PUT' ? JSON.stringify({ credit_alert_threshold: 7 }) : undefined,
        });
      expect((await as(behindProxy.url, 'alice')).status).toBe(200);
      expect((await as(behindProxy.url, 'mallory')).status).toBe(401);
      // Loopback is not in 10.9.9.0/24: the header is a claim from a stranger.
      expect((await as(elsewhere.url, 'alice')).status).toBe(401);
      expect((await as(elsewhere.url, 'alice', 'PUT')).status).toBe(401);
      expect((await as(plain.url, 'alice')).status).toBe(401);
      const settings = await fetch(`${elsewhere.url}/api/admin/settings`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(await settings.json()).toMatchObject({ credit_alert_threshold: 50 });
    } finally {
      await behindProxy.stop();
      await elsewhere.stop();
      await plain.stop();
    }
  });

  it('throttles wrong tokens but never locks out the correct one', async () => {
    const board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      { env: { ADMIN_TOKEN } },
    );
    try {
      const withToken = (token: string, path = '/api/admin/settings') =>
        fetch(`${board.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      // Failures on any admin route count together: half here, half on the alerts routes.
      for (let i = 0; i < 10; i++) {
        const path = i % 2 === 0 ? '/api/admin/settings' : '/api/admin/alerts';
        expect((await withToken('not-the-token-xxxx', path)).status).toBe(401);
      }
      expect((await withToken('not-the-token-xxxx', '/api/admin/alerts')).status).toBe(429);
      const blocked = await withToken('not-the-token-xxxx');
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await withToken(ADMIN_TOKEN)).status).toBe(200);
      board.clock.advance(16 * 60_000);
      expect((await withToken('not-the-token-xxxx')).status).toBe(401);
    } finally {
      await board.stop();
    }
  });
});

describe('admin overview figures', () => {
  it('computes completion, response time and rankings on a fixture worked out by hand', async () => {
    const epoch = new Date('2026-11-20T00:00:00Z');
    const forgeClock = new ManualClock(epoch);
    const forge = await startForge({ seed: 'none', clock: forgeClock });
    const board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      { now: '2026-11-22T00:00:00Z', env: { ADMIN_TOKEN, BOARD_ORGS: 'fixture' } },
    );
    try {
      forge.createUser('npc-builder', { npc: true });
      forge.createUser('npc-tester', { npc: true });
      forge.createUser('alice');
      const admin = forgeClient(forge);
      await admin.createGroup({ path: 'fixture', remark: 'Fixture' });
      for (const user of ['npc-builder', 'npc-tester', 'alice'])
        forge.setRole('fixture', user, 'Developer');
      await admin.createRepo('fixture', { name: 'app', visibility: 'public' });
      const npc = (name: string) => forgeClient(forge, forge.createToken(name));
      const minutes = (m: number) => forgeClock.advance(m * 60_000);

      // Four NPC issues created 2026-11-20; answered after 10, 30 and 60 minutes; one waits.
      const created: number[] = [];
      for (const [i, assignee] of [
        'npc-builder',
        'npc-builder',
        'npc-tester',
        'npc-tester',
      ].entries()) {
        forgeClock.set(new Date(epoch.getTime() + i * 3_600_000));
        created.push(
          Number(
            (await admin.createIssue('fixture/app', { title: `Task ${i}`, assignees: [assignee] }))
              .number,
          ),
        );
      }
      // A human issue that is not NPC work.
      await admin.createIssue('fixture/app', { title: 'Human task' });
      const answer = async (i: number, by: string, afterMinutes: number) => {
        forgeClock.set(new Date(epoch.getTime() + i * 3_600_000));
        minutes(afterMinutes);
        await npc(by).createComment('fixture/app', created[i], 'On it.');
      };
      await answer(0, 'npc-builder', 10);
      await answer(1, 'npc-builder', 30);
      await answer(2, 'npc-tester', 60);
      await admin.createComment('fixture/app', created[3], 'A human comment does not count.');
      await admin.updateIssue('fixture/app', created[0], {
        state: 'closed',
        state_reason: 'completed',
      });

      const response = await fetch(`${board.url}/api/admin/overview?days=7`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(response.status).toBe(200);
      const overview = (await response.json()) as AdminOverview;
      expect(overview.completion).toEqual({ created: 4, closed: 1, rate: 0.25 });
      // 600, 1800, 3600 s: mean 2000; P95 rank 1.9 → 1800 + 0.9 × 1800 = 3420.
      expect(overview.response_time).toMatchObject({
        answered: 3,
        waiting: 1,
        average_seconds: 2000,
        p95_seconds: 3420,
      });
      expect(overview.response_time.by_npc).toEqual([
        // 600 and 1800 s: rank 0.95 → 600 + 0.95 × 1200 = 1740.
        { npc: 'npc-builder', answered: 2, waiting: 0, average_seconds: 1200, p95_seconds: 1740 },
        { npc: 'npc-tester', answered: 1, waiting: 1, average_seconds: 3600, p95_seconds: 3600 },
      ]);
      // No snapshots: no consumption, so no cost per task, though one task was completed.
      expect(overview.credit_ranking).toEqual([
        {
          org_slug: 'fixture',
          consumed: 0,
          snapshots: 0,
          credits_per_task: null,
          tasks_completed: 1,
        },
      ]);
      // At 2026-11-22T00:00 (stuck after 24 h, pickup SLO 60 min): task 0 closed at 03:00 after
      // assignment at 00:00 (cycle 3 h); tasks 1 and 2 last heard from their NPC at 01:30 and
      // 03:00 on the 20th, so stuck; task 3 has only a human comment, so overdue, not stuck.
      expect(overview.npcs).toEqual([
        {
          npc: 'npc-builder',
          pickup_p50_s: null,
          pickup_p95_s: null,
          pickup_n: 2,
          cycle_p50_s: null,
          cycle_p95_s: null,
          cycle_n: 1,
          wip: 1,
          stuck: 1,
          completed: 1,
          merge_rate: null,
          merge_n: 0,
          merged_pulls: 0,
          autonomy: null,
          cost_per_merged_pull: null,
        },
        {
          npc: 'npc-tester',
          pickup_p50_s: null,
          pickup_p95_s: null,
          pickup_n: 1,
          cycle_p50_s: null,
          cycle_p95_s: null,
          cycle_n: 0,
          wip: 2,
          stuck: 1,
          completed: 0,
          merge_rate: null,
          merge_n: 0,
          merged_pulls: 0,
          autonomy: null,
          cost_per_merged_pull: null,
        },
      ]);
      const attention = (await (
        await fetch(`${board.url}/api/issues?org=fixture&attention=any`)
      ).json()) as Issue[];
      expect(attention.map((i) => [i.number, i.attention?.reason]).sort()).toEqual(
        [
          [created[1], 'stuck'],
          [created[2], 'stuck'],
          [created[3], 'overdue'],
        ].sort(),
      );
      const closed = attention.length === 3 ? await issueOf(board, created[0]) : null;
      expect(closed?.signals).toMatchObject({
        assigned_at: '2026-11-20T00:00:00.000Z',
        first_npc_at: '2026-11-20T00:10:00.000Z',
        pickup_latency_s: 600,
        closed_at_exact: true,
        cycle_time_s: 3 * 3600,
      });

      board.clock.advance(30 * 86_400_000);
      board.clock.advance(TTL);
      const empty = (await (
        await fetch(`${board.url}/api/admin/overview?days=7`, {
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        })
      ).json()) as AdminOverview;
      expect(empty.completion).toEqual({ created: 0, closed: 0, rate: null });
      expect(empty.response_time).toMatchObject({
        answered: 0,
        waiting: 0,
        average_seconds: null,
        p95_seconds: null,
      });
    } finally {
      await board.stop();
      await forge.stop();
    }
  });
});

async function issueOf(board: { url: string }, number: number): Promise<Issue> {
  return (await (
    await fetch(`${board.url}/api/repos/fixture/app/issues/${number}`)
  ).json()) as Issue;
}
