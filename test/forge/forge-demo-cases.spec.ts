import type { PlatformClient } from '../../server/board/platform/platform-client';
import { buildDemoPlan } from '../../server/forge/seed/demo-plan';
import type { DemoPlan, PlannedIssue } from '../../server/forge/seed/demo-plan.types';
import { NpcSimulatorService } from '../../server/forge/simulator/npc-simulator.service';
import { forgeClient, startForge, type HarnessForge } from '../forge-harness';
import { call } from './http';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const EPOCH = new Date('2025-06-01T12:00:00.000Z');
const NPCS = ['npc-builder', 'npc-reviewer', 'npc-tester'];
const PROGRESS = ['in progress', 'doing', 'wip'];

interface Activity {
  type: string;
  created_at: string;
  payload: { action?: string; assignees?: string[]; state_reason?: string };
}

/** The demo's stuck and overdue cases, NPC-only repositories and not-planned closes, read over HTTP. */
describe('forge: demo cases for the NPC signals', () => {
  const plan: DemoPlan = buildDemoPlan(EPOCH);
  const end = EPOCH.getTime();
  let forge: HarnessForge;
  let admin: PlatformClient;

  /** The number the seed gives a planned issue: its place among its repository's issues. */
  const numberOf = (issue: PlannedIssue): number =>
    plan.issues
      .filter((other) => other.org === issue.org && other.repo === issue.repo)
      .indexOf(issue) + 1;
  const repoOf = (issue: PlannedIssue): string => `${issue.org}/${issue.repo}`;
  const held = (kind: 'stuck' | 'overdue'): PlannedIssue[] =>
    plan.issues.filter((issue) => issue.hold === kind);

  const activities = async (issue: PlannedIssue): Promise<Activity[]> => {
    const response = await call(
      forge,
      'GET',
      `/${repoOf(issue)}/-/issues/${numberOf(issue)}/activities?page_size=100`,
    );
    expect(response.status).toBe(200);
    return response.body as Activity[];
  };
  /** When the NPC was last assigned, from the issue's activities. */
  const assignedAt = (list: Activity[], npc: string): number => {
    const assigned = list.filter(
      (a) => a.payload.action === 'assigned' && (a.payload.assignees ?? []).includes(npc),
    );
    expect(assigned.length).toBeGreaterThan(0);
    return Date.parse(assigned[assigned.length - 1].created_at);
  };

  beforeEach(async () => {
    forge = await startForge({ seedEpoch: EPOCH });
    admin = forgeClient(forge);
  });
  afterEach(() => forge.stop());

  it('shows overdue pickups: an assigned activity 1 to 8 hours old and no NPC comment', async () => {
    const overdue = held('overdue');
    expect(overdue.length).toBeGreaterThanOrEqual(6);
    for (const planned of overdue) {
      const issue = await admin.getIssue(repoOf(planned), numberOf(planned));
      expect(issue.title).toBe(planned.title);
      expect(issue.state).toBe('open');
      const npc = issue.assignees.find((user) => user.is_npc)?.username ?? '';
      expect(NPCS).toContain(npc);
      const waiting = end - assignedAt(await activities(planned), npc);
      expect(waiting).toBeGreaterThan(HOUR);
      expect(waiting).toBeLessThan(8 * HOUR);
      const comments = await admin.listComments(repoOf(planned), numberOf(planned));
      expect(comments.filter((comment) => comment.author.is_npc)).toEqual([]);
    }
  });

  it('shows stuck tasks: in progress, the NPC assignee silent for over a day since its last comment', async () => {
    const stuck = held('stuck');
    expect(stuck.length).toBeGreaterThanOrEqual(6);
    for (const planned of stuck) {
      const repo = repoOf(planned);
      const issue = await admin.getIssue(repo, numberOf(planned));
      expect(issue.state).toBe('open');
      expect(issue.labels.some((label) => PROGRESS.includes(label.name))).toBe(true);
      const npc = issue.assignees.find((user) => user.is_npc)?.username ?? '';
      const since = assignedAt(await activities(planned), npc);
      const mine = (await admin.listComments(repo, numberOf(planned)))
        .filter((comment) => comment.author.username === npc)
        .map((comment) => Date.parse(comment.created_at));
      expect(mine.length).toBeGreaterThan(0);
      const last = Math.max(...mine);
      expect(last).toBeGreaterThan(since);
      expect(end - last).toBeGreaterThan(24 * HOUR);
      // Nor has it committed to the repository in the last day.
      const commits = await admin.listCommits(repo, { since: new Date(since).toISOString() });
      const recent = commits.filter(
        (commit) =>
          commit.author?.username === npc && Date.parse(commit.commit.author.date) > end - DAY,
      );
      expect(recent).toEqual([]);
    }
  });

  it('has repositories kept alive by NPCs only, commit authors being platform users', async () => {
    const npcOnly = plan.repos.filter((repo) => repo.humanCommitsUntil !== null);
    expect(npcOnly.length).toBeGreaterThan(0);
    for (const planned of npcOnly) {
      const repo = `${planned.org}/${planned.name}`;
      const week = await admin.listCommits(repo, {
        since: new Date(end - 7 * DAY).toISOString(),
      });
      expect(week.length).toBeGreaterThan(0);
      for (const commit of week) {
        expect(commit.author?.is_npc).toBe(true);
        expect(NPCS).toContain(commit.author?.username);
      }
      const all = await admin.listCommits(repo);
      const human = all.filter((commit) => commit.author?.is_npc === false);
      expect(human.length).toBeGreaterThan(0);
      expect(human.every((commit) => commit.author?.username !== '')).toBe(true);
      const lastHuman = Math.max(...human.map((commit) => Date.parse(commit.commit.author.date)));
      expect(end - lastHuman).toBeGreaterThan(30 * DAY);
    }
  });

  it('has open NPC work in a repository with no human commit for 30 days', async () => {
    const candidates = [...held('stuck'), ...held('overdue')];
    let dormant = 0;
    for (const repo of new Set(candidates.map(repoOf))) {
      const commits = await admin.listCommits(repo, {
        since: new Date(end - 30 * DAY).toISOString(),
      });
      if (commits.every((commit) => commit.author?.is_npc === true)) dormant += 1;
    }
    expect(dormant).toBeGreaterThanOrEqual(1);
  });

  it('records closes as not planned with their reason', async () => {
    const dropped = plan.issues.filter(
      (issue) => issue.stateReason === 'not_planned' && issue.assignments.length > 0,
    );
    expect(dropped.length).toBeGreaterThanOrEqual(3);
    for (const planned of dropped.slice(0, 4)) {
      const issue = await admin.getIssue(repoOf(planned), numberOf(planned));
      expect([issue.state, issue.state_reason]).toEqual(['closed', 'not_planned']);
      const closes = (await activities(planned)).filter((a) => a.payload.action === 'closed');
      expect(closes.map((a) => [a.payload.state_reason, a.created_at])).toEqual([
        ['not_planned', planned.closedAt],
      ]);
    }
  });

  it('lets the simulator move the demo without touching the held cases', async () => {
    const simulator = forge.app.get(NpcSimulatorService);
    const heldIssues = [...held('stuck'), ...held('overdue')];
    const before = await Promise.all(
      heldIssues.map((planned) => admin.getIssue(repoOf(planned), numberOf(planned))),
    );
    let picked = 0;
    let closed = 0;
    for (let round = 0; round < 20; round++) {
      const result = simulator.round(3 * 60_000);
      picked += result.pickedUp;
      closed += result.closed;
    }
    let pushed = 0;
    for (let round = 0; round < 3; round++) pushed += await simulator.pushCommits();
    expect(picked).toBeGreaterThan(10);
    expect(closed).toBeGreaterThan(0);
    expect(pushed).toBeGreaterThan(0);
    const after = await Promise.all(
      heldIssues.map((planned) => admin.getIssue(repoOf(planned), numberOf(planned))),
    );
    expect(after.map((issue) => [issue.state, issue.comment_count, issue.updated_at])).toEqual(
      before.map((issue) => [issue.state, issue.comment_count, issue.updated_at]),
    );
    // No commit lands where a held stuck task waits.
    for (const repo of new Set(held('stuck').map(repoOf))) {
      expect(await admin.listCommits(repo, { since: EPOCH.toISOString() })).toEqual([]);
    }
  });
});
