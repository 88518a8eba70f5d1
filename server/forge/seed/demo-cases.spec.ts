import { boardColumn } from '@shared/board/columns';
import { CASES_PER_NPC, NOT_PLANNED_CASES, NPC_ONLY_REPOS } from './demo-cases';
import { NPC_USERS } from './demo-data';
import { planHistories } from './demo-history';
import { buildDemoPlan } from './demo-plan';
import type { PlannedIssue } from './demo-plan.types';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const NPCS = NPC_USERS.map((npc) => npc.username) as string[];
const isNpc = (name: string): boolean => NPCS.includes(name);

/** When `npc` was last given the issue (the assignment in force), or null. */
function assignedAt(issue: PlannedIssue, npc: string): number | null {
  let since: number | null = null;
  for (const change of issue.assignments) {
    if (!change.assignees.includes(npc)) continue;
    since = change.action === 'assigned' ? Date.parse(change.at) : null;
  }
  return since;
}

const npcComments = (issue: PlannedIssue, npc?: string): number[] =>
  issue.comments
    .filter((comment) => (npc === undefined ? isNpc(comment.author) : comment.author === npc))
    .map((comment) => Date.parse(comment.createdAt));

const column = (issue: PlannedIssue): string =>
  boardColumn({
    state: issue.state,
    assignees: issue.assignees.map((name) => ({ is_npc: isNpc(name) })),
    labels: issue.labels.map((name) => ({ name })),
    comment_count: issue.comments.length,
  });

