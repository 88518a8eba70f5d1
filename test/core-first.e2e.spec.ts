/**
 * Core first (docs/architecture.md#core-first): against a forge that answers only what the
 * platform publishes, a board whose hourly call budget is a third of one full load answers
 * every user route at once with the spec's fields, names the enrichments it is still
 * reading, stays within its budget, and fills them in as later hours' budgets allow.
 */
import type { Issue, Organization, Repository } from '@shared/board/entities';
import { PENDING_HEADER } from '@shared/board/entities';
import { isSecret } from '@shared/board/mappers';
import { UpstreamBudget } from '../server/board/budget/upstream-budget';
import { BackgroundReads } from '../server/board/sync/background-reads';
import { AlertsService } from '../server/board/alerts/alerts.service';
import { SnapshotService } from '../server/board/credits/snapshot.service';
import { RefreshAhead } from '../server/board/cache/refresh-ahead';
import { PlatformHttp } from '../server/board/platform/platform-http';
import { openStream } from './event-stream-client';
import { startBoard, type RunningBoard } from './board-harness';
import { forgeClient, startForge, type HarnessForge } from './forge-harness';
import { startWaveProxy, type WaveProxy } from './wave-proxy';

const HOUR = 3_600_000;

interface Answer<T> {
  status: number;
  body: T;
  pending: string[];
}

async function read<T>(board: RunningBoard, path: string): Promise<Answer<T>> {
  const response = await fetch(board.url + path);
  return {
    status: response.status,
    body: (await response.json()) as T,
    pending: response.headers.get(PENDING_HEADER)?.split(', ') ?? [],
  };
}

describe('core first: answers at once under any budget', () => {
  let forge: HarnessForge;
  let orgSlugs: string[];
  /** Platform calls of one full load: every user route of every organization, settled. */
  let fullLoad: number;

  /** Every route the user pages read, for every covered organization. */
  const userRoutes = (): string[] => [
    '/api/orgs',
    '/api/credits/history?days=7',
    '/api/issues?npc=true',
    ...orgSlugs.flatMap((org) => [
      `/api/orgs/${org}/repos`,
      `/api/orgs/${org}/credits?days=7`,
      `/api/issues?npc=true&org=${org}`,
    ]),
  ];

  beforeAll(async () => {
    forge = await startForge({ extensions: false });
    const roomy = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      { now: forge.seedEpoch!, env: { PLATFORM_MAX_CALLS_PER_HOUR: '100000' } },
    );
    try {
      const before = await forge.requestCount();
      orgSlugs = ((await (await roomy.settled('/api/orgs')).json()) as Organization[]).map(
        (o) => o.slug,
      );
      for (const route of userRoutes()) expect((await roomy.settled(route)).status).toBe(200);
      fullLoad = (await forge.requestCount()) - before;
    } finally {
      await roomy.stop();
    }
  }, 180_000);

  afterAll(() => forge?.stop(), 30_000);

  it('answers every user route with its core fields on a third of a full load, enrichments as the hours allow', async () => {
    expect(orgSlugs).toHaveLength(10);
    const limit = Math.floor(fullLoad / 3);
    const board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      { now: forge.seedEpoch!, env: { PLATFORM_MAX_CALLS_PER_HOUR: String(limit) } },
    );
    try {
      const budget = board.get(UpstreamBudget);
      const reads = board.get(BackgroundReads);

      // The dashboard: the spec's fields at once, the attention counts pending.
      const orgs = await read<Organization[]>(board, '/api/orgs');
      expect(orgs.status).toBe(200);
      expect(orgs.pending).toContain('attention');
      const client = forgeClient(forge);
      for (const org of orgs.body) {
        expect(org.error).toBeUndefined();
        const repos = (await client.listRepos(org.slug)).filter((r) => !isSecret(r));
        let open = 0;
        for (const repo of repos)
          open += (await client.listIssues(repo.path, { state: 'open' })).length;
        expect([org.slug, org.repo_count, org.open_issue_count]).toEqual([
          org.slug,
          repos.length,
          open,
        ]);
        expect([org.stuck_count, org.overdue_count]).toEqual([null, null]);
      }

      // Every other user route answers 200 too, whatever the background reads spent.
      for (const route of userRoutes()) {
        const answer = await read<unknown>(board, route);
        expect([route, answer.status]).toEqual([route, 200]);
      }
      await reads.idle();
      // Every call the board made was admitted by its budget (the checks above went to the
      // forge directly, so its own count is no measure here).
      expect(budget.counts.made).toBeLessThanOrEqual(limit);
      expect(budget.counts.refused).toBeGreaterThan(0);

      // The tasks' signals and the repositories' commits fill in as later hours allow.
      const stillPending = async (): Promise<string[]> => {
        const names = new Set<string>();
        for (const route of userRoutes()) {
          const answer = await read<unknown>(board, route);
          expect([route, answer.status]).toEqual([route, 200]);
          answer.pending.forEach((name) => names.add(name));
        }
        await reads.idle();
        return [...names];
      };
      let hours = 0;
      while ((await stillPending()).length > 0 && hours < 8) {
        board.clock.advance(HOUR);
        hours += 1;
      }
      expect(await stillPending()).toEqual([]);
      expect(hours).toBeGreaterThan(0);
      const settled = await read<Organization[]>(board, '/api/orgs');
      expect(settled.body.every((o) => o.stuck_count !== null && o.overdue_count !== null)).toBe(
        true,
      );
      const tasks = await read<Issue[]>(board, '/api/issues?npc=true&state=open');
      expect(tasks.body.some((issue) => issue.signals.assigned_at !== null)).toBe(true);
      const repos = await read<Repository[]>(board, `/api/orgs/${orgSlugs[0]}/repos`);
      expect(repos.body.some((r) => r.last_human_commit_at || r.last_npc_commit_at)).toBe(true);
      // No hour spent more than its budget.
      const perMinute = await budget.perMinute();
      expect(perMinute.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(limit);
    } finally {
      await board.stop();
    }
  }, 300_000);
});

