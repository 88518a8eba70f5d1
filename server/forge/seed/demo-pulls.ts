import { DEMO_SEED, NPC_USERS, ORGS } from './demo-data';
import type {
  DemoPlan,
  PlannedCommit,
  PlannedIssue,
  PlannedOrg,
  PlannedPull,
  PlannedRepo,
  PlannedReview,
} from './demo-plan.types';
import { Prng } from './prng';

/** Seed of the NPC pull requests: derived from the plan's, drawn apart so the rest stays as it was. */
export const NPC_PULL_SEED = (DEMO_SEED ^ 0x70756c6c) >>> 0;

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * How far back NPC pull requests open: inside the board's 30-day window, with a few days
 * to spare so the figures still hold while a demo runs on.
 */
const WINDOW_MS = 26 * DAY_MS;
/** An NPC opens its pull request at least this long after it picked its task up. */
const AFTER_PICKUP_MS = 10 * MINUTE_MS;
/** Open NPC pull requests opened within this many days of the epoch. */
const OPEN_WITHIN_MS = 4 * DAY_MS;

const NPCS: readonly string[] = NPC_USERS.map((npc) => npc.username);
const isNpc = (name: string): boolean => NPCS.includes(name);
const at = (ms: number): string => new Date(ms).toISOString();

/** How one NPC's pull requests go: the demo shows each NPC working its own way. */
export interface NpcPullProfile {
  npc: string;
  merged: number;
  closed: number;
  open: number;
  /** From opening to the merge (or the close), ms. */
  duration: readonly [number, number];
  /** Reviews requesting changes before the approval (or the close), at least and at most. */
  changes: readonly [number, number];
  /** Of its merged pull requests, how many a person finishes with a commit on the branch. */
  finishedByPeople: number;
}

/**
 * npc-builder is fast and reliable (merged within hours, approved at the first review, no
 * commit by a person); npc-reviewer is slow (merged after days, two to four reviews asking
 * for changes first, two abandoned); npc-tester's work is usually finished by a person.
 * At least 5 merged each (`MIN_COST_SAMPLE` of shared/board/outcomes.ts), so every NPC
 * shows a cost per merged pull request.
 */
export const NPC_PULL_PROFILES: readonly NpcPullProfile[] = [
  {
    npc: 'npc-builder',
    merged: 8,
    closed: 1,
    open: 2,
    duration: [40 * MINUTE_MS, 5 * HOUR_MS],
    changes: [0, 0],
    finishedByPeople: 0,
  },
  {
    npc: 'npc-reviewer',
    merged: 6,
    closed: 2,
    open: 2,
    duration: [2 * DAY_MS, 6 * DAY_MS],
    changes: [2, 4],
    finishedByPeople: 0,
  },
  {
    npc: 'npc-tester',
    merged: 7,
    closed: 3,
    open: 2,
    duration: [10 * HOUR_MS, 3 * DAY_MS],
    changes: [0, 1],
    finishedByPeople: 5,
  },
];

const CHANGE_REQUESTS = [
  'Please add a test for the empty case.',
  'This breaks the retry path; see the build log.',
  'Split the config change into its own commit.',
  'The error message should name the field that is wrong.',
  'This needs a migration for existing data.',
] as const;
const APPROVALS = ['Looks good, thanks.', 'Approved.', 'Ship it.'] as const;
const FINISHING = [
  'Fix the edge case the NPC missed',
  'Finish the change by hand',
  'Fix the failing test',
] as const;

/**
 * Each issue's number in its repository: the seed inserts the plan's issues in order,
 * numbering per repository from 1.
 */
export function issueNumbers(issues: readonly PlannedIssue[]): Map<PlannedIssue, number> {
  const next = new Map<string, number>();
  const numbers = new Map<PlannedIssue, number>();
  for (const issue of issues) {
    const key = `${issue.org}/${issue.repo}`;
    const number = (next.get(key) ?? 0) + 1;
    next.set(key, number);
    numbers.set(issue, number);
  }
  return numbers;
}

/** A task an NPC pull request can deliver. */
interface Task {
  issue: PlannedIssue;
  number: number;
  repo: PlannedRepo;
  npc: string;
  /** When the NPC first answered on it (or the task opened, without an answer). */
  pickup: number;
  /** People of its organization who review (Developer and up first) and who may push. */
  reviewers: string[];
  pushers: string[];
}

/** What a pull request's timeline is built from. */
interface Slot {
  task: Task;
  profile: NpcPullProfile;
  state: PlannedPull['state'];
  created: number;
  /** Merge or close time; the epoch side of an open one (its reviews come before it). */
  until: number;
  finishedByPerson: boolean;
}