describe('demo plan: the cases every NPC signal needs', () => {
  const epoch = new Date('2025-06-01T12:00:00.000Z');
  const end = epoch.getTime();
  const plan = buildDemoPlan(epoch);
  const histories = planHistories(plan);
  const npcOf = (issue: PlannedIssue): string => issue.assignees.find(isNpc) ?? '';

  /** Commits on main of a repository: author username and time. */
  const mainCommits = (org: string, name: string): { author: string; at: number }[] => {
    const history = histories.find((h) => h.org === org && h.name === name);
    const text = history?.stream.toString('utf8') ?? '';
    return [
      ...text.matchAll(
        /^commit refs\/heads\/main\nmark :\d+\nauthor [^<]* <([^@]+)@users\.forge\.local> (\d+) /gm,
      ),
    ].map((match) => ({ author: match[1], at: Number(match[2]) * 1000 }));
  };

  it('keeps the size of the demo: ten organizations, about 54 repositories', () => {
    expect(plan.orgs).toHaveLength(10);
    expect(plan.repos.length).toBeGreaterThan(45);
    expect(plan.repos.length).toBeLessThan(65);
    expect(plan.issues.length).toBeLessThan(700);
  });

  it('holds stuck tasks for each NPC: in progress, its last comment over a day old and after its assignment', () => {
    const stuck = plan.issues.filter((issue) => issue.hold === 'stuck');
    expect(stuck).toHaveLength(CASES_PER_NPC.stuck * NPCS.length);
    expect(stuck.length).toBeGreaterThanOrEqual(6);
    for (const issue of stuck) {
      const npc = npcOf(issue);
      const since = assignedAt(issue, npc) as number;
      const last = Math.max(...npcComments(issue, npc));
      expect([issue.title, issue.state, column(issue)]).toEqual([
        issue.title,
        'open',
        'in_progress',
      ]);
      expect(since).not.toBeNull();
      expect(last).toBeGreaterThan(since);
      expect(end - last).toBeGreaterThan(24 * HOUR);
      // No commit in its repository (by anyone) in the last day either.
      const repo = plan.repos.find((r) => r.org === issue.org && r.name === issue.repo);
      expect(end - Date.parse(repo?.lastCommitAt ?? '')).toBeGreaterThan(24 * HOUR);
      expect(Math.max(...mainCommits(issue.org, issue.repo).map((c) => c.at))).toBeLessThan(
        end - 24 * HOUR,
      );
    }
    expect(new Set(stuck.map(npcOf))).toEqual(new Set(NPCS));
  });

  it('holds overdue pickups for each NPC: assigned 1 to 8 hours ago, no NPC comment', () => {
    const overdue = plan.issues.filter((issue) => issue.hold === 'overdue');
    expect(overdue).toHaveLength(CASES_PER_NPC.overdue * NPCS.length);
    expect(overdue.length).toBeGreaterThanOrEqual(6);
    for (const issue of overdue) {
      const since = assignedAt(issue, npcOf(issue)) as number;
      expect(issue.state).toBe('open');
      expect(npcComments(issue)).toEqual([]);
      expect(end - since).toBeGreaterThan(HOUR);
      expect(end - since).toBeLessThan(8 * HOUR);
    }
    expect(new Set(overdue.map(npcOf))).toEqual(new Set(NPCS));
    // One was handed over from another NPC: unassigned, then assigned, at the same time.
    const handedOver = overdue.filter((issue) =>
      issue.assignments.some((change) => change.action === 'unassigned'),
    );
    expect(handedOver).toHaveLength(1);
    expect(handedOver[0].assignments.map((change) => change.action)).toEqual([
      'assigned',
      'unassigned',
      'assigned',
    ]);
  });

  it('has repositories kept alive by NPCs only: NPC commits this week, no human commit for 30 days', () => {
    const npcOnly = plan.repos.filter((repo) => repo.humanCommitsUntil !== null);
    expect(npcOnly).toHaveLength(NPC_ONLY_REPOS);
    expect(npcOnly.length).toBeGreaterThanOrEqual(1);
    for (const repo of npcOnly) {
      const commits = mainCommits(repo.org, repo.name);
      const recent = commits.filter((commit) => commit.at > end - 7 * DAY);
      expect(recent.length).toBeGreaterThan(0);
      expect(recent.every((commit) => isNpc(commit.author))).toBe(true);
      const human = commits.filter((commit) => !isNpc(commit.author));
      expect(human.length).toBeGreaterThan(0);
      expect(end - Math.max(...human.map((commit) => commit.at))).toBeGreaterThan(30 * DAY);
    }
    // Every other repository keeps its people.
    const others = plan.repos.filter((repo) => repo.humanCommitsUntil === null);
    expect(others.every((repo) => mainCommits(repo.org, repo.name)[0].author !== '')).toBe(true);
  });

  it('has open NPC work in repositories without a human commit for 30 days', () => {
    const dormant = plan.repos.filter((repo) => {
      const human = mainCommits(repo.org, repo.name).filter((commit) => !isNpc(commit.author));
      const lastHuman = Math.max(...human.map((commit) => commit.at));
      const openNpc = plan.issues.some(
        (issue) =>
          issue.org === repo.org &&
          issue.repo === repo.name &&
          issue.state === 'open' &&
          issue.assignees.some(isNpc),
      );
      return end - lastHuman > 30 * DAY && openNpc;
    });
    expect(dormant.length).toBeGreaterThanOrEqual(2);
    const held = plan.issues.filter(
      (issue) =>
        issue.hold !== null && dormant.some((r) => r.org === issue.org && r.name === issue.repo),
    );
    expect(new Set(held.map((issue) => issue.hold))).toEqual(new Set(['stuck', 'overdue']));
  });

  it('has issues closed as not planned', () => {
    const dropped = plan.issues.filter((issue) => issue.stateReason === 'not_planned');
    expect(dropped.length).toBeGreaterThanOrEqual(Math.max(3, NOT_PLANNED_CASES));
    expect(dropped.every((issue) => issue.state === 'closed' && issue.closedAt !== null)).toBe(
      true,
    );
  });

  it.each(NPCS)('gives %s enough pickups and recent completions for percentiles', (npc) => {
    const latencies: number[] = [];
    let completedThisWeek = 0;
    for (const issue of plan.issues) {
      if (!issue.assignees.includes(npc)) continue;
      const since = assignedAt(issue, npc);
      const first = npcComments(issue).find((time) => since !== null && time >= since);
      if (since !== null && first !== undefined) latencies.push(first - since);
      if (
        issue.stateReason === 'completed' &&
        end - Date.parse(issue.closedAt ?? '') < 7 * DAY &&
        since !== null
      )
        completedThisWeek += 1;
    }
    expect(latencies.length).toBeGreaterThanOrEqual(5);
    expect(completedThisWeek).toBeGreaterThanOrEqual(5);
    expect(Math.min(...latencies)).toBeLessThan(30 * MINUTE);
    expect(Math.max(...latencies)).toBeGreaterThan(2 * HOUR);
  });

  it('records every assignment before the NPC comments, and every change before the epoch', () => {
    for (const issue of plan.issues) {
      for (const change of issue.assignments) {
        expect(change.at >= issue.createdAt).toBe(true);
        expect(Date.parse(change.at)).toBeLessThanOrEqual(end);
      }
      for (const npc of issue.assignees.filter(isNpc)) {
        const since = assignedAt(issue, npc);
        expect([issue.title, npc, since === null]).toEqual([issue.title, npc, false]);
        const first = issue.assignments.find((change) => change.assignees.includes(npc));
        for (const time of npcComments(issue, npc))
          expect(time).toBeGreaterThanOrEqual(Date.parse(first?.at ?? ''));
      }
      expect(Date.parse(issue.closedAt ?? issue.createdAt)).toBeLessThanOrEqual(end);
      for (const comment of issue.comments)
        expect(Date.parse(comment.createdAt)).toBeLessThanOrEqual(end);
    }
  });
});
