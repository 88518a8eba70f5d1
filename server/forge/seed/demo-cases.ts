import {
  HUMAN_COMMENTS,
  ISSUE_TOPICS,
  NOT_PLANNED_NOTES,
  NPC_DONE,
  NPC_REPLIES,
  NPC_USERS,
  ORGS,
  PROGRESS_LABELS,
} from './demo-data';
import { assignedAtCreation } from './demo-issues';
import type {
  PlannedAssignment,
  PlannedComment,
  PlannedIssue,
  PlannedOrg,
  PlannedRepo,
} from './demo-plan.types';
import { Prng } from './prng';

/** Seed of the case generator, apart from the plan's so the rest of the demo stays as it was. */
const CASES_SEED = 0xca5e0001;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const NPCS: readonly string[] = NPC_USERS.map((npc) => npc.username);

/** Issues of each kind every NPC gets, so each case shows and each NPC has figures. */
export const CASES_PER_NPC = { stuck: 2, overdue: 2, completed: 6, working: 1 } as const;
/** Issues closed as not planned, handed round the NPCs. */
export const NOT_PLANNED_CASES = 4;
/** Repositories only NPCs have committed to for over a month, though still busy. */
export const NPC_ONLY_REPOS = 2;
/** How long before the epoch the last person committed to an NPC-only repository. */
export const NPC_ONLY_HUMAN_GAP_MS = 35 * DAY_MS;

const at = (ms: number): string => new Date(ms).toISOString();
const age = (repo: PlannedRepo, end: number): number => end - Date.parse(repo.lastCommitAt);
const visible = (repo: PlannedRepo): boolean => repo.visibility !== 'secret';

/**
 * Marks the repositories kept alive by NPCs only: the first fresh repositories (newest
 * commit within a week, older than two months) of as many organizations past the first,
 * whose commits in the last 35 days become NPC commits. Returns the new repository list.
 */
export function markNpcOnlyRepos(repos: readonly PlannedRepo[], epoch: Date): PlannedRepo[] {
  const end = epoch.getTime();
  const chosen = new Set<PlannedRepo>();
  const orgs = new Set<string>();
  for (const repo of repos) {
    if (chosen.size >= NPC_ONLY_REPOS) break;
    const fresh = age(repo, end) < 6.5 * DAY_MS;
    const old = end - Date.parse(repo.createdAt) > 60 * DAY_MS;
    if (repo.org === ORGS[0].path || orgs.has(repo.org) || !visible(repo) || !fresh || !old)
      continue;
    chosen.add(repo);
    orgs.add(repo.org);
  }
  return repos.map((repo) =>
    chosen.has(repo) ? { ...repo, humanCommitsUntil: at(end - NPC_ONLY_HUMAN_GAP_MS) } : repo,
  );
}

/** Where the demo's cases go and who takes part there. */
interface CaseContext {
  repos: readonly PlannedRepo[];
  orgs: readonly PlannedOrg[];
  humansOf: (org: string) => string[];
  end: number;
  rng: Prng;
}

/**
 * The issues that make every NPC signal show on the first start, placed in time before
 * `epoch`: per NPC, stuck tasks (in progress, the NPC's last comment one to four days
 * old), overdue pickups (assigned one to eight hours ago, no NPC comment), tasks closed
 * as completed within the last six days with pickup latencies from minutes to hours,
 * and one task in progress with recent work; plus tasks closed as not planned. One
 * stuck task and one overdue pickup sit in a repository without a commit for a month.
 * Stuck and overdue tasks carry a hold, so the simulator leaves them as they are.
 */
export function planCases(
  repos: readonly PlannedRepo[],
  orgs: readonly PlannedOrg[],
  humansOf: (org: string) => string[],
  epoch: Date,
): PlannedIssue[] {
  const context: CaseContext = {
    repos: repos.filter(visible),
    orgs,
    humansOf,
    end: epoch.getTime(),
    rng: new Prng(CASES_SEED),
  };
  const place = placer(context);
  const issues: PlannedIssue[] = [];
  NPCS.forEach((npc, n) => {
    for (let k = 0; k < CASES_PER_NPC.stuck; k++)
      issues.push(stuck(context, place, npc, n === 0 && k === 0));
    for (let k = 0; k < CASES_PER_NPC.overdue; k++) {
      const previous = n === 2 && k === 0 ? NPCS[0] : null;
      issues.push(overdue(context, place, npc, n === 1 && k === 0, previous));
    }
    for (let k = 0; k < CASES_PER_NPC.completed; k++) issues.push(completed(context, place, npc));
    for (let k = 0; k < CASES_PER_NPC.working; k++) issues.push(working(context, place, npc));
  });
  for (let k = 0; k < NOT_PLANNED_CASES; k++)
    issues.push(notPlanned(context, place, NPCS[k % NPCS.length]));
  return issues;
}

