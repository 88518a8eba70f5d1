import type { EmbeddedUserRow } from '../users/user.types';

/** A pull request as listed. */
export interface PullRow {
  id: number;
  repo_id: number;
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed' | 'merged';
  base_ref: string;
  base_sha: string;
  head_ref: string;
  head_sha: string;
  created_at: string;
  updated_at: string;
  owner_path: string;
  repo_name: string;
  author: EmbeddedUserRow;
}

/** One repository, or the given repositories of one organization. */
export type PullScope = { repoId: number } | { namespaceId: number; repoIds: readonly number[] };

export interface NewPull {
  repoId: number;
  namespaceId: number;
  title: string;
  body: string;
  authorId: number;
  baseRef: string;
  baseSha: string;
  headRef: string;
  headSha: string;
  createdAt: string;
  /** The seed records history; new pulls are open. */
  state?: PullRow['state'];
  updatedAt?: string;
  closedAt?: string | null;
}

/** The published list filters, checked; names compare without case. */
export interface PullFilter {
  authors: readonly string[];
  assignees: readonly string[];
  assigneesAll: boolean;
  reviewers: readonly string[];
  reviewersAll: boolean;
  labels: readonly string[];
  labelsAll: boolean;
  baseRef?: string;
  updatedFrom?: string;
  updatedBefore?: string;
  orderBy: 'created_at' | '-created_at' | 'updated_at' | '-updated_at';
}
