import { linkedTask } from '@shared/board/outcomes';
import { NPC_USERS, ORGS } from './demo-data';
import { planHistories } from './demo-history';
import { buildDemoPlan } from './demo-plan';
import { issueNumbers, npcPullFigures, type NpcPullFigures } from './demo-pulls';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const NPCS: readonly string[] = NPC_USERS.map((npc) => npc.username);
const isNpc = (name: string): boolean => NPCS.includes(name);

describe('demo pull requests', () => {
  const epoch = new Date('2025-06-01T12:00:00.000Z');
  const end = epoch.getTime();
  const plan = buildDemoPlan(epoch);
  const figures = new Map<string, NpcPullFigures>(
    npcPullFigures(plan).map((figure) => [figure.npc, figure]),
  );
  const figure = (npc: string): NpcPullFigures => figures.get(npc) as NpcPullFigures;
  const npcPulls = plan.pulls.filter((pull) => isNpc(pull.author));
  const merged = (npc: string) =>
    npcPulls.filter((pull) => pull.author === npc && pull.state === 'merged');

  it('gives each NPC at least 6 merged pull requests in 30 days, over repositories and organizations', () => {
    for (const npc of NPCS) {
      expect(figure(npc).merged).toBeGreaterThanOrEqual(6);
      expect(figure(npc).repos).toBeGreaterThanOrEqual(4);
      expect(figure(npc).orgs).toBeGreaterThanOrEqual(3);
    }
    for (const pull of npcPulls) {
      expect(Date.parse(pull.createdAt)).toBeGreaterThan(end - 30 * DAY);
      expect(Date.parse(pull.updatedAt)).toBeLessThanOrEqual(end);
    }
  });

  it('shows a fast builder, a slow reviewer with many rounds, a tester people finish', () => {
    const builder = figure('npc-builder');
    const reviewer = figure('npc-reviewer');
    const tester = figure('npc-tester');
    expect(builder.reviewRounds).toBe(1);
    expect(builder.reviewRounds).toBeLessThan(reviewer.reviewRounds);
    expect(builder.humanCommitShare).toBe(0);
    expect(tester.humanCommitShare).toBeGreaterThan(0.5);
    expect(reviewer.closedUnmerged).toBeGreaterThanOrEqual(2);
    expect(tester.closedUnmerged).toBeGreaterThanOrEqual(1);
    for (const pull of merged('npc-builder')) {
      expect(Date.parse(pull.updatedAt) - Date.parse(pull.createdAt)).toBeLessThan(6 * HOUR);
      expect(pull.reviews.map((review) => review.state)).toEqual(['approved']);
    }
    for (const pull of merged('npc-reviewer')) {
      expect(Date.parse(pull.updatedAt) - Date.parse(pull.createdAt)).toBeGreaterThan(DAY);
      const states = pull.reviews.map((review) => review.state);
      const requests = states.filter((state) => state === 'changes_requested').length;
      expect(requests).toBeGreaterThanOrEqual(2);
      expect(requests).toBeLessThanOrEqual(4);
      expect(states.at(-1)).toBe('approved');
    }
    // A person's commit comes after the NPC's.
    for (const pull of merged('npc-tester')) {
      const authors = (pull.commits ?? []).map((commit) => commit.author);
      const first = authors.findIndex((author) => !isNpc(author));
      if (first >= 0) expect(authors.slice(first).every((author) => !isNpc(author))).toBe(true);
    }
  });

  it("links every NPC pull request to its NPC's task in the same repository", () => {
    const numbers = issueNumbers(plan.issues);
    const byNumber = new Map(
      plan.issues.map((issue) => [`${issue.org}/${issue.repo}#${numbers.get(issue)}`, issue]),
    );
    const tasks = new Set<string>();
    for (const pull of npcPulls) {
      const number = linkedTask({ body: pull.body, head_ref: pull.head });
      const key = `${pull.org}/${pull.repo}#${number}`;
      const task = byNumber.get(key);
      expect([key, task?.assignees.includes(pull.author)]).toEqual([key, true]);
      expect(pull.head).toBe(`npc/issue-${number}`);
      expect(tasks.has(key)).toBe(false);
      tasks.add(key);
      if (!task) continue;
      expect(Date.parse(pull.createdAt)).toBeGreaterThan(Date.parse(task.createdAt));
      // The merge closes the task it delivers.
      if (pull.state === 'merged') {
        expect([key, task.stateReason, task.closedAt]).toEqual([key, 'completed', pull.updatedAt]);
      }
      if (pull.state === 'open') expect(task.state).toBe('open');
    }
  });

  it('holds reviews by people and commits in time order, none newer than the repository', () => {
    for (const pull of plan.pulls) {
      const org = plan.orgs.find((candidate) => candidate.path === pull.org);
      const roles = new Map(org?.members.map((member) => [member.username, member.role]));
      const repo = plan.repos.find((r) => r.org === pull.org && r.name === pull.repo);
      const times = pull.reviews.map((review) => review.createdAt);
      expect(times).toEqual([...times].sort());
      for (const review of pull.reviews) {
        expect(isNpc(review.author) || !roles.has(review.author)).toBe(false);
        expect(review.createdAt > pull.createdAt).toBe(true);
        expect(
          review.createdAt <= (pull.state === 'open' ? epoch.toISOString() : pull.updatedAt),
        ).toBe(true);
      }
      if (pull.state === 'open') expect(pull.updatedAt).toBe(pull.createdAt);
      const commits = (pull.commits ?? []).map((commit) => commit.at);
      expect(commits).toEqual([...commits].sort());
      for (const commit of pull.commits ?? []) {
        expect(commit.at <= (repo?.lastCommitAt ?? '')).toBe(true);
        expect(pull.state === 'open' || commit.at < pull.updatedAt).toBe(true);
        if (isNpc(commit.author)) continue;
        expect(['Master', 'Developer']).toContain(roles.get(commit.author));
        expect(repo?.humanCommitsUntil).toBeNull();
      }
    }
  });

  it("keeps people's pull requests, and every state in the first organization", () => {
    expect(plan.pulls.filter((pull) => !isNpc(pull.author)).length).toBeGreaterThanOrEqual(5);
    expect(new Set(plan.pulls.map((pull) => pull.state))).toEqual(
      new Set(['open', 'closed', 'merged']),
    );
    // The NPC-run tests mention an NPC on an open pull request of the first organization.
    const first = plan.pulls.filter((pull) => pull.org === ORGS[0].path);
    expect(new Set(first.map((pull) => pull.state))).toEqual(new Set(['open', 'closed', 'merged']));
    // Numbers grow with opening time in each repository; each branch is a pull's own.
    for (const repo of plan.repos) {
      const mine = plan.pulls.filter((pull) => pull.org === repo.org && pull.repo === repo.name);
      const opened = mine.map((pull) => pull.createdAt);
      expect(opened).toEqual([...opened].sort());
      expect(new Set(mine.map((pull) => pull.head)).size).toBe(mine.length);
    }
  });

  it("writes each NPC pull request's planned commits on its branch", () => {
    const histories = planHistories(plan);
    // The seed's showcase: a repository with a release whose pull request #1 has no
    // planned reviews, so the showcase's review (with a line comment) is its first.
    expect(
      histories.some(
        (h) =>
          h.releases.length > 0 &&
          plan.pulls.find((pull) => pull.org === h.org && pull.repo === h.name)?.reviews.length ===
            0,
      ),
    ).toBe(true);
    for (const pull of npcPulls) {
      const history = histories.find((h) => h.org === pull.org && h.name === pull.repo);
      const stream = history?.stream.toString('utf8') ?? '';
      const branch = stream
        .split(/^(?=commit )/m)
        .filter((chunk) => chunk.startsWith(`commit refs/heads/${pull.head}\n`));
      expect(branch.map((chunk) => /^author .* <(\S+)@/m.exec(chunk)?.[1])).toEqual(
        (pull.commits ?? []).map((commit) => commit.author),
      );
    }
  });
});