describe('core first: the first dashboard waits for two rounds of platform calls', () => {
  let forge: HarnessForge;
  let proxy: WaveProxy;

  beforeAll(async () => {
    forge = await startForge();
    proxy = await startWaveProxy(forge.baseUrl);
  }, 120_000);

  afterAll(async () => {
    await proxy?.stop();
    await forge?.stop();
  }, 30_000);

  /** A board with cold caches, through the counting proxy. */
  const coldBoard = () =>
    startBoard(
      { baseUrl: proxy.url, token: forge.adminToken },
      // Rounds are counted, not timed: a loaded machine must not turn a call into a timeout.
      { now: forge.seedEpoch!, platform: { timeoutMs: 60_000 } },
    );

  /**
   * The waves between asking for the dashboard's organizations and their answer, each as
   * the paths it carried (so a failure shows what took the extra round). Read as soon as the
   * answer's headers arrive: reads the board starts in the background after answering go
   * out in later waves.
   */
  async function rounds(board: RunningBoard): Promise<string[][]> {
    const before = proxy.waves;
    const answer = await fetch(`${board.url}/api/orgs`);
    const after = proxy.waves;
    expect(answer.status).toBe(200);
    const orgs = (await answer.json()) as Organization[];
    expect(orgs).toHaveLength(10);
    expect(orgs.filter((o) => o.error !== undefined || o.repo_count === 0)).toEqual([]);
    return Array.from({ length: after - before }, (_, i) =>
      proxy.log.filter((r) => r.wave === before + i + 1).map((r) => `${r.method} ${r.path}`),
    );
  }

  /** Runs `test` on a cold board, then lets its background work end and stops it. */
  async function onColdBoard(test: (board: RunningBoard) => Promise<void>): Promise<void> {
    const board = await coldBoard();
    try {
      await test(board);
    } finally {
      await board.get(AlertsService).settled();
      await board.get(BackgroundReads).idle();
      await board.stop();
    }
  }

  it(
    'asks the platform in at most two rounds on a cold start',
    () =>
      onColdBoard(async (board) => {
        // Any round past the second is listed here, with the paths it carried.
        expect((await rounds(board)).slice(2)).toEqual([]);
      }),
    120_000,
  );

  it(
    'asks in at most two rounds while the start-up snapshot run is in flight',
    () =>
      onColdBoard(async (board) => {
        const snapshots = board.get(SnapshotService);
        const run = snapshots.recordScheduled();
        // The snapshot run's first calls are on their way before the dashboard asks.
        while (proxy.log.filter((r) => r.wave === 0).length === 0) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        // Any round past the second is listed here, with the paths it carried.
        expect((await rounds(board)).slice(2)).toEqual([]);
        const recorded = await run;
        expect(recorded?.recorded).toHaveLength(10);
      }),
    120_000,
  );

  it(
    'holds background calls while a viewer is answered, not for a hit, a rebuild or a stream',
    () =>
      onColdBoard(async (board) => {
        const platform = board.get(PlatformHttp);
        const hold = jest.spyOn(platform, 'holdBackground');
        const snapshots = board.get(SnapshotService).recordScheduled();
        const answer = await fetch(`${board.url}/api/orgs`);
        expect(answer.headers.get('x-cache')).toBe('MISS');
        await answer.arrayBuffer();
        expect(hold).toHaveBeenCalledTimes(1);
        // Released once the answer is out: the snapshot run goes on.
        expect(platform.holdingBackground).toBe(false);
        // The balances it records outdate the cards: built again, once.
        expect((await snapshots)?.recorded).toHaveLength(10);
        expect((await fetch(`${board.url}/api/orgs`)).headers.get('x-cache')).toBe('MISS');
        expect(hold).toHaveBeenCalledTimes(2);

        expect((await fetch(`${board.url}/api/orgs`)).headers.get('x-cache')).toBe('HIT');
        await board.get(RefreshAhead).run(board.clock.now().getTime());
        const stream = await openStream(`${board.url}/api/events`);
        stream.close();
        expect(hold).toHaveBeenCalledTimes(2);
      }),
    120_000,
  );

  it(
    'asks in at most two rounds while the alert evaluation after a snapshot is running',
    () =>
      onColdBoard(async (board) => {
        // The start-up snapshot is recorded; the alert evaluation it starts is under way.
        const recorded = await board.get(SnapshotService).recordScheduled();
        expect(recorded?.recorded).toHaveLength(10);
        // Any round past the second is listed here, with the paths it carried.
        expect((await rounds(board)).slice(2)).toEqual([]);
      }),
    120_000,
  );
});
