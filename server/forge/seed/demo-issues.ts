import {
  HOSTILE_ISSUE,
  HUMAN_COMMENTS,
  ISSUE_TOPICS,
  NPC_DONE,
  NPC_REPLIES,
  NPC_USERS,
  PROGRESS_LABELS,
} from './demo-data';
import type {
  PlannedAssignment,
  PlannedComment,
  PlannedIssue,
  PlannedPull,
  PlannedRepo,
} from './demo-plan.types';
import type { Prng } from './prng';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const NPCS = NPC_USERS.map((npc) => npc.username);
const TOPICS_LABELS = ['bug', 'enhancement', 'documentation'];

type Column = 'pending' | 'progress' | 'done';

const at = (ms: number): string => new Date(ms).toISOString();

/** A delay before an NPC answers: minutes to days, spread on a log scale, never past `room`. */
function npcDelay(rng: Prng, room: number): number {
  return Math.min(rng.logRange(5 * MINUTE_MS, 3 * DAY_MS), room * 0.8);
}

/**
 * Issues of one repository spread over the board's three columns
 * (docs/rules.md#board-columns): done = closed; in progress = open, NPC-assigned,
 * with a progress label or a comment; pending = any other open issue (unassigned, a
 * person's, or an NPC's not yet picked up).
 */
export function planIssues(
  repo: PlannedRepo,
  humans: readonly string[],
  epoch: Date,
  rng: Prng,
): PlannedIssue[] {
  const end = epoch.getTime();
  const count = rng.int(4, 14);
  const issues: PlannedIssue[] = [];
  for (let i = 0; i < count; i++) {
    const column: Column = rng.pick([
      'pending',
      'pending',
      'pending',
      'progress',
      'progress',
      'progress',
      'done',
      'done',
      'done',
      'done',
    ]);
    const created = end - rng.range(2 * 3_600_000, 40 * DAY_MS);
    const npc = rng.pick(NPCS);
    const author = rng.chance(0.15) ? 'npc-tester' : rng.pick(humans);
    const labels = rng.sample(TOPICS_LABELS, rng.int(0, 2));
    const comments: PlannedComment[] = [];
    let assignees: string[] = [];
    let state: PlannedIssue['state'] = 'open';
    let stateReason: PlannedIssue['stateReason'] = 'open';
    let closedAt: string | null = null;

    if (column === 'pending') {
      const who = rng.next();
      // An NPC assigned but not yet answering stays pending: no comment, no progress label.
      if (who < 0.35) assignees = [npc];
      else if (who < 0.55) assignees = [rng.pick(humans)];
      if (assignees.length === 0 && rng.chance(0.3)) {
        comments.push({
          author: rng.pick(humans),
          body: rng.pick(HUMAN_COMMENTS),
          createdAt: at(created + rng.range(0.1, 0.9) * (end - created)),
        });
      }
    } else {
      assignees = rng.chance(0.2) ? [npc, rng.pick(humans)] : [npc];
      if (rng.chance(0.5)) labels.push('npc-task');
      const first = created + npcDelay(rng, end - created);
      const withComment = column === 'done' || rng.chance(0.7);
      if (column === 'progress' && (!withComment || rng.chance(0.5)))
        labels.push(rng.pick(PROGRESS_LABELS));
      if (withComment)
        comments.push({ author: npc, body: rng.pick(NPC_REPLIES), createdAt: at(first) });
      if (withComment && rng.chance(0.35)) {
        comments.push({
          author: rng.pick(humans),
          body: rng.pick(HUMAN_COMMENTS),
          createdAt: at(first + rng.range(0.05, 0.5) * (end - first)),
        });
      }
      if (column === 'done') {
        const last = Date.parse(comments[comments.length - 1].createdAt);
        const closed = last + rng.range(0.1, 0.9) * (end - last);
        const completed = rng.chance(0.85);
        if (completed)
          comments.push({
            author: npc,
            body: rng.pick(NPC_DONE),
            createdAt: at(closed - MINUTE_MS),
          });
        state = 'closed';
        stateReason = completed ? 'completed' : 'not_planned';
        closedAt = at(closed);
      }
    }
    comments.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    issues.push({
      org: repo.org,
      repo: repo.name,
      title: `${rng.pick(ISSUE_TOPICS)} (${repo.name})`,
      body: `Seen in **${repo.name}**.\n\nSteps:\n1. Open the page\n2. Wait\n\nExpected: it works.`,
      author,
      assignees: [...new Set(assignees)],
      labels: [...new Set(labels)],
      priority: `P${rng.int(0, 3)}`,
      createdAt: at(created),
      state,
      stateReason,
      closedAt,
      comments,
      // Assigned when opened: the activities say so, at the creation time.
      assignments: assignedAtCreation(author, [...new Set(assignees)], at(created)),
      hold: null,
    });
  }
  // Time order, so issue numbers grow with creation time as on a real forge.
  return issues.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The pending issue whose body carries script, an event handler and a `javascript:` link. */
export function hostileIssue(repo: PlannedRepo, epoch: Date): PlannedIssue {
  return {
    org: repo.org,
    repo: repo.name,
    title: HOSTILE_ISSUE.title,
    body: HOSTILE_ISSUE.body,
    author: 'alice',
    assignees: [],
    labels: ['bug'],
    priority: 'P1',
    createdAt: at(epoch.getTime() - 3 * DAY_MS),
    state: 'open',
    stateReason: 'open',
    closedAt: null,
    comments: [],
    assignments: [],
    hold: null,
  };
}

/** The one `assigned` change of an issue opened with its assignees, or none. */
export function assignedAtCreation(
  author: string,
  assignees: readonly string[],
  createdAt: string,
): PlannedAssignment[] {
  return assignees.length === 0
    ? []
    : [{ action: 'assigned', assignees: [...assignees], actor: author, at: createdAt }];
}

/**
 * People's pull requests in some repositories. The draws are those of the demo's first
 * pull requests, NPC ones included, so the rest of the plan (drawn after) stays as it was;
 * NPC pull requests come from `planNpcPulls` instead, each tied to a task of its NPC.
 */
export function planPulls(
  repo: PlannedRepo,
  humans: readonly string[],
  epoch: Date,
  rng: Prng,
): PlannedPull[] {
  const end = epoch.getTime();
  const pulls: PlannedPull[] = [];
  const count = rng.chance(0.6) ? rng.int(1, 3) : 0;
  for (let i = 0; i < count; i++) {
    const created = end - rng.range(3_600_000, 20 * DAY_MS);
    const state = rng.pick(['open', 'open', 'merged', 'closed'] as const);
    const author = rng.chance(0.7) ? rng.pick(NPCS) : rng.pick(humans);
    const title = rng.pick(ISSUE_TOPICS);
    const updatedAt = at(
      state === 'open' ? created : created + rng.range(0.1, 0.9) * (end - created),
    );
    if (author.startsWith('npc-')) continue;
    pulls.push({
      org: repo.org,
      repo: repo.name,
      title,
      body: 'Implements the change discussed in the issue.',
      author,
      base: 'main',
      head: `feature/change-${i + 1}`,
      state,
      createdAt: at(created),
      updatedAt,
      reviews: [],
      commits: null,
    });
  }
  return pulls.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
