/**
 * The refresh plan and the upstream call budget against a forge without extensions (no
 * organization-wide issue list, as on the real platform), board and forge on one injected
 * clock: changes show within one TTL while unchanged repositories are not listed again,
 * edits and comments that move no repository record show within the sweep period,
 * deletions leave at the full resynchronisation, the budget is never passed, and a
 * platform that answers 429 slows the board down without errors to viewers.
 */
import { Logger } from '@nestjs/common';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Issue, Organization } from '@shared/board/entities';
import { isSecret } from '@shared/board/mappers';
import type { PlatformIssue, PlatformRepository } from '@shared/platform/types';
import { ManualClock } from '../server/common/clock';
import { BudgetSpentError, UpstreamBudget } from '../server/board/budget/upstream-budget';
import { SWEEP_SHARE } from '../server/board/budget/sweep-plan';
import { signalOf } from '../server/board/sync/held-issues';
import { PlatformHttp } from '../server/board/platform/platform-http';
import { ForgeDatabase } from '../server/forge/storage/forge-database';
import { startBoard, type RunningBoard } from './board-harness';
import { forgeClient, startForge, type HarnessForge } from './forge-harness';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const TTL = MINUTE;
/** The forge's route of one repository's issue list. */
const REPO_ISSUES = '/:org/:repo/-/issues';

interface Running {
  clock: ManualClock;
  forge: HarnessForge;
  board: RunningBoard;
}

let running: Running | null = null;

async function start(
  env: Record<string, string> = {},
  forgeOptions: { rateLimit?: number } = {},
): Promise<Running> {
  const epoch = new Date(Math.floor(Date.now() / HOUR) * HOUR);
  const clock = new ManualClock(epoch);
  const forge = await startForge({ extensions: false, seedEpoch: epoch, clock, ...forgeOptions });
  const board = await startBoard(
    { baseUrl: forge.baseUrl, token: forge.adminToken },
    {
      clock,
      env: { CACHE_TTL_MS: String(TTL), CREDITS_SOURCE: 'manual', ...env },
      // Retries wait on nothing: the clock, not real time, paces the test. A busy machine
      // must not turn into timeouts, which would make the counts those of re-reads.
      platform: { sleep: () => Promise.resolve(), timeoutMs: 60_000 },
    },
  );
  running = { clock, forge, board };
  return running;
}

afterEach(async () => {
  await running?.board.stop();
  await running?.forge.stop();
  running = null;
}, 30_000);

