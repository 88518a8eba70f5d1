import type {
  DtoBuildLogsResult,
  DtoBuildStatusResult,
  DtoLogInfo,
  DtoRepos4User,
} from '@shared/platform/published';
import type { LedgerEntry } from '@shared/platform/types';
import { ManualClock } from '../../server/forge/common/clock';
import { NpcSimulatorService } from '../../server/forge/simulator/npc-simulator.service';
import { startForge, type HarnessForge } from '../forge-harness';
import { call } from './http';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const EPOCH = new Date('2025-06-01T12:00:00.000Z');
const ORG = 'aurora-labs';

/**
 * The demo's builds, read over HTTP as the board reads them (docs/architecture.md#builds):
 * 30 days of runs for every organization, most succeeding and some retried, and the
 * cases the board shows: a run started minutes ago, a runaway, a task with three failed
 * runs in a row, a task whose runs cost ten times the median, a stopped run.
 */
describe('forge: demo builds', () => {
  const clock = new ManualClock(EPOCH);
  const end = EPOCH.getTime();
  let forge: HarnessForge;
  let builds: DtoLogInfo[];
  const statuses = new Map<string, DtoBuildStatusResult>();

  const get = async <T>(route: string): Promise<T> => {
    const answer = await call(forge, 'GET', route);
    if (answer.status !== 200) throw new Error(`${route}: ${answer.status} ${answer.text}`);
    return answer.body as T;
  };
  /** Every build of an organization's repositories, newest first per repository. */
  const buildsOf = async (org: string): Promise<DtoLogInfo[]> => {
    const out: DtoLogInfo[] = [];
    for (const repo of await get<DtoRepos4User[]>(`/${org}/-/repos?page_size=100`)) {
      for (let page = 1; ; page++) {
        const result = await get<DtoBuildLogsResult>(
          `/${repo.path}/-/build/logs?page_size=100&page=${page}`,
        );
        out.push(...result.data);
        if (page * 100 >= result.total) break;
      }
    }
    return out;
  };
  const cost = async (build: DtoLogInfo): Promise<number> => {
    let status = statuses.get(build.sn);
    if (!status) {
      status = await get<DtoBuildStatusResult>(`/${build.slug}/-/build/status/${build.sn}`);
      statuses.set(build.sn, status);
    }
    return Object.values(status.pipelinesStatus).reduce(
      (sum, pipeline) => sum + Math.round(pipeline.metricCoreHours * 1000),
      0,
    );
  };
  const byTask = (list: DtoLogInfo[]): Map<string, DtoLogInfo[]> => {
    const tasks = new Map<string, DtoLogInfo[]>();
    for (const build of list.filter((b) => b.eventUrl !== '')) {
      const runs = tasks.get(build.eventUrl) ?? [];
      runs.push(build);
      tasks.set(build.eventUrl, runs);
    }
    for (const runs of tasks.values())
      runs.sort((a, b) => a.createTime.localeCompare(b.createTime));
    return tasks;
  };

  beforeAll(async () => {
    forge = await startForge({ seedEpoch: EPOCH, clock });
    builds = await buildsOf(ORG);
  }, 120_000);
  afterAll(async () => {
    await forge?.stop();
  });

  it('keeps 30 days of builds for every organization, NPC runs and nightly pipelines', async () => {
    const orgs = await get<{ path: string }[]>('/user/groups?page_size=100');
    for (const { path } of orgs.filter((org) => !org.path.includes('/'))) {
      const list = path === ORG ? builds : await buildsOf(path);
      const times = list.map((build) => Date.parse(build.createTime));
      expect([path, list.length > 5]).toEqual([path, true]);
      expect(Math.min(...times)).toBeGreaterThan(end - 31 * DAY);
      expect(Math.min(...times)).toBeLessThan(end - 20 * DAY);
      expect(Math.max(...times)).toBeLessThanOrEqual(end);
    }
    expect(new Set(builds.map((build) => build.event))).toEqual(
      new Set(['issue.comment@npc', 'api_trigger_nightly']),
    );
  });

  it('shows NPC runs that mostly succeed, some failed and retried', () => {
    const runs = builds.filter((build) => build.event === 'issue.comment@npc');
    const succeeded = runs.filter((build) => build.status === 'success').length;
    expect(succeeded / runs.length).toBeGreaterThan(0.7);
    const retried = [...byTask(runs).values()].filter((list) =>
      list.some((run, i) => run.status === 'error' && list[i + 1]?.status === 'success'),
    );
    expect(retried.length).toBeGreaterThan(0);
    for (const run of runs) {
      expect(run.userName).not.toBe(run.title.split(':')[0]);
      expect(run.eventUrl).toMatch(new RegExp(`^${forge.baseUrl}/${ORG}/[^/]+/-/issues/\\d+$`));
    }
  });

  it('has a run started minutes ago and still going, and a runaway started hours ago', () => {
    const pending = builds.filter((build) => build.status === 'pending');
    const age = (build: DtoLogInfo): number => end - Date.parse(build.createTime);
    expect(pending.filter((build) => age(build) < 15 * MINUTE)).toHaveLength(1);
    expect(pending.filter((build) => age(build) > 3 * HOUR)).toHaveLength(1);
  });

  it('has a task with three failed runs in a row, and one whose runs cost ten times the median', async () => {
    const tasks = byTask(builds);
    const failing = [...tasks.values()].filter(
      (runs) => runs.length >= 3 && runs.slice(-3).every((run) => run.status === 'error'),
    );
    expect(failing.length).toBeGreaterThanOrEqual(1);
    const finished = builds.filter((b) => b.status === 'success' && b.event.endsWith('@npc'));
    const costs = await Promise.all(finished.map(cost));
    const median = [...costs].sort((a, b) => a - b)[Math.floor(costs.length / 2)];
    const costly: DtoLogInfo[][] = [];
    for (const runs of tasks.values()) {
      const each = await Promise.all(runs.filter((r) => r.status === 'success').map(cost));
      if (each.length > 0 && Math.min(...each) >= 10 * median) costly.push(runs);
    }
    expect(costly).toHaveLength(1);
  });

  it('charges every finished run once in the ledger, as its status bills it', async () => {
    const ledger: LedgerEntry[] = [];
    for (let page = 1; ; page++) {
      const entries = await get<LedgerEntry[]>(
        `/${ORG}/-/charge/ledger?since=${new Date(end - 32 * DAY).toISOString()}&page_size=100&page=${page}`,
      );
      ledger.push(...entries);
      if (entries.length < 100) break;
    }
    const charges = new Map(ledger.filter((e) => e.sn).map((e) => [e.sn as string, e]));
    // Runs that ended, and the stopped one, charged for the time it ran.
    const finished = builds.filter((b) => b.status !== 'pending');
    expect([...charges.keys()].sort()).toEqual(finished.map((b) => b.sn).sort());
    const stopped = finished.filter((b) => b.status === 'cancel');
    for (const build of [...stopped, ...finished.slice(0, 40)])
      expect([build.sn, Math.round((charges.get(build.sn)?.core_hours ?? 0) * 1000)]).toEqual([
        build.sn,
        await cost(build),
      ]);
    expect(ledger.every((entry) => entry.balance >= 0)).toBe(true);
  });

  it('counts each repository NPC runs in its record', async () => {
    const repos = await get<DtoRepos4User[]>(`/${ORG}/-/repos?page_size=100`);
    for (const repo of repos)
      expect([repo.path, repo.npc_builded_count]).toEqual([
        repo.path,
        builds.filter((b) => b.slug === repo.path && b.event.endsWith('@npc')).length,
      ]);
  });

  it('lets time pass: the recent run ends, the runaway and the stopped run do not change', async () => {
    const stopped = builds.filter((build) => build.status === 'cancel');
    expect(stopped).toHaveLength(1);
    const pending = builds.filter((build) => build.status === 'pending');
    const simulator = forge.app.get(NpcSimulatorService);
    clock.advance(2 * DAY);
    const round = simulator.round(2 * DAY);
    expect(round.runs).toBeGreaterThan(0);
    const after = new Map((await buildsOf(ORG)).map((build) => [build.sn, build.status]));
    const runaway = pending.find((b) => end - Date.parse(b.createTime) > 3 * HOUR) as DtoLogInfo;
    const recent = pending.find((b) => b.sn !== runaway.sn) as DtoLogInfo;
    expect(after.get(runaway.sn)).toBe('pending');
    expect(after.get(recent.sn)).toBe('success');
    expect(after.get(stopped[0].sn)).toBe('cancel');
    const status = await get<DtoBuildStatusResult>(`/${runaway.slug}/-/build/status/${runaway.sn}`);
    expect(Object.values(status.pipelinesStatus)[0].stages.map((s) => s.status)).toEqual([
      'success',
      'start',
      'pending',
    ]);
  });
});
