import type { AccessRole, CreateVisibility, IssueStateReason } from '@shared/platform/types';

/** Everything the demo seed writes, as plain data (built by pure functions, so it can be tested). */
export interface DemoPlan {
  epoch: Date;
  users: PlannedUser[];
  orgs: PlannedOrg[];
  repos: PlannedRepo[];
  issues: PlannedIssue[];
  pulls: PlannedPull[];
  ledgers: PlannedLedger[];
}

export interface PlannedUser {
  username: string;
  nickname: string;
  isNpc: boolean;
  createdAt: string;
}

export interface PlannedOrg {
  path: string;
  remark: string;
  description: string;
  createdAt: string;
  members: { username: string; role: AccessRole }[];
}

export interface PlannedRepo {
  org: string;
  name: string;
  description: string;
  visibility: CreateVisibility;
  createdAt: string;
  lastCommitAt: string;
  /** When set, every commit after this time is an NPC's (a repository only NPCs keep alive). */
  humanCommitsUntil: string | null;
  labels: { name: string; color: string; description: string }[];
}

export interface PlannedComment {
  author: string;
  body: string;
  createdAt: string;
}

/** A change of who is assigned to an issue, recorded as an `assigned` or `unassigned` activity. */
export interface PlannedAssignment {
  action: 'assigned' | 'unassigned';
  assignees: string[];
  actor: string;
  at: string;
}

/**
 * Why the NPC simulator must leave an issue alone, so the demo keeps showing the case:
 * `stuck` (in progress, no NPC activity for over a day) or `overdue` (assigned, never
 * picked up).
 */
export type IssueHold = 'stuck' | 'overdue';

export interface PlannedIssue {
  org: string;
  repo: string;
  title: string;
  body: string;
  author: string;
  assignees: string[];
  labels: string[];
  priority: string;
  createdAt: string;
  state: 'open' | 'closed';
  stateReason: IssueStateReason;
  closedAt: string | null;
  comments: PlannedComment[];
  /** Assignment changes in time order; the last state they leave is `assignees`. */
  assignments: PlannedAssignment[];
  hold: IssueHold | null;
}

export interface PlannedPull {
  org: string;
  repo: string;
  title: string;
  body: string;
  author: string;
  base: string;
  head: string;
  state: 'open' | 'closed' | 'merged';
  createdAt: string;
  /** A merged pull's merge time, a closed one's close time; an open one's creation time. */
  updatedAt: string;
  /** Its reviews in time order, after it opened and no later than `updatedAt`. */
  reviews: PlannedReview[];
  /**
   * The commits on its branch in time order, or null for a few the history draws itself
   * (people's pull requests).
   */
  commits: PlannedCommit[] | null;
}

/** A review of a pull request, as the forge's pull review table holds it. */
export interface PlannedReview {
  author: string;
  state: 'approved' | 'changes_requested' | 'commented';
  body: string;
  createdAt: string;
}

/** A commit on a pull request's branch. */
export interface PlannedCommit {
  author: string;
  message: string;
  at: string;
}

export interface PlannedLedger {
  org: string;
  /**
   * In time order; amounts in hundredths of a credit. A run's charge names its build
   * (`sn`) and the core-hours it used, in thousandths.
   */
  entries: {
    amount: number;
    kind: 'spend' | 'topup';
    note: string;
    createdAt: string;
    sn?: string;
    coreMh?: number;
  }[];
}