/**
 * NPC pull requests, each delivering (`Closes #N`, branch `npc/issue-N`) a task of its
 * NPC in the same repository, as `NPC_PULL_PROFILES` says: merged ones for tasks closed
 * as completed (the merge closes the task), closed ones for tasks dropped as not planned
 * (or still open), open ones for tasks in progress. All within the last 26 days, spread
 * over organizations and repositories; no commit is newer than its repository's last one.
 * `people` are the plan's other pull requests: the open ones go first where none is open.
 */
export function planNpcPulls(
  repos: readonly PlannedRepo[],
  orgs: readonly PlannedOrg[],
  issues: readonly PlannedIssue[],
  people: readonly PlannedPull[],
  epoch: Date,
): PlannedPull[] {
  const rng = new Prng(NPC_PULL_SEED);
  const end = epoch.getTime();
  const tasks = npcTasks(repos, orgs, issues);
  const used = new Set<PlannedIssue>();
  const slots: Slot[] = [];
  const slot = (task: Task, profile: NpcPullProfile, fields: Omit<Slot, 'task' | 'profile'>) => {
    used.add(task.issue);
    slots.push({ task, profile, ...fields });
  };

  // Open ones first, round the NPCs: where no pull request is open yet, in organization order.
  const openIn = new Map<string, number>();
  for (const pull of people) {
    if (pull.state === 'open') openIn.set(pull.org, (openIn.get(pull.org) ?? 0) + 1);
  }
  const orgOrder = (org: string): number => ORGS.findIndex((candidate) => candidate.path === org);
  for (let round = 0; round < Math.max(...NPC_PULL_PROFILES.map((p) => p.open)); round++) {
    for (const profile of NPC_PULL_PROFILES) {
      if (round >= profile.open) continue;
      const candidates = rng
        .shuffle(tasks.filter((task) => task.npc === profile.npc && openable(task, end)))
        .filter((task) => !used.has(task.issue))
        .sort(
          (a, b) =>
            (openIn.get(a.repo.org) ?? 0) - (openIn.get(b.repo.org) ?? 0) ||
            orgOrder(a.repo.org) - orgOrder(b.repo.org),
        );
      const task = candidates[0];
      if (!task) continue;
      openIn.set(task.repo.org, (openIn.get(task.repo.org) ?? 0) + 1);
      const latest = Math.min(Date.parse(task.repo.lastCommitAt), end - 30 * MINUTE_MS);
      const earliest = Math.max(task.pickup + AFTER_PICKUP_MS, end - OPEN_WITHIN_MS);
      const created = rng.range(earliest, latest);
      slot(task, profile, { state: 'open', created, until: end, finishedByPerson: false });
    }
  }

  for (const profile of NPC_PULL_PROFILES) {
    const mine = tasks.filter((task) => task.npc === profile.npc);
    const [shortest, longest] = profile.duration;
    const earliest = (task: Task): number =>
      Math.max(task.pickup + AFTER_PICKUP_MS, end - WINDOW_MS);
    // Tasks closed for this reason late enough for a pull request to end with them.
    const closedAs = (reason: PlannedIssue['stateReason']): Task[] =>
      mine.filter((task) => {
        const closed = Date.parse(task.issue.closedAt ?? '');
        return (
          task.issue.stateReason === reason &&
          closed <= Date.parse(task.repo.lastCommitAt) &&
          closed - shortest >= earliest(task)
        );
      });
    // A pull request that ends when its task closes, opened the profile's duration before.
    const endingWithTask = (task: Task, state: 'merged' | 'closed', byPerson: boolean): void => {
      const until = Date.parse(task.issue.closedAt ?? '');
      const created = until - rng.range(shortest, Math.min(longest, until - earliest(task)));
      slot(task, profile, { state, created, until, finishedByPerson: byPerson });
    };
    const spread = new Spread(rng, end);

    // Merged: the merge closed the task as completed; a person finishes some first.
    const mergeable = closedAs('completed');
    const byPeople = spread.take(
      mergeable.filter((task) => task.pushers.length > 0 && task.repo.humanCommitsUntil === null),
      profile.finishedByPeople,
      used,
    );
    for (const task of byPeople) endingWithTask(task, 'merged', true);
    for (const task of spread.take(mergeable, profile.merged - byPeople.length, used))
      endingWithTask(task, 'merged', false);

    // Closed unmerged: the task was dropped as not planned, else it is still open.
    const dropped = spread.take(closedAs('not_planned'), profile.closed, used);
    for (const task of dropped) endingWithTask(task, 'closed', false);
    const latest = (task: Task): number =>
      Math.min(Date.parse(task.repo.lastCommitAt), end - HOUR_MS);
    const retried = spread.take(
      mine.filter(
        (task) => task.issue.state === 'open' && latest(task) - shortest >= earliest(task),
      ),
      profile.closed - dropped.length,
      used,
    );
    for (const task of retried) {
      const created = rng.range(earliest(task), latest(task) - shortest);
      const until = created + rng.range(shortest, Math.min(longest, latest(task) - created));
      slot(task, profile, { state: 'closed', created, until, finishedByPerson: false });
    }
  }

  return slots.map((planned) => npcPull(planned, rng));
}

