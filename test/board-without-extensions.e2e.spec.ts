/**
 * The board against a forge that answers only what the real platform publishes
 * (FORGE_EXTENSIONS off: no credit ledger, no organization-wide issue or pull lists).
 * The board must fall back as it would on the real platform: per-repository lists for
 * counts and searches, credit history that starts with the first snapshot, and NPC runs
 * read from the published build records within the default upstream budget.
 */
import type { CreditSnapshot, Issue, Organization } from '@shared/board/entities';
import type { NpcScorecards } from '@shared/board/outcomes';
import { PENDING_HEADER } from '@shared/board/entities';
import { isSecret } from '@shared/board/mappers';
import { isNpcIssue } from '@shared/board/npc';
import { ErrCode } from '@shared/platform/types';
import { AlertsService } from '../server/board/alerts/alerts.service';
import { UpstreamBudget } from '../server/board/budget/upstream-budget';
import { WINDOW_MINUTES } from '../server/board/budget/call-counter';
import { SnapshotService } from '../server/board/credits/snapshot.service';
import { BackgroundReads } from '../server/board/sync/background-reads';
import { RUN_WINDOW_DAYS } from '../server/board/sync/npc-runs.service';
import { ForgeDatabase } from '../server/forge/storage/forge-database';
import { startBoard, type RunningBoard } from './board-harness';
import { forgeClient, startForge, type HarnessForge } from './forge-harness';
import { call } from './forge/http';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The default PLATFORM_MAX_CALLS_PER_HOUR (docs/architecture.md#configuration). */
const DEFAULT_BUDGET = 3000;
/**
 * When the app asks again for an answer that names pending enrichments
 * (docs/architecture.md#core-first): after 1.5, 2, 3, 5, 5 s, then every 10 s.
 */
const FOLLOW_MS = [1_500, 2_000, 3_000, 5_000, 5_000];
const FOLLOW_THEN_MS = 10_000;
/** How many times in all it asks again (`PENDING_FOLLOW_MS`). */
const FOLLOW_ASKS = 29;
/** The task board's query (client/src/app/core/api.service.ts: `npc=true`). */
const TASK_BOARD = '/api/issues?npc=true';

async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as T };
}

