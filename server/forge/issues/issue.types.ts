import type { IssueOrderBy, IssueState, IssueStateReason } from '@shared/platform/types';
import type { EmbeddedUserRow } from '../users/user.types';

/** An issue as listed: its columns, its author, where it lives, its exact comment count. */
export interface IssueRow {
  id: number;
  repo_id: number;
  number: number;
  title: string;
  body: string;
  state: IssueState;
  state_reason: IssueStateReason;
  priority: string;
  created_at: string;
  updated_at: string;
  last_acted_at: string;
  closed_at: string | null;
  /** Planned dates, YYYY-MM-DD, empty when unset. */
  start_date: string;
  end_date: string;
  comment_count: number;
  owner_path: string;
  repo_name: string;
  author: EmbeddedUserRow;
}

export interface LabelRow {
  id: number;
  name: string;
  color: string;
  description: string;
}

export interface CommentRow {
  id: number;
  body: string;
  created_at: string;
  updated_at: string;
  author: EmbeddedUserRow;
}

/** Where an issue list looks: one repository, or the given repositories of one organization. */
export type IssueScope =
  | { repoId: number }
  | { namespaceId: number; repoIds: readonly number[] }
  /** Repositories of any namespaces (`/user/issues`). */
  | { repoIds: readonly number[] };

/** A list request after parsing: every field is already checked. */
export interface IssueFilter {
  scope: IssueScope;
  state?: IssueState;
  keyword?: string;
  labels?: readonly string[];
  labelsOperator: 'AND' | 'OR';
  authors?: readonly string[];
  assignees?: readonly string[];
  unassigned?: boolean;
  priorities?: readonly string[];
  updatedFrom?: string;
  updatedBefore?: string;
  closedFrom?: string;
  closedBefore?: string;
  orderBy: IssueOrderBy;
  limit: number;
  offset: number;
}

export interface NewIssue {
  repoId: number;
  namespaceId: number;
  title: string;
  body: string;
  authorId: number;
  priority: string;
  workMode: boolean;
  createdAt: string;
  /** Set by the seed to build history; new issues are open. */
  state?: IssueState;
  stateReason?: IssueStateReason;
  closedAt?: string | null;
  updatedAt?: string;
  lastActedAt?: string;
  /** Planned dates, YYYY-MM-DD. */
  startDate?: string;
  endDate?: string;
}

export interface IssueChanges {
  title?: string;
  body?: string;
  state?: IssueState;
  stateReason?: IssueStateReason;
  closedAt?: string | null;
  priority?: string;
  /** Planned dates, YYYY-MM-DD, or `''` to clear one. */
  startDate?: string;
  endDate?: string;
  at: string;
}
