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
  labels: { name: string; color: string; description: string }[];
}

export interface PlannedComment {
  author: string;
  body: string;
  createdAt: string;
}

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
  updatedAt: string;
}

export interface PlannedLedger {
  org: string;
  /** In time order; amounts in hundredths of a credit. */
  entries: { amount: number; kind: 'spend' | 'topup'; note: string; createdAt: string }[];
}