describe('board against a forge without extensions', () => {
  let forge: HarnessForge;
  let board: RunningBoard;

  beforeAll(async () => {
    forge = await startForge({ extensions: false });
    board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      // Per-repository lists are many calls: on a loaded machine one may take longer than
      // the 10 s a call is given against a real platform.
      { now: forge.seedEpoch!, platform: { timeoutMs: 60_000 } },
    );
  }, 120_000);

  afterAll(async () => {
    await board?.stop();
    await forge?.stop();
  }, 30_000);

  it('has no ledger and no organization-wide lists on the forge (404, errcode 5)', async () => {
    for (const route of [
      '/aurora-labs/-/issues',
      '/aurora-labs/-/pulls',
      '/aurora-labs/-/charge/ledger?since=2020-01-01T00:00:00Z',
    ]) {
      const answer = await call(forge, 'GET', route);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ errcode: ErrCode.NotFound });
    }
    // What the platform publishes is still there.
    expect((await call(forge, 'GET', '/aurora-labs/-/charge/special-amount')).status).toBe(200);
  });

  it('counts open issues per organization from per-repository lists', async () => {
    const { status, body: orgs } = await getJson<Organization[]>(`${board.url}/api/orgs`);
    expect(status).toBe(200);
    expect(orgs).toHaveLength(10);
    const client = forgeClient(forge);
    for (const org of orgs) {
      expect(org.error).toBeUndefined();
      const repos = (await client.listRepos(org.slug)).filter((repo) => !isSecret(repo));
      let open = 0;
      for (const repo of repos)
        open += (await client.listIssues(repo.path, { state: 'open' })).length;
      expect(org.repo_count).toBe(repos.length);
      expect(org.open_issue_count).toBe(open);
      expect(org.open_issue_count).toBeGreaterThan(0);
    }
    // Every organization-wide list the board tried was refused; none was answered.
    expect(await forge.requestCount({ route: '/:org/-/issues', status: 200 })).toBe(0);
  });

  it('searches issues across organizations without the organization-wide list', async () => {
    const { status, body } = await getJson<Issue[]>(`${board.url}/api/issues?state=open`);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((issue) => issue.state === 'open')).toBe(true);
    expect(new Set(body.map((issue) => issue.repository.full_name.split('/')[0])).size).toBe(10);
  });

  it('records credit snapshots from the published balance, history starting with the first', async () => {
    const snapshots = board.get(SnapshotService);
    const start = Math.floor(board.clock.now().getTime() / HOUR) * HOUR + HOUR;
    board.clock.set(new Date(start + 5 * 60_000));
    const run = await snapshots.record();
    expect(run.failed).toEqual([]);
    expect(run.recorded).toHaveLength(10);
    const history = await getJson<CreditSnapshot[]>(`${board.url}/api/credits/history?days=7`);
    // No ledger to fill the past from: one snapshot per organization, all from this run.
    expect(history.body).toHaveLength(10);
    expect(history.body.every((s) => Date.parse(s.recorded_at) >= start)).toBe(true);
    const balances = new Map(history.body.map((s) => [s.org_slug, s.balance]));
    const client = forgeClient(forge);
    for (const [org, balance] of balances)
      expect(balance).toBe((await client.getSpecialAmount(org)).credit);
    expect(await forge.requestCount({ route: '/:org/-/charge/ledger', status: 200 })).toBe(0);
  });

  it("fills in the task board's NPC runs on the default budget, within it at every minute", async () => {
    // A board of its own, cold whatever the other tests asked of theirs, on the default
    // budget (no PLATFORM_MAX_CALLS_PER_HOUR). The suite's board first finishes what they
    // left it doing (an alert evaluation after a snapshot run, enrichment reads).
    await board.get(SnapshotService).settled();
    await board.get(AlertsService).settled();
    await board.get(BackgroundReads).idle();
    const othersBefore = board.get(UpstreamBudget).counts.made;
    const viewer = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      { now: forge.seedEpoch!, platform: { timeoutMs: 60_000 } },
    );
    try {
      const budget = viewer.get(UpstreamBudget);
      const reads = viewer.get(BackgroundReads);
      const clock = viewer.clock;
      expect(budget.limit).toBe(DEFAULT_BUDGET);
      const forgeBefore = await forge.requestCount();
      const startedAt = clock.now().getTime();

      /** The board shows each NPC task's runs as many as the forge's builds table holds. */
      const expectRunsAsTheForge = (issues: Issue[]): void => {
        const since = clock.now().getTime() - RUN_WINDOW_DAYS * 24 * HOUR;
        const rows = forge.app.get(ForgeDatabase).all<{ task: string; runs: number }>(
          `SELECT n.path || '/' || r.name || '#' || i.number AS task, COUNT(*) AS runs
           FROM builds b JOIN issues i ON i.id = b.issue_id JOIN repos r ON r.id = b.repo_id
           JOIN namespaces n ON n.id = r.namespace_id
           WHERE b.event LIKE '%@npc' AND b.created_at >= ? GROUP BY task`,
          [new Date(since).toISOString()],
        );
        const onForge = new Map(rows.map(({ task, runs }) => [task, runs]));
        const task = (issue: Issue): string => `${issue.repository.full_name}#${issue.number}`;
        expect(issues.map((issue) => [task(issue), issue.runs?.count ?? null])).toEqual(
          issues.map((issue) => [task(issue), onForge.get(task(issue)) ?? 0]),
        );
        const withRuns = issues.filter((issue) => issue.runs!.count > 0);
        expect(withRuns.length).toBeGreaterThan(10);
        // Every bill is read: the finished runs' core-hours are known.
        expect(withRuns.filter((issue) => issue.runs!.core_hours === null)).toEqual([]);
      };

      /** Calls per minute of the board's clock, as its budget counts them. */
      const calls = new Map<number, number>();
      const noteCalls = async (): Promise<void> => {
        const minute = Math.floor(clock.now().getTime() / MINUTE);
        (await budget.perMinute()).forEach((n, k) => {
          if (n > 0) calls.set(minute - WINDOW_MINUTES + 1 + k, n);
        });
      };

      // A viewer keeps the task board open for two hours: the app asks again while the
      // answer names pending enrichments, as it does (FOLLOW_MS), and else once a minute.
      let first: { issues: Issue[]; pending: string[] } | null = null;
      let filledAt: number | null = null;
      let follow = 0;
      while (clock.now().getTime() < startedAt + 2 * HOUR) {
        const response = await fetch(`${viewer.url}${TASK_BOARD}`);
        expect(response.status).toBe(200);
        const issues = (await response.json()) as Issue[];
        const pending = response.headers.get(PENDING_HEADER)?.split(', ') ?? [];
        expect(issues.length).toBeGreaterThan(0);
        expect(issues.every(isNpcIssue)).toBe(true);
        first ??= { issues, pending };
        if (filledAt === null && !pending.includes('runs')) {
          filledAt = clock.now().getTime();
          expect(issues.filter((issue) => issue.runs === null)).toEqual([]);
          expectRunsAsTheForge(issues);
        } else if (filledAt !== null) {
          // Once held, the runs show, also while a re-read is due.
          expect(issues.filter((issue) => issue.runs === null)).toEqual([]);
        }
        await reads.idle();
        await noteCalls();
        if (pending.length > 0 && follow < FOLLOW_ASKS) {
          clock.advance(FOLLOW_MS[follow] ?? FOLLOW_THEN_MS);
          follow += 1;
        } else {
          follow = 0;
          clock.set(new Date((Math.floor(clock.now().getTime() / MINUTE) + 1) * MINUTE));
        }
      }

      // At first the runs were pending, every NPC task without them; then they filled in.
      expect(first!.pending).toContain('runs');
      expect(first!.issues.filter((issue) => issue.runs !== null)).toEqual([]);
      expect(filledAt).not.toBeNull();
      // Two hours on they are still the forge's, and no longer pending once read again.
      expectRunsAsTheForge((await (await viewer.settled(TASK_BOARD)).json()) as Issue[]);

      // The budget's count is the forge's: every call the board made reached it (and the
      // suite's board made none meanwhile).
      await reads.idle();
      await noteCalls();
      const made = [...calls.values()].reduce((sum, n) => sum + n, 0);
      expect(made).toBe(budget.counts.made);
      expect(board.get(UpstreamBudget).counts.made).toBe(othersBefore);
      expect((await forge.requestCount()) - forgeBefore).toBe(made);
      // No 429 lowered the budget, so no per-minute cap applied and the rule is the hour's:
      // at every minute, the calls of the last 60 minute buckets are at most the budget
      // (docs/architecture.md#the-upstream-budget).
      expect(await forge.requestCount({ status: 429 })).toBe(0);
      expect((await budget.state()).pressure).toBe(1);
      const firstMinute = Math.floor(startedAt / MINUTE);
      const over: { minute: number; lastHour: number }[] = [];
      for (
        let minute = firstMinute;
        minute <= Math.floor(clock.now().getTime() / MINUTE);
        minute++
      ) {
        let lastHour = 0;
        for (let k = minute - WINDOW_MINUTES + 1; k <= minute; k++) lastHour += calls.get(k) ?? 0;
        if (lastHour > DEFAULT_BUDGET) over.push({ minute: minute - firstMinute, lastHour });
      }
      expect({ callsPerHour: DEFAULT_BUDGET, minutesOver: over }).toEqual({
        callsPerHour: DEFAULT_BUDGET,
        minutesOver: [],
      });
    } finally {
      await viewer.stop();
    }
  }, 300_000);

  it('answers /npcs at once with the outcomes pending, fills them in, within the budget', async () => {
    await board.get(BackgroundReads).idle();
    const viewer = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      { now: forge.seedEpoch!, platform: { timeoutMs: 60_000 } },
    );
    try {
      const budget = viewer.get(UpstreamBudget);
      const reads = viewer.get(BackgroundReads);
      const clock = viewer.clock;
      const startedAt = clock.now().getTime();
      const ask = async () => {
        const response = await fetch(`${viewer.url}/api/npcs?days=30`);
        expect(response.status).toBe(200);
        return {
          body: (await response.json()) as NpcScorecards,
          pending: response.headers.get(PENDING_HEADER)?.split(', ') ?? [],
        };
      };
      // The first answer does not wait for a pull request list.
      const first = await ask();
      expect(first.pending).toContain('outcomes');
      expect(first.body.npcs.length).toBeGreaterThan(0);
      expect(first.body.npcs.filter((npc) => npc.measures.pulls !== null)).toEqual([]);
      // The app asks again while anything is pending, as it does (FOLLOW_MS, then every 10 s).
      let last = first;
      for (let follow = 0; last.pending.length > 0 && follow < FOLLOW_ASKS; follow++) {
        await reads.idle();
        clock.advance(FOLLOW_MS[follow] ?? FOLLOW_THEN_MS);
        last = await ask();
      }
      expect(last.pending).toEqual([]);
      // Each NPC's merged pull requests of the window are the forge's, in the shown repositories.
      const since = new Date(Date.parse(last.body.since)).toISOString();
      const rows = forge.app.get(ForgeDatabase).all<{ npc: string; merged: number }>(
        `SELECT lower(u.username) AS npc, COUNT(*) AS merged
         FROM pulls p JOIN users u ON u.id = p.author_id JOIN repos r ON r.id = p.repo_id
         WHERE u.is_npc = 1 AND p.state = 'merged' AND p.updated_at >= ?
           AND r.visibility <> 'secret' GROUP BY npc`,
        [since],
      );
      const onForge = new Map(rows.map(({ npc, merged }) => [npc, merged]));
      expect(last.body.npcs.map((npc) => [npc.npc, npc.measures.pulls?.merged])).toEqual(
        last.body.npcs.map((npc) => [npc.npc, onForge.get(npc.npc) ?? 0]),
      );
      expect(rows.length).toBeGreaterThan(0);
      // Everything it read came out of the default budget's hour.
      await reads.idle();
      expect(clock.now().getTime() - startedAt).toBeLessThan(HOUR);
      expect(budget.counts.made).toBeLessThanOrEqual(DEFAULT_BUDGET);
      expect(await forge.requestCount({ status: 429 })).toBe(0);
    } finally {
      await viewer.stop();
    }
  }, 300_000);
});