/** Tasks assigned to an NPC in visible repositories, with who can review and push there. */
function npcTasks(
  repos: readonly PlannedRepo[],
  orgs: readonly PlannedOrg[],
  issues: readonly PlannedIssue[],
): Task[] {
  const numbers = issueNumbers(issues);
  const tasks: Task[] = [];
  for (const issue of issues) {
    const npc = issue.assignees.find(isNpc);
    const repo = repos.find(
      (candidate) => candidate.org === issue.org && candidate.name === issue.repo,
    );
    if (!npc || !repo || repo.visibility === 'secret' || issue.hold !== null) continue;
    const members = orgs.find((org) => org.path === issue.org)?.members ?? [];
    const people = members.filter((member) => !isNpc(member.username));
    const pushers = people
      .filter((member) => member.role === 'Master' || member.role === 'Developer')
      .map((member) => member.username);
    const reviewers = pushers.length > 0 ? pushers : people.map((member) => member.username);
    if (reviewers.length === 0) continue;
    const created = Date.parse(issue.createdAt);
    const answers = issue.comments
      .filter((comment) => comment.author === npc && Date.parse(comment.createdAt) >= created)
      .map((comment) => Date.parse(comment.createdAt));
    tasks.push({
      issue,
      number: numbers.get(issue) as number,
      repo,
      npc,
      pickup: answers.length > 0 ? Math.min(...answers) : created,
      reviewers,
      pushers,
    });
  }
  return tasks;
}

/**
 * Whether a task in progress, already answered by its NPC, can have an open pull request
 * opened in the last few days, its commits no newer than the repository's last one.
 */
function openable(task: Task, end: number): boolean {
  const latest = Math.min(Date.parse(task.repo.lastCommitAt), end - 30 * MINUTE_MS);
  return (
    task.issue.state === 'open' &&
    task.issue.comments.some((comment) => comment.author === task.npc) &&
    Math.max(task.pickup + AFTER_PICKUP_MS, end - OPEN_WITHIN_MS) < latest
  );
}

/** Picks tasks spread over organizations, repositories and weeks, in a random order. */
class Spread {
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly rng: Prng,
    private readonly end: number,
  ) {}

  take(candidates: readonly Task[], count: number, used: Set<PlannedIssue>): Task[] {
    const chosen: Task[] = [];
    const pool = this.rng.shuffle(candidates.filter((task) => !used.has(task.issue)));
    while (chosen.length < count && pool.length > 0) {
      let best = 0;
      for (let i = 1; i < pool.length; i++) {
        if (this.score(pool[i]) < this.score(pool[best])) best = i;
      }
      const [task] = pool.splice(best, 1);
      for (const key of this.keys(task)) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
      chosen.push(task);
    }
    return chosen;
  }

  private score(task: Task): number {
    const [org, repo, week] = this.keys(task).map((key) => this.counts.get(key) ?? 0);
    return 4 * org + 2 * week + repo;
  }

  private keys(task: Task): string[] {
    // Weeks back from the epoch, so the same epoch-relative plan comes from any epoch.
    const time = Date.parse(task.issue.closedAt ?? task.issue.createdAt);
    const week = Math.floor((this.end - time) / (7 * DAY_MS));
    return [`org:${task.repo.org}`, `repo:${task.repo.org}/${task.repo.name}`, `week:${week}`];
  }
}

/**
 * One NPC pull request's timeline: the NPC's commits before it opens; each review that
 * asks for changes followed by the NPC's fix; on one a person finishes, their commit after
 * the NPC's; the approval shortly before the merge. Times stay between opening and `until`.
 */