type Place = (fits: (repo: PlannedRepo) => boolean) => PlannedRepo;

/** Picks a fitting repository, each time in the next organization round the list. */
function placer(context: CaseContext): Place {
  let turn = 0;
  return (fits) => {
    const count = context.orgs.length;
    for (let step = 0; step < count; step++) {
      const org = context.orgs[(turn * 3 + step) % count].path;
      const options = context.repos.filter((repo) => repo.org === org && fits(repo));
      if (options.length > 0) {
        turn += 1;
        return context.rng.pick(options);
      }
    }
    throw new Error('No demo repository fits this case');
  };
}

/** A person who may assign in the organization (Reporter or above), else the admin. */
function triager(context: CaseContext, org: string): string {
  const members = context.orgs.find((candidate) => candidate.path === org)?.members ?? [];
  return (
    members.find(
      (member) =>
        !NPCS.includes(member.username) && ['Owner', 'Master', 'Developer'].includes(member.role),
    )?.username ?? 'admin'
  );
}

/** An open issue assigned to `npc` at `assignedAt`, opened at `createdAt` by a member. */
function base(
  context: CaseContext,
  repo: PlannedRepo,
  npc: string,
  createdAt: number,
  assignedAt: number,
): PlannedIssue {
  const { rng } = context;
  const author = rng.pick(context.humansOf(repo.org));
  const assignments: PlannedAssignment[] =
    assignedAt === createdAt
      ? assignedAtCreation(author, [npc], at(createdAt))
      : [
          {
            action: 'assigned',
            assignees: [npc],
            actor: triager(context, repo.org),
            at: at(assignedAt),
          },
        ];
  return {
    org: repo.org,
    repo: repo.name,
    title: `${rng.pick(ISSUE_TOPICS)} (${repo.name})`,
    body: `Seen in **${repo.name}**.\n\nSteps:\n1. Open the page\n2. Wait\n\nExpected: it works.`,
    author,
    assignees: [npc],
    labels: rng.chance(0.6) ? ['npc-task'] : [],
    priority: `P${rng.int(0, 3)}`,
    createdAt: at(createdAt),
    state: 'open',
    stateReason: 'open',
    closedAt: null,
    comments: [],
    assignments,
    hold: null,
  };
}

/** Opened together with the assignment, or some time before it. */
function openedBefore(context: CaseContext, assignedAt: number, longest: number): number {
  return context.rng.chance(0.4) ? assignedAt : assignedAt - context.rng.range(HOUR_MS, longest);
}

function comment(author: string, body: string, time: number): PlannedComment {
  return { author, body, createdAt: at(time) };
}

/** In progress, the NPC's latest comment 26 hours to 4 days old and after its assignment. */
function stuck(context: CaseContext, place: Place, npc: string, dormant: boolean): PlannedIssue {
  const { rng, end } = context;
  const repo = place((candidate) =>
    dormant
      ? age(candidate, end) > 31 * DAY_MS
      : age(candidate, end) > 1.5 * DAY_MS && candidate.humanCommitsUntil === null,
  );
  const last = end - rng.range(26 * HOUR_MS, 4 * DAY_MS);
  const assignedAt = last - rng.range(6 * HOUR_MS, 3 * DAY_MS);
  const issue = base(context, repo, npc, openedBefore(context, assignedAt, 5 * DAY_MS), assignedAt);
  const first = assignedAt + rng.logRange(10 * MINUTE_MS, 4 * HOUR_MS);
  issue.comments.push(
    comment(npc, rng.pick(NPC_REPLIES), first),
    comment(npc, 'Still on it: the first approach failed, trying another.', last),
  );
  if (rng.chance(0.5)) {
    const human = rng.pick(context.humansOf(repo.org));
    issue.comments.push(comment(human, HUMAN_COMMENTS[0], end - rng.range(2, 20) * HOUR_MS));
  }
  issue.labels.push(rng.pick(PROGRESS_LABELS));
  issue.hold = 'stuck';
  return issue;
}

/**
 * Assigned 1.2 to 7.5 hours before the epoch and not answered by any NPC; with
 * `previous`, first given to that NPC the day before and handed over at that time.
 */
