import Database from 'better-sqlite3';
import * as path from 'node:path';
import type { AdminOverview } from '@shared/board/admin';
import type { Issue } from '@shared/board/entities';
import type { EvaluateResult } from '@shared/board/alerts';
import type { DispatchHistoryItem, PreflightResult } from '@shared/board/dispatch';
import type { NpcRun, RunFigures, StopRunResult, TaskRuns } from '@shared/board/runs';
import { ManualClock } from '../server/common/clock';
import { BoardConfig } from '../server/board/config/board-config';
import { NpcRunsService } from '../server/board/sync/npc-runs.service';
import { startBoard, RunningBoard } from './board-harness';
import { forgeClient, HarnessForge, startForge } from './forge-harness';

const ADMIN_TOKEN = 'runs-admin-token-0123456789abcdef';
const HOUR = 3_600_000;

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

/**
 * NPC runs end to end (docs/rules.md#npc-runs): the demo forge's builds, on one
 * clock with the board so the demo's running runs are still running, read into task cards,
 * billed as the forge's ledger charges them, and stopped from the admin API.
 */
describe('NPC runs against the demo forge', () => {
  let forge: HarnessForge;
  let board: RunningBoard;
  let org: string;

  async function get<T>(path: string): Promise<T> {
    const response = await board.settled(path);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  }

  const runsOf = (issue: Issue): Promise<TaskRuns> =>
    get<TaskRuns>(
      `/api/repos/${encodeURIComponent(issue.repository.full_name)}/issues/${issue.number}/runs`,
    );

  const stops = () => forge.requestCount({ method: 'POST', route: '/:org/:repo/-/build/stop/:sn' });

  beforeAll(async () => {
    const epoch = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    const clock = new ManualClock(epoch);
    forge = await startForge({ seedEpoch: epoch, clock });
    board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      // Alerts resolve on the first evaluation that finds them over.
      { clock, env: { ADMIN_TOKEN, ALERT_RESOLVE_AFTER_MINUTES: '0' } },
    );
    [org] = (await get<{ covered_orgs: string[] }>('/api/meta')).covered_orgs;
    // A run no task owns: an NPC mentioned on an open pull request of the organization,
    // before the board reads any run.
    const db = new Database(path.join(forge.dataDir, 'forge', 'forge.sqlite'), { readonly: true });
    const pull = db
      .prepare(
        `SELECT n.path || '/' || r.name AS repo, p.number FROM pulls p
         JOIN repos r ON r.id = p.repo_id JOIN namespaces n ON n.id = r.namespace_id
         WHERE n.path = ? AND p.state = 'open' ORDER BY p.id LIMIT 1`,
      )
      .get(org) as { repo: string; number: number };
    db.close();
    const mentioned = await fetch(`${forge.baseUrl}/${pull.repo}/-/pulls/${pull.number}/comments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${forge.adminToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ body: '@npc-reviewer could you review this?' }),
    });
    expect(mentioned.status).toBe(201);
  });

  afterAll(async () => {
    await board?.stop();
    await forge?.stop();
  });

  it("bills each task's runs as the forge's ledger charges them", async () => {
    const issues = (await get<Issue[]>(`/api/issues?org=${org}&npc=true`)).filter(
      (issue) => issue.runs !== null && issue.runs.count > 0,
    );
    expect(issues.length).toBeGreaterThan(5);
    const ledger = await forgeClient(forge).getLedger(
      org,
      new Date(board.clock.now().getTime() - 40 * 24 * HOUR),
    );
    const charged = new Map(
      ledger.filter((entry) => entry.sn !== undefined).map((e) => [e.sn!, e.core_hours ?? 0]),
    );
    let compared = 0;
    for (const issue of issues) {
      const { runs, core_hours } = await runsOf(issue);
      expect(runs.length).toBe(issue.runs!.count);
      expect(runs.every((run) => run.issue_number === issue.number)).toBe(true);
      const ended = runs.filter((run) => run.status !== 'running');
      // Every ended run is charged once the board has read its bill.
      for (const run of ended) expect(charged.has(run.sn)).toBe(true);
      const expected = ended.reduce((sum, run) => sum + (charged.get(run.sn) ?? 0), 0);
      expect(core_hours).toBeCloseTo(expected, 3);
      expect(issue.runs!.core_hours).toBeCloseTo(expected, 3);
      compared += ended.length;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it("counts each NPC's runs of the window as the forge holds them, and the costliest tasks", async () => {
    const overview = (await (
      await fetch(`${board.url}/api/admin/overview?days=7`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).json()) as AdminOverview;
    // The forge's NPC runs on issues of the week, per NPC, from its own table.
    const db = new Database(path.join(forge.dataDir, 'forge', 'forge.sqlite'), { readonly: true });
    const since = new Date(board.clock.now().getTime() - 7 * 24 * HOUR).toISOString();
    const expected = db
      .prepare(
        `SELECT u.username AS npc, COUNT(*) AS runs FROM builds b JOIN users u ON u.id = b.npc_id
         WHERE b.event LIKE '%@npc' AND b.created_at >= ?
         GROUP BY u.username ORDER BY u.username`,
      )
      .all(since) as { npc: string; runs: number }[];
    // Among them the run on a pull request, counted for the NPC its title names.
    const onPulls = db
      .prepare(`SELECT COUNT(*) AS n FROM builds WHERE pull_id IS NOT NULL AND created_at >= ?`)
      .get(since) as { n: number };
    expect(onPulls.n).toBeGreaterThan(0);
    // The runs going now, for an admin to stop: every NPC build not ended, oldest first.
    const going = db
      .prepare(
        `SELECT sn FROM builds WHERE event LIKE '%@npc' AND stopped_at IS NULL
         AND (finishes_at IS NULL OR finishes_at > ?) ORDER BY created_at, sn`,
      )
      .all(board.clock.now().toISOString()) as { sn: string }[];
    db.close();
    expect(going.length).toBeGreaterThan(1);
    expect(overview.runs.running.map((run) => run.sn)).toEqual(going.map((b) => b.sn));
    for (const run of overview.runs.running) {
      expect(run.status).toBe('running');
      if (run.issue_number !== null) expect(run.task_title).toEqual(expect.any(String));
    }
    expect(expected.length).toBeGreaterThan(0);
    expect(
      overview.runs.by_npc.filter((row) => row.runs > 0).map(({ npc, runs }) => ({ npc, runs })),
    ).toEqual(expected);
    for (const row of overview.runs.by_npc) {
      expect(row.succeeded + row.failed + row.stopped).toBeLessThanOrEqual(row.runs);
      if (row.completed_tasks > 0) expect(row.core_hours_per_completed_task).toBeGreaterThan(0);
    }
    // The costliest tasks of the week, most first, each its runs' core-hours of the week.
    const costliest = overview.runs.costliest;
    expect(costliest.length).toBe(5);
    const weekAgo = board.clock.now().getTime() - 7 * 24 * HOUR;
    for (const [index, task] of costliest.entries()) {
      if (index > 0) expect(task.core_hours).toBeLessThanOrEqual(costliest[index - 1].core_hours);
      const { runs } = await get<TaskRuns>(
        `/api/repos/${encodeURIComponent(task.repo)}/issues/${task.number}/runs`,
      );
      const week = runs.filter((run) => Date.parse(run.started_at) >= weekAgo);
      expect(task.runs).toBe(week.length);
      expect(task.core_hours).toBeCloseTo(
        week.reduce((sum, run) => sum + (run.core_hours ?? 0), 0),
        3,
      );
    }
  });

  it("sums each organization's runs of the week as the forge holds and bills them", async () => {
    const figures = await get<RunFigures>('/api/runs?days=7');
    expect(figures.orgs.map((o) => o.org)).toEqual(
      (await get<{ covered_orgs: string[] }>('/api/meta')).covered_orgs,
    );
    const shown = figures.orgs.find((o) => o.org === org)!;
    const now = board.clock.now().getTime();
    const since = now - 7 * 24 * HOUR;
    const today = Date.parse(new Date(now).toISOString().slice(0, 10));
    // The forge's NPC builds of the organization, from its own table.
    const db = new Database(path.join(forge.dataDir, 'forge', 'forge.sqlite'), { readonly: true });
    const builds = db
      .prepare(
        `SELECT b.sn, b.created_at, b.finishes_at, b.stopped_at, b.issue_id FROM builds b
         JOIN repos r ON r.id = b.repo_id JOIN namespaces n ON n.id = r.namespace_id
         WHERE n.path = ? AND b.event LIKE '%@npc'`,
      )
      .all(org) as {
      sn: string;
      created_at: string;
      finishes_at: string | null;
      stopped_at: string | null;
      issue_id: number | null;
    }[];
    db.close();
    const ledger = await forgeClient(forge).getLedger(org, new Date(since - 24 * HOUR));
    const charged = new Map(
      ledger.filter((entry) => entry.sn !== undefined).map((e) => [e.sn!, e.core_hours ?? 0]),
    );
    const going = (b: (typeof builds)[number]) =>
      b.stopped_at === null && (b.finishes_at === null || Date.parse(b.finishes_at) > now);
    const week = builds.filter((b) => Date.parse(b.created_at) >= since);
    const ended = week.filter((b) => !going(b));
    const sum = (list: typeof builds) => list.reduce((t, b) => t + charged.get(b.sn)!, 0);
    expect(ended.every((b) => charged.has(b.sn))).toBe(true);
    expect(shown.running).toBe(builds.filter(going).length);
    expect(shown.running).toBeGreaterThan(0);
    expect(shown.runs).toBe(week.length);
    // The run on a pull request counts for the organization, not as one on a task.
    expect(week.some((b) => b.issue_id === null)).toBe(true);
    expect(shown.core_hours).toBeCloseTo(sum(ended), 2);
    expect(shown.linked_core_hours).toBeCloseTo(sum(ended.filter((b) => b.issue_id !== null)), 2);
    expect(shown.core_hours_today).toBeCloseTo(
      sum(ended.filter((b) => Date.parse(b.created_at) >= today)),
      2,
    );
  });

  it("reads a repository's runs once for asks that come while a read is in flight", async () => {
    const [task] = await get<Issue[]>(`/api/issues?org=${org}&npc=true&state=open`);
    const repo = task.repository.full_name;
    const lists = () => forge.requestCount({ method: 'GET', route: '/:org/:repo/-/build/logs' });
    const runs = board.get(NpcRunsService);
    // One read alone: its pages.
    const before = await lists();
    await runs.read(repo);
    const pages = (await lists()) - before;
    expect(pages).toBeGreaterThan(0);
    // Three at once: the same pages, once.
    await Promise.all([runs.read(repo), runs.read(repo), runs.read(repo)]);
    expect(await lists()).toBe(before + 2 * pages);
  });

  it('shows a dispatched task running as soon as its mention starts a run', async () => {
    const open = await get<Issue[]>(`/api/issues?org=${org}&npc=true&state=open`);
    const shown = open.find((issue) => issue.runs !== null)!;
    const repo = shown.repository.full_name;
    // The repository's runs are held now; the dispatch moves its task past them.
    await runsOf(shown);
    board.clock.set(new Date(board.clock.now().getTime() + 1_000));
    const created = await post(`${board.url}/api/issues/create`, {
      repo,
      requirement: 'Count the runs',
      npc: 'npc-builder',
      work_mode: false,
    });
    expect(created.status).toBe(201);
    const { number } = (await created.json()) as Issue;
    const card = await get<Issue>(`/api/repos/${encodeURIComponent(repo)}/issues/${number}`);
    expect(card.runs).toMatchObject({ count: 1, running: { npc: 'npc-builder' } });
    const { runs } = await runsOf(card);
    expect(runs).toEqual([
      expect.objectContaining({
        status: 'running',
        issue_number: number,
        npc: 'npc-builder',
        event: 'issue.comment@npc',
        core_hours: null,
      }),
    ]);

    // The next dispatch to the same NPC there is warned of the run going, with its task.
    const checked = await post(`${board.url}/api/issues/preflight`, { repo, npc: 'npc-builder' });
    expect(checked.status).toBe(200);
    const { findings } = (await checked.json()) as PreflightResult;
    const finding = findings.find((f) => f.code === 'npc_running_here');
    expect(finding).toMatchObject({
      severity: 'warn',
      params: { npc: 'npc-builder', repo, sn: runs[0].sn },
    });
    expect(finding!.links.map((link) => link.url)).toContain(
      `/tasks?repo=${encodeURIComponent(repo)}&issue=${number}`,
    );
    // Another NPC with no run there is not.
    const other = await post(`${board.url}/api/issues/preflight`, { repo, npc: 'npc-reviewer' });
    const otherFindings = ((await other.json()) as PreflightResult).findings;
    const othersRunning = runs.filter((run) => run.npc === 'npc-reviewer');
    expect(otherFindings.some((f) => f.code === 'npc_running_here')).toBe(othersRunning.length > 0);
  });

  it('stops a runaway run once, records who stopped it, and refuses what it cannot stop', async () => {
    const running = (await get<Issue[]>('/api/issues?npc=true&state=open')).filter(
      (issue) => issue.runs?.running,
    );
    // The demo's runaway started hours before the epoch; its card says it is running.
    const runaway = running.find(
      (issue) =>
        board.clock.now().getTime() - Date.parse(issue.runs!.running!.started_at) > 2 * HOUR,
    );
    expect(runaway).toBeDefined();
    const repo = runaway!.repository.full_name;
    const sn = runaway!.runs!.running!.sn;
    const stopsBefore = await stops();

    // Without the admin token: refused, and nothing reaches the forge.
    expect((await post(`${board.url}/api/admin/runs/stop`, { repo, sn }, null)).status).toBe(401);
    for (const [body, field] of [
      [{ repo, sn: '../x' }, 'sn'],
      [{ repo: 'nope', sn }, 'repo'],
      [{ repo, sn, reason: 'x'.repeat(501) }, 'reason'],
      [{ repo, sn, extra: true }, 'extra'],
    ] as const) {
      const refused = await post(`${board.url}/api/admin/runs/stop`, body);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toContain(field);
    }
    const missing = await post(`${board.url}/api/admin/runs/stop`, { repo, sn: 'cnb-none' });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('run_not_found');
    expect(await stops()).toBe(stopsBefore);

    // The runaway raises one alert, and the demo's task with three failed runs another.
    const evaluate = async (): Promise<EvaluateResult> =>
      (await post(`${board.url}/api/admin/alerts/evaluate`, {})).json() as Promise<EvaluateResult>;
    const fired = (await evaluate()).fired;
    const runaways = fired.filter((alert) => alert.rule === 'run_runaway');
    expect(runaways.map((alert) => alert.subject.id)).toEqual([`${repo}#${runaway!.number}`]);
    expect(runaways[0].params).toMatchObject({ sn, npc: runaway!.runs!.running!.npc });
    expect(fired.filter((alert) => alert.rule === 'task_failing')).toHaveLength(1);

    // The confirmation's figures: the run as it stands, with its core-hours so far.
    const admin = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } };
    const query = `repo=${encodeURIComponent(repo)}&sn=${encodeURIComponent(sn)}`;
    expect((await fetch(`${board.url}/api/admin/runs?${query}`)).status).toBe(401);
    const preview = (await (
      await fetch(`${board.url}/api/admin/runs?${query}`, admin)
    ).json()) as NpcRun;
    expect(preview).toMatchObject({ sn, status: 'running', issue_number: runaway!.number });
    expect(preview.core_hours).toBeGreaterThan(0);

    const response = await post(`${board.url}/api/admin/runs/stop`, {
      repo,
      sn,
      reason: 'Runaway',
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as StopRunResult;
    expect(result.outcome).toBe('stopped');
    expect(result.run.status).toBe('cancel');
    expect(result.run.core_hours).toBeGreaterThanOrEqual(preview.core_hours!);
    expect(await stops()).toBe(stopsBefore + 1);
    const onForge = await fetch(
      `${forge.baseUrl}/${repo}/-/build/status/${encodeURIComponent(sn)}`,
      { headers: { authorization: `Bearer ${forge.adminToken}` } },
    );
    expect(((await onForge.json()) as { status: string }).status).toBe('cancel');

    // Recorded with the dispatches.
    const history = await (await fetch(`${board.url}/api/admin/dispatches`, admin)).json();
    const record = (history as DispatchHistoryItem[]).find((item) => item.kind === 'stop');
    expect(record).toMatchObject({
      actor: 'token',
      repo,
      number: runaway!.number,
      reason: 'Runaway',
      run: { sn, core_hours: result.run.core_hours },
    });

    // The card no longer shows it running, without waiting for the cache life.
    const card = await get<Issue>(
      `/api/repos/${encodeURIComponent(repo)}/issues/${runaway!.number}`,
    );
    expect(card.runs?.running?.sn).not.toBe(sn);
    expect(card.runs?.last_status).toBe('cancel');

    // Its alert resolves; the failing task's stays.
    const after = await evaluate();
    expect(after.resolved.map((alert) => alert.id)).toEqual([runaways[0].id]);

    // Again: harmless, and not sent.
    const again = await post(`${board.url}/api/admin/runs/stop`, { repo, sn });
    expect(again.status).toBe(200);
    expect(((await again.json()) as StopRunResult).outcome).toBe('already_stopped');
    expect(await stops()).toBe(stopsBefore + 1);

    // A finished run is refused with nothing sent.
    const finished = (await get<Issue[]>(`/api/issues?org=${org}&npc=true`)).find(
      (issue) => issue.runs?.last_status === 'success',
    )!;
    const [done] = (await runsOf(finished)).runs;
    expect(done.status).toBe('success');
    const refused = await post(`${board.url}/api/admin/runs/stop`, {
      repo: done.repo,
      sn: done.sn,
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('run_finished');
    expect(await stops()).toBe(stopsBefore + 1);
  });
});

it("settles a task's runs when the platform's clock runs ahead of the board's", async () => {
  const epoch = new Date(Math.floor(Date.now() / HOUR) * HOUR);
  const forge = await startForge({ seedEpoch: epoch, clock: new ManualClock(epoch) });
  const board = await startBoard(
    { baseUrl: forge.baseUrl, token: forge.adminToken },
    { clock: new ManualClock(new Date(epoch.getTime() - HOUR)) },
  );
  try {
    const [task] = (await (
      await board.settled('/api/issues?npc=true&state=open')
    ).json()) as Issue[];
    const path = `/api/repos/${encodeURIComponent(task.repository.full_name)}/issues/${task.number}`;
    await board.settled(path);
    // A person edits the task: by the platform's clock, after the board's last read of its
    // repository's runs, which the board's clock puts an hour earlier.
    await forgeClient(forge).updateIssue(task.repository.full_name, task.number, {
      title: `${task.title} (edited)`,
    });
    board.clock.advance(board.get(BoardConfig).cacheTtlMs);
    const moved = (await (await board.settled(path)).json()) as Issue;
    expect(moved.title).toBe(`${task.title} (edited)`);
    expect(Date.parse(moved.updated_at)).toBeGreaterThan(board.clock.now().getTime());
    expect(moved.runs).not.toBeNull();
  } finally {
    await board.stop();
    await forge.stop();
  }
});
