import type { AdminOverview } from '@shared/board/admin';
import type { NpcDetail, NpcScorecards } from '@shared/board/outcomes';
import { ManualClock } from '../server/common/clock';
import { startBoard, RunningBoard } from './board-harness';
import { forgeClient, HarnessForge, startForge } from './forge-harness';
import { call } from './forge/http';
import { GitClient, remoteUrl } from './forge/git-client';

const ADMIN_TOKEN = 'outcomes-admin-token-0123456789abcdef';
const HOUR = 3_600_000;
const REPO = 'fixture/app';

/**
 * NPC outcomes end to end (docs/rules.md#npc-outcomes) on a forge built here, each
 * figure worked out by hand from what the test made: pull requests merged with and without
 * a person's commit, after one and two review rounds, one closed unmerged, one open, an
 * NPC with no merged pull request, and a person's pull request that counts for no NPC.
 */
describe('NPC outcomes on a hand-built forge', () => {
  const epoch = new Date('2026-11-20T00:00:00Z');
  const forgeClock = new ManualClock(epoch);
  let forge: HarnessForge;
  let board: RunningBoard;
  let git: GitClient;
  const tasks: number[] = [];
  /** The board's first answer, asked before any test runs (they run in any order). */
  let firstAnswer: { status: number; pending: string | null; body: NpcScorecards };

  const at = (hours: number) => forgeClock.set(new Date(epoch.getTime() + hours * HOUR));

  async function forgeCall(method: string, path: string, token: string, body?: unknown) {
    const answer = await call(forge, method, path, { token, body });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
    return answer.body as Record<string, unknown>;
  }

  /** Commit `file` as `author` (a forge user: the commit is theirs by its email). */
  async function commit(work: string, file: string, author: string) {
    git.write(work, file, `${file} by ${author}\n`);
    await git.ok(['add', '-A'], work);
    const email = `${author}@users.forge.local`;
    await git.ok(['commit', '-q', '-m', `Change ${file}`], work, {
      GIT_AUTHOR_NAME: author,
      GIT_AUTHOR_EMAIL: email,
      GIT_COMMITTER_NAME: author,
      GIT_COMMITTER_EMAIL: email,
    });
  }

  beforeAll(async () => {
    forge = await startForge({ seed: 'none', clock: forgeClock });
    for (const npc of ['npc-builder', 'npc-tester']) forge.createUser(npc, { npc: true });
    forge.createUser('alice');
    const admin = forgeClient(forge);
    await admin.createGroup({ path: 'fixture', remark: 'Fixture' });
    for (const user of ['npc-builder', 'npc-tester', 'alice'])
      forge.setRole('fixture', user, 'Developer');
    await admin.createRepo('fixture', { name: 'app', visibility: 'public' });
    const token = {
      alice: forge.createToken('alice'),
      'npc-builder': forge.createToken('npc-builder'),
      'npc-tester': forge.createToken('npc-tester'),
    };

    // Tasks 1-3 for npc-builder, 4 for npc-tester; 1 and 2 are completed on day 1.
    for (const assignee of ['npc-builder', 'npc-builder', 'npc-builder', 'npc-tester'])
      tasks.push(
        Number((await admin.createIssue(REPO, { title: `Task`, assignees: [assignee] })).number),
      );

    git = new GitClient();
    const work = git.dir('app');
    const remote = remoteUrl(forge, REPO, token.alice);
    await git.ok(['init', '-q', '-b', 'main', work]);
    await commit(work, 'README.md', 'alice');
    await git.ok(['push', '-q', remote, 'main'], work);
    const branch = async (name: string, commits: [file: string, author: string][]) => {
      await git.ok(['checkout', '-q', '-b', name, 'main'], work);
      for (const [file, author] of commits) await commit(work, file, author);
      await git.ok(['push', '-q', remote, name], work);
    };
    await branch(`npc/issue-${tasks[0]}`, [['one.md', 'npc-builder']]);
    await branch('feature-two', [
      ['two.md', 'npc-builder'],
      ['two-fix.md', 'alice'],
    ]);
    await branch('npc/try', [['three.md', 'npc-builder']]);
    await branch('npc/open', [['four.md', 'npc-builder']]);
    await branch('npc/tester', [['five.md', 'npc-tester']]);
    await branch('alice/docs', [['six.md', 'alice']]);

    const open = async (who: keyof typeof token, head: string, body: string, hours: number) => {
      at(hours);
      const pull = await forgeCall('POST', `/${REPO}/-/pulls`, token[who], {
        base: 'main',
        head,
        title: `Pull ${head}`,
        body,
      });
      return String(pull['number']);
    };
    const review = async (number: string, event: string, hours: number) => {
      at(hours);
      await forgeCall('POST', `/${REPO}/-/pulls/${number}/reviews`, token.alice, {
        event,
        body: 'Reviewed.',
      });
    };
    const merge = async (number: string, hours: number) => {
      at(hours);
      await forgeCall('PUT', `/${REPO}/-/pulls/${number}/merge`, token.alice, {
        merge_style: 'merge',
        commit_title: `Merge #${number}`,
      });
    };
    const close = async (who: keyof typeof token, number: string, hours: number) => {
      at(hours);
      await forgeCall('PATCH', `/${REPO}/-/pulls/${number}`, token[who], { state: 'closed' });
    };

    // npc-builder: #1 merged after 2 h, one approving review, linked by its branch.
    const first = await open('npc-builder', `npc/issue-${tasks[0]}`, 'The change.', 1);
    await review(first, 'approve', 2);
    await merge(first, 3);
    // #2 merged after 10 h and a request for changes, finished by alice's commit; linked by "Fixes".
    const second = await open('npc-builder', 'feature-two', `Fixes #${tasks[1]}`, 4);
    await review(second, 'request_changes', 6);
    await review(second, 'approve', 12);
    await merge(second, 14);
    // #3 closed unmerged; #4 still open.
    await close('npc-builder', await open('npc-builder', 'npc/try', 'An attempt.', 15), 16);
    await open('npc-builder', 'npc/open', 'Work in progress.', 17);
    // npc-tester: one pull request, closed unmerged; alice's own counts for no NPC.
    await close(
      'npc-tester',
      await open('npc-tester', 'npc/tester', `Closes #${tasks[3]}`, 18),
      19,
    );
    await open('alice', 'alice/docs', 'Docs.', 20);

    at(22);
    for (const number of [tasks[0], tasks[1]])
      await admin.updateIssue(REPO, number, { state: 'closed', state_reason: 'completed' });

    board = await startBoard(
      { baseUrl: forge.baseUrl, token: forge.adminToken },
      { now: '2026-11-23T00:00:00Z', env: { ADMIN_TOKEN, BOARD_ORGS: 'fixture' } },
    );
    const answer = await fetch(`${board.url}/api/npcs?days=7`);
    firstAnswer = {
      status: answer.status,
      pending: answer.headers.get('x-board-pending'),
      body: (await answer.json()) as NpcScorecards,
    };
  }, 120_000);

  afterAll(async () => {
    await board?.stop();
    await forge?.stop();
    git?.cleanup();
  });

  it('answers at once with the pull requests pending, then every measure as worked out by hand', async () => {
    expect(firstAnswer.status).toBe(200);
    expect(firstAnswer.pending).toContain('outcomes');
    expect(firstAnswer.body.npcs.map((npc) => npc.measures.pulls)).toEqual(
      firstAnswer.body.npcs.map(() => null),
    );

    const scorecards = (await (await board.settled('/api/npcs?days=7')).json()) as NpcScorecards;
    // Configured NPCs first (the board's default handles), each by name.
    expect(scorecards.npcs.map((npc) => [npc.npc, npc.configured])).toEqual([
      ['npc-builder', true],
      ['npc-reviewer', true],
      ['npc-tester', true],
    ]);
    const [builder, reviewer, tester] = scorecards.npcs;
    // Merged: #1 and #2; closed unmerged: #3 → 2 ÷ 3. Rounds: 1 and 2 → 1.5. Only #1 had no
    // person's commit → ½. Two merges are fewer than 5: no time-to-merge percentile, and the
    // cost per merged pull request is "too few".
    expect(builder.measures.pulls).toEqual({
      opened: 4,
      merged: 2,
      closed_unmerged: 1,
      open: 1,
      merge_rate: 2 / 3,
      time_to_merge_p50_s: null,
      time_to_merge_p95_s: null,
      review_rounds: 1.5,
      autonomy: 0.5,
    });
    expect(builder.measures).toMatchObject({
      tasks_created: 3,
      tasks_closed: 2,
      completion_rate: 2 / 3,
      tasks_completed: 2,
      wip: 1,
      reopened: 0,
      rework: 0,
      core_hours: 0,
      cost_per_merged_pull: null,
      cost_per_completed_task: null,
    });
    // An NPC with no merged pull request: a merge rate of 0, no rounds, no autonomy.
    expect(tester.measures.pulls).toEqual({
      opened: 1,
      merged: 0,
      closed_unmerged: 1,
      open: 0,
      merge_rate: 0,
      time_to_merge_p50_s: null,
      time_to_merge_p95_s: null,
      review_rounds: null,
      autonomy: null,
    });
    expect(reviewer.measures).toMatchObject({ tasks_created: 0, completion_rate: null });
    expect(reviewer.measures.pulls?.merge_rate).toBeNull();
    // The weeks end at the board's now; both merges fall in the last one.
    expect(builder.weeks.map((week) => week.pulls_merged)).toEqual([0, 0, 0, 2]);
    expect(builder.weeks.map((week) => week.tasks_completed)).toEqual([0, 0, 0, 2]);
  });

  it("lists one NPC's pull requests with their tasks, and its measures per repository", async () => {
    const response = await board.settled('/api/npcs/NPC-Builder?days=7');
    expect(response.status).toBe(200);
    const detail = (await response.json()) as NpcDetail;
    expect(detail.npc).toBe('npc-builder');
    expect(detail.by_org.map((row) => row.org)).toEqual(['fixture']);
    expect(detail.by_repo.map((row) => [row.repo, row.measures.pulls?.merged])).toEqual([
      [REPO, 2],
    ]);
    expect(detail.tasks.map((task) => task.number)).toEqual([tasks[2]]);
    // Newest change first: #4 (open), #3 (closed), #2 (merged), #1 (merged).
    expect(
      detail.pulls.map((pull) => [pull.number, pull.state, pull.task_number, pull.review_rounds]),
    ).toEqual([
      [4, 'open', null, null],
      [3, 'closed', null, null],
      [2, 'merged', tasks[1], 2],
      [1, 'merged', tasks[0], 1],
    ]);
    const merged = detail.pulls.filter((pull) => pull.state === 'merged');
    expect(merged.map((pull) => [pull.human_commit, pull.merged_at])).toEqual([
      [true, '2026-11-20T14:00:00.000Z'],
      [false, '2026-11-20T03:00:00.000Z'],
    ]);
    expect((await fetch(`${board.url}/api/npcs/alice?days=7`)).status).toBe(404);
    const bad = await fetch(`${board.url}/api/npcs/-bad?days=7`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/handle must be a slug/);
  });

  it("gives the admin overview's NPC rows the same merge rate and autonomy", async () => {
    const response = await fetch(`${board.url}/api/admin/overview?days=7`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const overview = (await response.json()) as AdminOverview;
    expect(
      overview.npcs.map((row) => [row.npc, row.merge_rate, row.merge_n, row.autonomy]),
    ).toEqual([
      ['npc-builder', 2 / 3, 3, 0.5],
      ['npc-tester', 0, 1, null],
    ]);
  });
});
