import type {
  CreditSnapshot,
  Issue,
  OrgCredits,
  Organization,
  Repository,
} from '@shared/board/entities';
import { ManualClock } from '../server/common/clock';
import { BoardStore } from '../server/board/store/board-store';
import { MAX_SEARCH_RESULTS } from '../server/board/issues/issues.service';
import { IssuesRepository } from '../server/forge/issues/issues.repository';
import { ReposRepository } from '../server/forge/repos/repos.repository';
import { ForgeDatabase } from '../server/forge/storage/forge-database';
import { UsersRepository } from '../server/forge/users/users.repository';
import { startBoard, RunningBoard } from './board-harness';
import { forgeClient, HarnessForge, startForge } from './forge-harness';
import { GitClient, remoteUrl } from './forge/git-client';

const ADMIN_TOKEN = 'signals-admin-token-0123456789';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * NPC work signals end to end: a forge with a fixture organization, a board on an injected
 * clock, and both clocks moved together so that "now" is the same on either side.
 */
describe('NPC work signals against a real forge', () => {
  const t0 = new Date('2026-11-20T10:00:00Z');
  let forgeClock: ManualClock;
  let forge: HarnessForge;
  let board: RunningBoard;
  let client: ReturnType<typeof forgeClient>;
  const npc = (name: string) => forgeClient(forge, forge.createToken(name));

  /** Put both clocks at `t0 + ms`. */
  function at(ms: number): void {
    forgeClock.set(new Date(t0.getTime() + ms));
    board.clock.set(new Date(t0.getTime() + ms));
  }

  async function get<T>(path: string): Promise<T> {
    const response = await board.settled(path);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  }

  async function conversationReads(): Promise<number> {
    let total = 0;
    for (const [key, count] of await forge.metrics()) {
      if (/^GET \S+\/(comments|activities) /.test(key)) total += count;
    }
    return total;
  }

  beforeEach(async () => {
    forgeClock = new ManualClock(t0);
    forge = await startForge({ seed: 'none', clock: forgeClock });
    board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      {
        now: t0,
        env: {
          BOARD_ORGS: 'fixture',
          PICKUP_SLO_MINUTES: '60',
          STUCK_AFTER_HOURS: '2',
          ADMIN_TOKEN,
        },
      },
    );
    for (const [name, isNpc] of [
      ['npc-builder', true],
      ['npc-tester', true],
      ['alice', false],
    ] as const) {
      forge.createUser(name, { npc: isNpc });
    }
    client = forgeClient(forge);
    await client.createGroup({ path: 'fixture', remark: 'Fixture' });
    for (const user of ['npc-builder', 'npc-tester', 'alice'])
      forge.setRole('fixture', user, 'Developer');
    await client.createRepo('fixture', { name: 'app', visibility: 'public' });
    await client.createRepo('fixture', { name: 'docs', visibility: 'public' });
  });

  afterEach(async () => {
    await board.stop();
    await forge.stop();
  });

  it('marks overdue pickups and stuck work on the injected clock, and filters on them', async () => {
    const waiting = Number(
      (await client.createIssue('fixture/app', { title: 'Waits', assignees: ['npc-builder'] }))
        .number,
    );
    const working = Number(
      (
        await client.createIssue('fixture/app', {
          title: 'Works',
          assignees: ['npc-tester'],
          labels: ['in progress'],
        })
      ).number,
    );
    at(5 * MINUTE);
    await npc('npc-tester').createComment('fixture/app', working, 'Started.');

    const attentionOf = async (number: number) =>
      (await get<Issue>(`/api/repos/fixture/app/issues/${number}`)).attention;

    at(59 * MINUTE);
    expect(await attentionOf(waiting)).toBeNull();
    // Six minutes on (past the cache TTL): 65 minutes without pickup, SLO 60.
    at(65 * MINUTE);
    expect(await attentionOf(waiting)).toEqual({
      reason: 'overdue',
      since: t0.toISOString(),
      slo_minutes: 60,
      detail: 'waiting for pickup 1 h 5 min, SLO 1 h',
    });

    // The NPC's first comment clears it, and the pickup latency is measured from assignment.
    at(66 * MINUTE);
    await npc('npc-builder').createComment('fixture/app', waiting, 'Picked up.');
    at(72 * MINUTE);
    const picked = await get<Issue>(`/api/repos/fixture/app/issues/${waiting}`);
    expect(picked.attention).toBeNull();
    expect(picked.signals.pickup_latency_s).toBe(66 * 60);

    // The working issue's NPC last spoke at 10:05: not stuck at 12:04 (1 h 59 min), stuck at 13:12.
    at(2 * HOUR + 4 * MINUTE);
    expect(await attentionOf(working)).toBeNull();
    const late = Number(
      (await client.createIssue('fixture/app', { title: 'Late', assignees: ['npc-builder'] }))
        .number,
    );
    at(3 * HOUR + 12 * MINUTE);
    expect(await attentionOf(working)).toEqual({
      reason: 'stuck',
      since: new Date(t0.getTime() + 5 * MINUTE).toISOString(),
      slo_minutes: null,
      detail: 'no NPC activity for 3 h 7 min',
    });

    // The filters agree with the items' own attention.
    const all = await get<Issue[]>('/api/issues?org=fixture');
    const reasons = new Map(all.map((i) => [i.number, i.attention?.reason ?? null]));
    expect(reasons).toEqual(
      new Map([
        [late, 'overdue'],
        [working, 'stuck'],
        [waiting, 'stuck'],
      ]),
    );
    for (const filter of ['stuck', 'overdue', 'any'] as const) {
      const filtered = await get<Issue[]>(`/api/issues?org=fixture&attention=${filter}`);
      expect(filtered.map((i) => i.number).sort()).toEqual(
        all
          .filter((i) => i.attention && (filter === 'any' || i.attention.reason === filter))
          .map((i) => i.number)
          .sort(),
      );
    }
    const [org] = await get<Organization[]>('/api/orgs');
    expect({ stuck: org.stuck_count, overdue: org.overdue_count }).toEqual({
      stuck: 2,
      overdue: 1,
    });
    expect((await fetch(`${board.url}/api/issues?attention=soon`)).status).toBe(400);
  });

  it('finds an overdue issue behind more newer issues than a search across organizations keeps', async () => {
    const waiting = Number(
      (await client.createIssue('fixture/app', { title: 'Waits', assignees: ['npc-builder'] }))
        .number,
    );
    // A second organization with as many newer issues as a search keeps, none of which
    // can need attention (no NPC on them), written straight into the forge's store:
    // thousands of HTTP creations would only slow the test down.
    await client.createGroup({ path: 'bulk', remark: 'Bulk' });
    await client.createRepo('bulk', { name: 'heap', visibility: 'public' });
    const repos = forge.app.get(ReposRepository);
    const repo = repos.byId(repos.idOf('bulk', 'heap')!)!;
    const alice = forge.app.get(UsersRepository).byUsername('alice')!;
    const issues = forge.app.get(IssuesRepository);
    forge.app.get(ForgeDatabase).transaction(() => {
      for (let i = 0; i < MAX_SEARCH_RESULTS; i++) {
        issues.insert({
          repoId: repo.id,
          namespaceId: repo.namespace_id,
          title: `Newer ${i}`,
          body: '',
          authorId: alice.id,
          priority: '',
          workMode: false,
          createdAt: new Date(t0.getTime() + MINUTE + i).toISOString(),
        });
      }
    });
    await board.stop();
    board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      { now: t0, env: { BOARD_ORGS: 'fixture,bulk', PICKUP_SLO_MINUTES: '60', ADMIN_TOKEN } },
    );
    at(2 * HOUR);
    const overdue = await get<Issue[]>('/api/issues?attention=overdue');
    expect(overdue.map((i) => `${i.repository.full_name}#${i.number}`)).toEqual([
      `fixture/app#${waiting}`,
    ]);
  });

  it('takes a partial settings change, refuses bad ones, and re-judges attention at once', async () => {
    const put = (body: unknown) =>
      fetch(`${board.url}/api/admin/settings`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const number = Number(
      (await client.createIssue('fixture/app', { title: 'Waits', assignees: ['npc-builder'] }))
        .number,
    );
    at(40 * MINUTE);
    expect((await get<Issue>(`/api/repos/fixture/app/issues/${number}`)).attention).toBeNull();

    for (const [body, message] of [
      [{ pickup_slo_minutes: 0 }, /pickup_slo_minutes must be positive/],
      [{ stuck_after_hours: 721 }, /stuck_after_hours must be at most 720/],
      [{ pickup_slo_minutes: '30' }, /pickup_slo_minutes must be a number/],
      [{ pickup_sla: 30 }, /pickup_sla/],
    ] as const) {
      const refused = await put(body);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toMatch(message);
    }
    const saved = await put({ pickup_slo_minutes: 30 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      credit_alert_threshold: 50,
      pickup_slo_minutes: 30,
      stuck_after_hours: 2,
    });
    // The cached answer that said "fine" is dropped: 40 minutes now exceed the SLO.
    expect((await get<Issue>(`/api/repos/fixture/app/issues/${number}`)).attention).toMatchObject({
      reason: 'overdue',
      slo_minutes: 30,
      detail: 'waiting for pickup 40 min, SLO 30 min',
    });
  });

  it('reads a conversation again only when its issue moved', async () => {
    const issues: number[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      issues.push(
        Number(
          (await client.createIssue('fixture/app', { title, assignees: ['npc-builder'] })).number,
        ),
      );
    }
    // A comment a minute later moves each issue's updated_at.
    at(MINUTE);
    for (const number of issues) {
      await client.createComment('fixture/app', number, 'Please look at this.');
    }
    // Untouched since opened and never commented: nothing to read.
    await client.createIssue('fixture/app', { title: 'Quiet', assignees: ['npc-builder'] });
    await get<Issue[]>('/api/issues?org=fixture');
    const cold = await conversationReads();
    // Comments and activities once per commented NPC issue, none for the quiet one.
    expect(cold).toBe(2 * issues.length);

    // A steady TTL cycle: the lists are read again, no conversation is.
    at(7 * MINUTE);
    await get<Issue[]>('/api/issues?org=fixture');
    await get<Organization[]>('/api/orgs');
    expect(await conversationReads()).toBe(cold);

    // One issue moves: only its conversation is read again.
    await npc('npc-builder').createComment('fixture/app', issues[1], 'On it.');
    at(13 * MINUTE);
    const after = await get<Issue[]>('/api/issues?org=fixture');
    expect(await conversationReads()).toBe(cold + 2);
    expect(after.find((i) => i.number === issues[1])?.signals.first_npc_at).not.toBeNull();
  });

  it('prices tasks and runway from snapshots and completed NPC issues', async () => {
    // Three NPC tasks completed within the 7-day window, one closed as not planned, one
    // completed nine days before "now".
    const close = async (title: string, reason: 'completed' | 'not_planned') => {
      const number = Number(
        (await client.createIssue('fixture/app', { title, assignees: ['npc-builder'] })).number,
      );
      await client.updateIssue('fixture/app', number, { state: 'closed', state_reason: reason });
    };
    await close('Old', 'completed');
    at(5 * DAY);
    await close('A', 'completed');
    await close('B', 'completed');
    await close('Dropped', 'not_planned');
    at(6 * DAY);
    await close('C', 'completed');
    await client.createIssue('fixture/app', { title: 'Human', body: 'not NPC work' });

    // Snapshots: 1000 at t0 + 2 d, then −40 a day for 8 days; 680 at t0 + 10 d ("now").
    const snapshots: CreditSnapshot[] = Array.from({ length: 9 }, (_, i) => ({
      org_slug: 'fixture',
      balance: 1000 - 40 * i,
      recorded_at: new Date(t0.getTime() + (2 + i) * DAY).toISOString(),
    }));
    await board.get(BoardStore).upsertSnapshots(snapshots);
    at(10 * DAY);

    const credits = await get<OrgCredits>('/api/orgs/fixture/credits?days=7');
    // Window: t0 + 3 d … t0 + 10 d holds 8 snapshots, 7 steps of 40 = 280 spent; 3 tasks.
    expect(credits).toMatchObject({
      balance: 680,
      tasks_completed: 3,
      task_window_days: 7,
      credits_per_task: 93.33,
      // 680 / 93.33 = 7.28…
      runway_tasks: 7,
    });
    // Every whole day spent 40: both ends of the band are 680 / 40 = 17 days from today.
    expect(credits.exhaustion_band).toEqual({ early: '2026-12-17', late: '2026-12-17' });
  });

  it('splits repository commits between people and NPCs by author', async () => {
    const git = new GitClient();
    const push = async (repo: string, commits: { by: string; daysAgo: number }[]) => {
      const work = git.dir(repo);
      await git.ok(['init', '-q', '-b', 'main', work]);
      for (const [i, c] of commits.entries()) {
        const when = new Date(t0.getTime() - c.daysAgo * DAY).toISOString();
        const env = {
          GIT_AUTHOR_NAME: c.by,
          GIT_AUTHOR_EMAIL: `${c.by}@users.forge.local`,
          GIT_COMMITTER_NAME: c.by,
          GIT_COMMITTER_EMAIL: `${c.by}@users.forge.local`,
          GIT_AUTHOR_DATE: when,
          GIT_COMMITTER_DATE: when,
        };
        git.write(work, `file-${i}.txt`, `${i}\n`);
        await git.ok(['add', '-A'], work, env);
        await git.ok(['commit', '-q', '-m', `Change ${i}`], work, env);
      }
      await git.ok(
        ['push', '-q', remoteUrl(forge, `fixture/${repo}`, forge.adminToken), 'main'],
        work,
      );
    };
    try {
      // app: people last committed 40 days ago, an NPC 2 days ago, and NPC work is open.
      await push('app', [
        { by: 'alice', daysAgo: 40 },
        { by: 'npc-builder', daysAgo: 6 },
        { by: 'npc-tester', daysAgo: 2 },
      ]);
      await client.createIssue('fixture/app', { title: 'More', assignees: ['npc-builder'] });
      // docs: a person 3 days ago after an NPC 10 days ago.
      await push('docs', [
        { by: 'npc-builder', daysAgo: 10 },
        { by: 'alice', daysAgo: 3 },
      ]);
    } finally {
      git.cleanup();
    }

    const repos = new Map(
      (await get<Repository[]>('/api/orgs/fixture/repos')).map((r) => [r.name, r]),
    );
    expect(repos.get('app')).toMatchObject({
      last_human_commit_at: null,
      last_npc_commit_at: new Date(t0.getTime() - 2 * DAY).toISOString(),
      npc_only: true,
      npc_work_in_dormant: true,
    });
    expect(repos.get('docs')).toMatchObject({
      last_human_commit_at: new Date(t0.getTime() - 3 * DAY).toISOString(),
      last_npc_commit_at: new Date(t0.getTime() - 10 * DAY).toISOString(),
      npc_only: false,
      npc_work_in_dormant: false,
    });
  });
});