function overdue(
  context: CaseContext,
  place: Place,
  npc: string,
  dormant: boolean,
  previous: string | null,
): PlannedIssue {
  const { rng, end } = context;
  const repo = place((candidate) =>
    dormant ? age(candidate, end) > 31 * DAY_MS : candidate.humanCommitsUntil === null,
  );
  const assignedAt = end - rng.range(1.2 * HOUR_MS, 7.5 * HOUR_MS);
  const createdAt = previous
    ? assignedAt - rng.range(1.5 * DAY_MS, 3 * DAY_MS)
    : openedBefore(context, assignedAt, 4 * DAY_MS);
  const issue = base(context, repo, npc, createdAt, assignedAt);
  if (previous) {
    const actor = triager(context, repo.org);
    issue.assignments = [
      { action: 'assigned', assignees: [previous], actor, at: at(createdAt + HOUR_MS) },
      { action: 'unassigned', assignees: [previous], actor, at: at(assignedAt) },
      { action: 'assigned', assignees: [npc], actor, at: at(assignedAt) },
    ];
  }
  if (createdAt < assignedAt && rng.chance(0.5)) {
    const human = rng.pick(context.humansOf(repo.org));
    const time = createdAt + rng.range(0.2, 0.8) * (assignedAt - createdAt);
    issue.comments.push(comment(human, rng.pick(HUMAN_COMMENTS), time));
  }
  issue.hold = 'overdue';
  return issue;
}

/** Picked up minutes to hours after assignment and closed as completed 3 hours to 6 days ago. */
function completed(context: CaseContext, place: Place, npc: string): PlannedIssue {
  const { rng, end } = context;
  const repo = place(() => true);
  const closed = end - rng.range(3 * HOUR_MS, 6 * DAY_MS);
  const cycle = rng.logRange(2 * HOUR_MS, 3 * DAY_MS);
  const assignedAt = closed - cycle;
  const issue = base(context, repo, npc, openedBefore(context, assignedAt, 3 * DAY_MS), assignedAt);
  const first = assignedAt + rng.logRange(3 * MINUTE_MS, Math.min(10 * HOUR_MS, cycle / 2));
  issue.comments.push(
    comment(npc, rng.pick(NPC_REPLIES), first),
    comment(npc, rng.pick(NPC_DONE), closed - rng.range(1, 20) * MINUTE_MS),
  );
  issue.state = 'closed';
  issue.stateReason = 'completed';
  issue.closedAt = at(closed);
  return issue;
}

/** In progress with a recent NPC comment: picked up, not stuck. */
function working(context: CaseContext, place: Place, npc: string): PlannedIssue {
  const { rng, end } = context;
  const repo = place(() => true);
  const assignedAt = end - rng.range(10 * HOUR_MS, 2 * DAY_MS);
  const issue = base(context, repo, npc, openedBefore(context, assignedAt, 2 * DAY_MS), assignedAt);
  const first = assignedAt + rng.logRange(5 * MINUTE_MS, 3 * HOUR_MS);
  const last = end - rng.range(1 * HOUR_MS, 6 * HOUR_MS);
  issue.comments.push(
    comment(npc, rng.pick(NPC_REPLIES), first),
    comment(npc, 'Tests pass locally, opening a change next.', last),
  );
  issue.labels.push(rng.pick(PROGRESS_LABELS));
  return issue;
}

/** Assigned to an NPC, then closed as not planned by a person 6 hours to 10 days ago. */
function notPlanned(context: CaseContext, place: Place, npc: string): PlannedIssue {
  const { rng, end } = context;
  const repo = place(() => true);
  const closed = end - rng.range(6 * HOUR_MS, 10 * DAY_MS);
  const assignedAt = closed - rng.range(2 * HOUR_MS, 4 * DAY_MS);
  const issue = base(context, repo, npc, openedBefore(context, assignedAt, 3 * DAY_MS), assignedAt);
  if (rng.chance(0.5)) {
    const first = assignedAt + rng.logRange(5 * MINUTE_MS, (closed - assignedAt) / 2);
    issue.comments.push(comment(npc, rng.pick(NPC_REPLIES), first));
  }
  const human = rng.pick(context.humansOf(repo.org));
  issue.comments.push(comment(human, rng.pick(NOT_PLANNED_NOTES), closed - MINUTE_MS));
  issue.state = 'closed';
  issue.stateReason = 'not_planned';
  issue.closedAt = at(closed);
  return issue;
}