async function get<T>(board: RunningBoard, path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${board.url}${path}`);
  return { status: response.status, body: (await response.json()) as T };
}

async function openIssueOf(forge: HarnessForge, org: string): Promise<PlatformIssue> {
  const client = forgeClient(forge);
  for (const repo of await client.listRepos(org)) {
    if (isSecret(repo)) continue;
    const open = await client.listIssues(repo.path, { state: 'open' });
    if (open.length > 0) return { ...open[0], repo: { path: repo.path } };
  }
  throw new Error(`no open issue in ${org}`);
}

/** Every organization's repositories as the board's token sees them, by organization. */
async function repositoriesByOrg(forge: HarnessForge): Promise<Map<string, PlatformRepository[]>> {
  const client = forgeClient(forge);
  const orgs = (await client.listUserGroups()).map((group) => group.path);
  const byOrg = new Map<string, PlatformRepository[]>();
  for (const org of orgs) byOrg.set(org, await client.listRepos(org));
  return byOrg;
}

describe('board refresh against a forge without organization-wide lists', () => {
  it('shows a changed issue within one TTL and lists no unchanged repository', async () => {
    // The sweep of unmoved repositories is tested on its own below; here it is far away.
    const { clock, forge, board } = await start({ ISSUE_SWEEP_MINUTES: '600' });
    const cold = await get<Organization[]>(board, '/api/orgs');
    expect(cold.status).toBe(200);
    const coldListings = await forge.requestCount({ route: REPO_ISSUES });
    expect(coldListings).toBeGreaterThan(20);
    // The missing organization-wide list is asked once per organization, not per read.
    const orgWide = await forge.requestCount({ route: '/:org/-/issues' });
    expect(orgWide).toBe(10);

    const org = 'aurora-labs';
    const target = await openIssueOf(forge, org);
    const repo = target.repo!.path;
    clock.advance(1_000);
    await forgeClient(forge).updateIssue(repo, target.number, {
      state: 'closed',
      state_reason: 'completed',
    });
    const before = await forge.requestCount({ route: REPO_ISSUES });

    clock.advance(TTL);
    const closed = await get<Issue[]>(board, `/api/issues?repo=${repo}&state=closed`);
    expect(closed.status).toBe(200);
    expect(closed.body.map((issue) => issue.number)).toContain(Number(target.number));
    const orgs = await get<Organization[]>(board, '/api/orgs');
    const card = (body: Organization[]) => body.find((o) => o.slug === org)!;
    expect(card(orgs.body).open_issue_count).toBe(card(cold.body).open_issue_count - 1);

    // One listing (the changed repository's issues updated since the last refresh, one
    // page); every other repository of the ten organizations kept its held issues.
    expect((await forge.requestCount({ route: REPO_ISSUES })) - before).toBe(1);
    expect(await forge.requestCount({ route: '/:org/-/issues' })).toBe(orgWide);

    // A TTL with nothing changed lists nothing at all.
    clock.advance(TTL);
    const again = await forge.requestCount({ route: REPO_ISSUES });
    expect((await get<Organization[]>(board, '/api/orgs')).status).toBe(200);
    expect(await forge.requestCount({ route: REPO_ISSUES })).toBe(again);

    // The default budget fills these caches many times over: no warning. The estimate of
    // one full load counts at least every listing the cold load made.
    const metrics = await (await fetch(`${board.url}/metrics`)).text();
    expect(metrics).toMatch(/^board_upstream_full_load_over_budget 0$/m);
    const estimate = Number(/^board_upstream_full_load_calls (\d+)/m.exec(metrics)?.[1]);
    expect(estimate).toBeGreaterThanOrEqual(coldListings);
    expect(estimate).toBeLessThan(3000);
  }, 120_000);

  it('shows edits and comments that move no repository record within the sweep period', async () => {
    const sweepMinutes = 4;
    const { clock, forge, board } = await start({ ISSUE_SWEEP_MINUTES: String(sweepMinutes) });
    const client = forgeClient(forge);
    const coldAt = clock.now().getTime();
    expect((await get<Organization[]>(board, '/api/orgs')).status).toBe(200);

    // Two open issues of one organization: one gets a new title, one a comment.
    const org = 'aurora-labs';
    const open: PlatformIssue[] = [];
    for (const repo of await client.listRepos(org)) {
      if (isSecret(repo)) continue;
      for (const issue of await client.listIssues(repo.path, { state: 'open' })) {
        open.push({ ...issue, repo: { path: repo.path } });
      }
    }
    const [edited, commented] = open;
    const recordsBefore = await repositoriesByOrg(forge);
    clock.advance(1_000);
    const title = `${edited.title} (reworded)`;
    await client.updateIssue(edited.repo!.path, edited.number, { title });
    await client.createComment(commented.repo!.path, commented.number, { body: 'Still seen.' });

    // Neither moves its repository's record (newest commit, open issue count, update time):
    // only the sweep can find them before the next full resynchronisation.
    const records = await repositoriesByOrg(forge);
    for (const [slug, repositories] of records) {
      expect(repositories.map(signalOf)).toEqual(recordsBefore.get(slug)!.map(signalOf));
    }

    // The plan: after the full read, the j-th of n repositories (in path order) counts as
    // asked j/n of a period ago; each refresh asks the repositories that would be past due
    // (a period after their last ask) before the next refresh, one listing each.
    const period = sweepMinutes * MINUTE;
    const checkedAt = new Map<string, number[]>();
    for (const [slug, repositories] of records) {
      const n = repositories.length;
      checkedAt.set(
        slug,
        repositories.map((_, j) => coldAt - Math.floor((period * j) / n)),
      );
    }
    const shows = async (): Promise<{ title: boolean; comment: boolean }> => {
      const titles = await get<Issue[]>(board, `/api/issues?repo=${edited.repo!.path}`);
      const comments = await get<Issue[]>(board, `/api/issues?repo=${commented.repo!.path}`);
      const find = (issues: Issue[], number: PlatformIssue['number']) =>
        issues.find((issue) => issue.number === Number(number))!;
      return {
        title: find(titles.body, edited.number).title === title,
        comment:
          find(comments.body, commented.number).comment_count === commented.comment_count + 1,
      };
    };
    expect(await shows()).toEqual({ title: false, comment: false });

    let listed = 0;
    for (let cycle = 1; cycle <= sweepMinutes; cycle++) {
      clock.advance(TTL);
      const now = clock.now().getTime();
      let expected = 0;
      for (const times of checkedAt.values()) {
        times.forEach((at, j) => {
          if (at < now + TTL - period) {
            expected += 1;
            times[j] = now;
          }
        });
      }
      const before = await forge.requestCount({ route: REPO_ISSUES });
      expect((await get<Organization[]>(board, '/api/orgs')).status).toBe(200);
      const calls = (await forge.requestCount({ route: REPO_ISSUES })) - before;
      expect({ cycle, calls }).toEqual({ cycle, calls: expected });
      listed += calls;
    }
    // Within one period every repository was asked once, and both changes show.
    const held = [...records.values()].reduce((sum, repositories) => sum + repositories.length, 0);
    expect(listed).toBe(held);
    expect(await shows()).toEqual({ title: true, comment: true });
    const metrics = await (await fetch(`${board.url}/metrics`)).text();
    expect(metrics).toMatch(
      new RegExp(`^board_issue_refresh_reads_total\\{reason="sweep"\\} ${held}$`, 'm'),
    );
  }, 120_000);

  /**
   * An open issue assigned to an NPC, waiting for pickup (no comment, no in-progress
   * label), and a client acting as that NPC.
   */
  async function waitingForPickup(forge: HarnessForge, board: RunningBoard) {
    const open = await get<Issue[]>(board, '/api/issues?npc=true&state=open');
    const waiting = open.body.find((issue) => issue.column === 'pending' && issue.assignees[0]);
    if (!waiting) throw new Error('no NPC issue waits for pickup');
    const npc = waiting.assignees.find((a) => a.is_npc)!;
    return { issue: waiting, npc: forgeClient(forge, forge.createToken(npc.username)) };
  }

  async function columnOf(board: RunningBoard, issue: Issue): Promise<string | undefined> {
    const path = `/api/issues?repo=${issue.repository.full_name}&state=open`;
    return (await get<Issue[]>(board, path)).body.find((i) => i.number === issue.number)?.column;
  }

  it('moves an NPC pickup to In progress within one cache life when the budget allows', async () => {
    // 10,000 calls an hour: the sweep's share asks every demo repository once per minute.
    const { clock, forge, board } = await start({ PLATFORM_MAX_CALLS_PER_HOUR: '10000' });
    expect((await get<Organization[]>(board, '/api/orgs')).status).toBe(200);
    const { issue, npc } = await waitingForPickup(forge, board);
    const records = await repositoriesByOrg(forge);

    clock.advance(1_000);
    await npc.createComment(issue.repository.full_name, String(issue.number), { body: 'On it.' });
    // The comment moves no repository record: only the sweep can find it.
    expect([...(await repositoriesByOrg(forge)).values()].flat().map(signalOf)).toEqual(
      [...records.values()].flat().map(signalOf),
    );
    expect(await columnOf(board, issue)).toBe('pending');
    clock.advance(TTL);
    expect(await columnOf(board, issue)).toBe('in_progress');
  }, 120_000);

  it('finds an NPC pickup within the period the budget sets, within the budget', async () => {
    const budget = 3000;
    const { clock, forge, board } = await start();
    expect((await get<Organization[]>(board, '/api/orgs')).status).toBe(200);
    const { issue, npc } = await waitingForPickup(forge, board);
    // The sweep's share of the default budget asks every repository once in this period,
    // several cache lives long at demo size (the secret ones count here, not on the board).
    const repositories = [...(await repositoriesByOrg(forge)).values()].flat().length;
    const period = Math.ceil((repositories / (budget * SWEEP_SHARE)) * HOUR);
    expect(period).toBeGreaterThan(2 * TTL);

    clock.advance(1_000);
    await npc.createComment(issue.repository.full_name, String(issue.number), { body: 'On it.' });
    // Viewers for the rest of the hour (which the budget counts from the cold read on).
    let shownAfter: number | null = null;
    for (let minute = 1; minute < 60; minute++) {
      clock.advance(TTL);
      expect((await get<Organization[]>(board, '/api/orgs')).status).toBe(200);
      if (shownAfter === null && (await columnOf(board, issue)) === 'in_progress') {
        shownAfter = minute * TTL;
      }
    }
    expect(shownAfter).not.toBeNull();
    expect(shownAfter!).toBeLessThanOrEqual(period + TTL);
    expect(await board.callsMade()).toBeLessThanOrEqual(budget);
    // The sweep runs within the viewer's refresh: its calls were not held back behind the
    // viewer's own request until the hold ran out.
    expect(board.get(PlatformHttp).holdsExpired).toBe(0);
  }, 120_000);

  it('sweeps nothing while only the share of the hour kept for viewers is left', async () => {
    const { clock, forge, board } = await start({ ISSUE_SWEEP_MINUTES: '2' });
    expect((await get<Organization[]>(board, '/api/orgs')).status).toBe(200);
    const lists = await forge.requestCount({ route: '/:org/-/repos' });
    // Spend the hour down to the quarter kept for pages people view.
    const budget = board.get(UpstreamBudget);
    const kept = Math.floor(3000 * 0.75);
    while ((await budget.state()).used < kept) await budget.admit();

    // Two stretched sweep periods: every repository falls due, none is asked.
    for (let minute = 0; minute < 8; minute++) {
      clock.advance(TTL);
      expect((await get<Organization[]>(board, '/api/orgs')).status).toBe(200);
    }
    const metrics = await (await fetch(`${board.url}/metrics`)).text();
    expect(metrics).not.toMatch(/^board_issue_refresh_reads_total\{reason="sweep"\} [1-9]/m);
    // The viewers' refreshes went on: the repository lists were read again.
    expect(await forge.requestCount({ route: '/:org/-/repos' })).toBeGreaterThan(lists);
  }, 120_000);

  it('drops a deleted issue at the next full resynchronisation', async () => {
    const { clock, forge, board } = await start({ FULL_RESYNC_HOURS: '1' });
    const org = 'juniper-cloud';
    const target = await openIssueOf(forge, org);
    const repo = target.repo!.path;
    const shown = async (): Promise<boolean> => {
      const answer = await get<Issue[]>(board, `/api/issues?repo=${repo}`);
      expect(answer.status).toBe(200);
      return answer.body.some((issue) => issue.number === Number(target.number));
    };
    expect(await shown()).toBe(true);

    // The platform publishes no way to delete an issue; the forge's store does it.
    const db = forge.app.get(ForgeDatabase);
    const id = db.get<{ id: number }>(
      `SELECT i.id FROM issues i JOIN repos r ON r.id = i.repo_id
       JOIN namespaces n ON n.id = r.namespace_id
       WHERE n.path = ? AND r.name = ? AND i.number = ?`,
      [org, repo.split('/')[1], Number(target.number)],
    )!.id;
    const tables = db.all<{ name: string }>(
      `SELECT m.name FROM sqlite_master m WHERE m.type = 'table'
       AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'issue_id')`,
    );
    for (const { name } of tables) db.run(`DELETE FROM ${name} WHERE issue_id = ?`, [id]);
    db.run('DELETE FROM issues WHERE id = ?', [id]);

    // Nothing in the repository record moved: the held issue stays until the resync.
    clock.advance(TTL);
    expect(await shown()).toBe(true);
    clock.advance(HOUR);
    expect(await shown()).toBe(false);
  }, 120_000);

  it('never passes the hourly budget with 50 viewers polling every minute', async () => {
    const budget = 300;
    const { clock, forge, board } = await start({ PLATFORM_MAX_CALLS_PER_HOUR: String(budget) });
    const start0 = await forge.requestCount();
    const statuses = new Map<number, number>();
    const pages = ['/api/orgs', '/api/issues?state=open', '/api/orgs/aurora-labs/repos'];
    for (let minute = 0; minute < 60; minute++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, viewer) => fetch(`${board.url}${pages[viewer % 3]}`)),
      );
      for (const answer of answers) {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        await answer.arrayBuffer();
      }
      clock.advance(MINUTE);
    }
    const made = (await forge.requestCount()) - start0;
    expect(made).toBeLessThanOrEqual(budget);
    // The hour was used, and viewers got answers from it.
    expect(made).toBeGreaterThan(budget / 2);
    expect(statuses.get(200)).toBeGreaterThan(0);
    const metrics = await (await fetch(`${board.url}/metrics`)).text();
    expect(metrics).toMatch(/^board_upstream_budget_remaining \d+/m);
    expect(metrics).toMatch(/^board_data_age_seconds\{org="aurora-labs"\} \d+/m);
  }, 300_000);

  it('says when stale answers are old because the call budget is spent, and until when', async () => {
    const { clock, board } = await start();
    const startedAt = clock.now().getTime();
    const fresh = await fetch(`${board.url}/api/orgs`);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-stale-reason')).toBeNull();

    // Spend what is left of the hour (no request leaves: the budget refuses the rest).
    const budget = board.get(UpstreamBudget);
    for (;;) {
      try {
        await budget.admit();
      } catch (error) {
        if (error instanceof BudgetSpentError) break;
        throw error;
      }
    }
    // A spent budget stretches the cache life fourfold before any answer goes stale.
    clock.advance(4 * TTL);
    // Every call was counted in the first minute: the hour admits calls again an hour later.
    const until = new Date(startedAt + HOUR).toISOString();
    for (let i = 0; i < 2; i++) {
      // The first answer is built and refused; the second comes from the held STALE entry.
      const stale = await fetch(`${board.url}/api/orgs`);
      expect(stale.status).toBe(200);
      expect(stale.headers.get('x-cache')).toBe('STALE');
      expect(stale.headers.get('x-stale-reason')).toBe('budget');
      expect(stale.headers.get('x-budget-until')).toBe(until);
      await stale.arrayBuffer();
    }

    // A read with nothing to fall back on fails (502), and is not run again until the
    // budget admits calls: the second request makes no attempt the budget could refuse.
    const refused = async (): Promise<number> => {
      const text = await (await fetch(`${board.url}/metrics`)).text();
      return Number(/^board_upstream_calls_made\{outcome="refused"\} (\d+)/m.exec(text)?.[1]);
    };
    const pulls = `/api/repos/${(await openIssueOf(running!.forge, 'aurora-labs')).repo!.path}/pulls`;
    expect((await fetch(`${board.url}${pulls}`)).status).toBe(502);
    const after = await refused();
    expect((await fetch(`${board.url}${pulls}`)).status).toBe(502);
    expect(await refused()).toBe(after);
  }, 120_000);

  it('warns once, names both numbers, and exposes it when one full load passes the budget', async () => {
    const warnings: string[] = [];
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
      warnings.push(String(message));
    });
    try {
      // The demo's first load takes more calls than this.
      const budget = 60;
      const { clock, board } = await start({ PLATFORM_MAX_CALLS_PER_HOUR: String(budget) });
      await (await fetch(`${board.url}/api/orgs`)).arrayBuffer();
      clock.advance(HOUR);
      await (await fetch(`${board.url}/api/orgs`)).arrayBuffer();

      const metrics = await (await fetch(`${board.url}/metrics`)).text();
      const estimate = Number(/^board_upstream_full_load_calls (\d+)/m.exec(metrics)?.[1]);
      expect(estimate).toBeGreaterThan(budget);
      expect(metrics).toMatch(/^board_upstream_full_load_over_budget 1$/m);
      const about = warnings.filter((w) => w.includes('PLATFORM_MAX_CALLS_PER_HOUR'));
      expect(about).toHaveLength(1);
      expect(about[0]).toMatch(
        new RegExp(
          `about \\d+ platform calls, more than PLATFORM_MAX_CALLS_PER_HOUR \\(${budget}\\)`,
        ),
      );
      const ready = (await (await fetch(`${board.url}/readyz`)).json()) as {
        checks: { budget: { ok: boolean; full_load_calls: number; max_calls_per_hour: number } };
      };
      expect(ready.checks.budget).toMatchObject({
        ok: false,
        full_load_calls: estimate,
        max_calls_per_hour: budget,
      });
    } finally {
      warn.mockRestore();
    }
  }, 120_000);

  it('slows down under a storm of 429s without errors to viewers', async () => {
    // A proxy between board and forge that, once the storm starts, answers 429 past a few
    // requests per minute of the shared clock.
    const epoch = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    const clock = new ManualClock(epoch);
    const forge = await startForge({ extensions: false, seedEpoch: epoch, clock });
    const perMinute = 10;
    let storm = false;
    const passed = new Map<number, number>();
    let refused = 0;
    const proxy = http.createServer((request, reply) => {
      const minute = Math.floor(clock.now().getTime() / MINUTE);
      const count = passed.get(minute) ?? 0;
      if (storm && count >= perMinute) {
        refused += 1;
        reply.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        reply.end(JSON.stringify({ errcode: 429, errmsg: 'rate limited', errparam: null }));
        return;
      }
      passed.set(minute, count + 1);
      const upstream = http.request(
        `${forge.baseUrl}${request.url}`,
        { method: request.method, headers: request.headers },
        (answer) => {
          reply.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(reply);
        },
      );
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    const board = await startBoard(
      { baseUrl: `http://127.0.0.1:${port}`, token: forge.adminToken },
      {
        clock,
        env: { CACHE_TTL_MS: String(TTL), CREDITS_SOURCE: 'manual' },
        // 429s are the subject, not timeouts of a loaded machine.
        platform: { sleep: () => Promise.resolve(), timeoutMs: 60_000 },
      },
    );
    running = { clock, forge, board };
    try {
      const pages = ['/api/orgs', '/api/issues?state=open', '/api/orgs/aurora-labs/repos'];
      for (const page of pages) expect((await get<unknown>(board, page)).status).toBe(200);

      storm = true;
      const errors: string[] = [];
      let stale = 0;
      for (let minute = 0; minute < 30; minute++) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, viewer) => fetch(`${board.url}${pages[viewer % 3]}`)),
        );
        for (const answer of answers) {
          if (answer.status !== 200) errors.push(`${answer.url} ${answer.status}`);
          if (answer.headers.get('x-cache') === 'STALE') stale += 1;
          await answer.arrayBuffer();
        }
        clock.advance(MINUTE);
      }
      expect(errors).toEqual([]);
      expect(refused).toBeGreaterThan(0);
      expect(stale).toBeGreaterThan(0);
      // The board lowered its rate: far fewer refusals than requests it would have made.
      const metrics = await (await fetch(`${board.url}/metrics`)).text();
      const limit = Number(/^board_upstream_budget_limit (\d+)/m.exec(metrics)?.[1]);
      expect(limit).toBeLessThan(3000);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  }, 300_000);
});