function npcPull(slot: Slot, rng: Prng): PlannedPull {
  const { task, profile, created, until } = slot;
  const npc = profile.npc;
  const span = until - created;
  const commits: PlannedCommit[] = [];
  const reviews: PlannedReview[] = [];
  const title = task.issue.title.replace(/ \([^)]*\)$/, '');

  const first = rng.int(1, 2);
  const from = Math.max(task.pickup, created - 2 * HOUR_MS);
  for (let k = 0; k < first; k++) {
    commits.push({
      author: npc,
      message: k === 0 ? title : 'Add tests',
      at: at(from + ((k + 1) / (first + 1)) * (created - from)),
    });
  }

  // An open one of an NPC that always gets changes requested has one request waiting; a
  // closed one was given up a request short of the approval.
  const changes =
    slot.state === 'open'
      ? Math.min(1, profile.changes[0])
      : Math.max(0, rng.int(...profile.changes) - (slot.state === 'closed' ? 1 : 0));
  // Reviews, fixes and a person's commit share the first 80% of the time the pull is open.
  const step = (span * 0.8) / (changes + 1);
  for (let round = 0; round < changes; round++) {
    const start = created + step * round;
    reviews.push({
      author: rng.pick(task.reviewers),
      state: 'changes_requested',
      body: rng.pick(CHANGE_REQUESTS),
      createdAt: at(start + step * rng.range(0.1, 0.4)),
    });
    // The NPC answers each request with a fix (an open pull request's last request waits).
    if (slot.state !== 'open') {
      commits.push({
        author: npc,
        message: `Address review comments (${round + 1})`,
        at: at(start + step * rng.range(0.6, 0.9)),
      });
    }
  }
  if (slot.finishedByPerson) {
    commits.push({
      author: rng.pick(task.pushers),
      message: rng.pick(FINISHING),
      at: at(created + step * changes + step * rng.range(0.3, 0.9)),
    });
  }
  if (slot.state === 'merged') {
    reviews.push({
      author: rng.pick(task.reviewers),
      state: 'approved',
      body: rng.pick(APPROVALS),
      createdAt: at(created + span * rng.range(0.85, 0.97)),
    });
  }

  return {
    org: task.repo.org,
    repo: task.repo.name,
    title,
    body: `Closes #${task.number}\n\nImplements the change the task asks for.`,
    author: npc,
    base: 'main',
    head: `npc/issue-${task.number}`,
    state: slot.state,
    createdAt: at(created),
    updatedAt: at(slot.state === 'open' ? created : until),
    reviews,
    commits,
  };
}

/** Every pull request, in repository order and by opening time within each (their numbers). */
export function inRepoOrder(
  repos: readonly PlannedRepo[],
  pulls: readonly PlannedPull[],
): PlannedPull[] {
  return repos.flatMap((repo) =>
    pulls
      .filter((pull) => pull.org === repo.org && pull.repo === repo.name)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
  );
}

/** One NPC's pull request figures over the 30 days before the epoch, as the board counts them. */
export interface NpcPullFigures {
  npc: string;
  merged: number;
  closedUnmerged: number;
  open: number;
  /** Mean of (reviews requesting changes + 1) over the merged ones. */
  reviewRounds: number;
  /** Share of the merged ones with a commit by a person. */
  humanCommitShare: number;
  /** Median hours from opening to merge. */
  mergeHoursP50: number;
  repos: number;
  orgs: number;
}

/**
 * The figures of each demo NPC, from the plan. To print them:
 * `npx ts-node -T -r tsconfig-paths/register -P tsconfig.spec.json -e "console.table(require('./server/forge/seed/demo-pulls').npcPullFigures(require('./server/forge/seed/demo-plan').buildDemoPlan(new Date())))"`
 */
export function npcPullFigures(plan: DemoPlan): NpcPullFigures[] {
  const since = plan.epoch.getTime() - 30 * DAY_MS;
  return NPCS.map((npc) => {
    const mine = plan.pulls.filter((pull) => pull.author === npc);
    const inWindow = (pull: PlannedPull): boolean => Date.parse(pull.updatedAt) >= since;
    const merged = mine.filter((pull) => pull.state === 'merged' && inWindow(pull));
    const rounds = merged.map(
      (pull) => pull.reviews.filter((review) => review.state === 'changes_requested').length + 1,
    );
    const hours = merged
      .map((pull) => (Date.parse(pull.updatedAt) - Date.parse(pull.createdAt)) / HOUR_MS)
      .sort((a, b) => a - b);
    return {
      npc,
      merged: merged.length,
      closedUnmerged: mine.filter((pull) => pull.state === 'closed' && inWindow(pull)).length,
      open: mine.filter((pull) => pull.state === 'open').length,
      reviewRounds: rounds.reduce((sum, n) => sum + n, 0) / Math.max(1, rounds.length),
      humanCommitShare:
        merged.filter((pull) => (pull.commits ?? []).some((commit) => !isNpc(commit.author)))
          .length / Math.max(1, merged.length),
      mergeHoursP50: hours.length === 0 ? 0 : hours[Math.floor((hours.length - 1) / 2)],
      repos: new Set(mine.map((pull) => `${pull.org}/${pull.repo}`)).size,
      orgs: new Set(mine.map((pull) => pull.org)).size,
    };
  });
}
