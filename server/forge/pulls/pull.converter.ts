import type {
  ApiPull,
  ApiPullRequest,
  ApiPullRequestInfo,
  ApiRepo,
  ApiUserInfo,
} from '@shared/platform/published';
import { NO_USER, toLabelInfo, toPlatformLabel } from '../issues/issue.converter';
import type { LabelRow } from '../issues/issue.types';
import { toEmbeddedUser } from '../users/user.converter';
import type { EmbeddedUserRow } from '../users/user.types';
import type { ReviewState } from './pull-details.repository';
import type { PullRow } from './pull.types';

/** Whether and why a pull can be merged, as git and the reviews say. */
export interface PullMergeability {
  mergeable_state: ApiPullRequest['mergeable_state'];
  /** `""` when nothing blocks the pull. */
  blocked_on: ApiPullRequest['blocked_on'] | '';
}

/** Everything a pull record shows besides its row. */
export interface PullContext {
  assignees: readonly EmbeddedUserRow[];
  labels: readonly LabelRow[];
  reviewers: readonly { user: EmbeddedUserRow; state: ReviewState }[];
  comments: number;
  reviews: number;
  lastActedAt: string;
  merge: PullMergeability;
}

/** The forge's pull list item: the published record, with `repo` and `blocked_on` possibly empty. */
export type ForgePullRequest = Omit<ApiPullRequest, 'blocked_on'> & { blocked_on: string };
export type ForgePull = Omit<ApiPull, 'blocked_on'> & { blocked_on: string };
export type ForgePullRequestInfo = Omit<ApiPullRequestInfo, 'blocked_on'> & { blocked_on: string };

function repoOf(row: PullRow, publicUrl: string): ApiRepo {
  const path = `${row.owner_path}/${row.repo_name}`;
  return { id: String(row.repo_id), name: row.repo_name, path, web_url: `${publicUrl}/${path}` };
}

/**
 * The forge records no merger and no work-in-progress flag: `merged_by` is the empty
 * user and `is_wip` false.
 */
function common(row: PullRow, context: PullContext, publicUrl: string) {
  const repo = repoOf(row, publicUrl);
  const merged_by: ApiUserInfo = NO_USER;
  return {
    number: String(row.number),
    title: row.title,
    state: row.state,
    author: toEmbeddedUser(row.author, publicUrl),
    base: { ref: row.base_ref, sha: row.base_sha, repo },
    head: { ref: row.head_ref, sha: row.head_sha, repo },
    merged_by,
    mergeable_state: context.merge.mergeable_state,
    blocked_on: context.merge.blocked_on,
  };
}

/** A pull request as listed (`api.PullRequest`). */
export function toPlatformPull(
  row: PullRow,
  context: PullContext,
  publicUrl: string,
): ForgePullRequest {
  return {
    ...common(row, context, publicUrl),
    body: row.body,
    is_wip: false,
    repo: repoOf(row, publicUrl),
    assignees: context.assignees.map((user) => toEmbeddedUser(user, publicUrl)),
    labels: context.labels.map(toPlatformLabel),
    comment_count: context.comments,
    review_count: context.reviews,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_acted_at: context.lastActedAt || row.updated_at,
  };
}

/** One pull request (`api.Pull`). */
export function toPullDetail(row: PullRow, context: PullContext, publicUrl: string): ForgePull {
  return {
    ...common(row, context, publicUrl),
    body: row.body,
    is_wip: false,
    labels: context.labels.map(toLabelInfo),
    reviewers: context.reviewers.map((reviewer) => ({
      user: toEmbeddedUser(reviewer.user, publicUrl),
      review_state: reviewer.state,
    })),
  };
}

/** A pull of `pull-in-batch` (`api.PullRequestInfo`). */
export function toPullInfo(
  row: PullRow,
  context: PullContext,
  publicUrl: string,
): ForgePullRequestInfo {
  return {
    ...common(row, context, publicUrl),
    repo: repoOf(row, publicUrl),
    assignees: context.assignees.map((user) => toEmbeddedUser(user, publicUrl)),
    labels: context.labels.map(toPlatformLabel),
    reviewers: context.reviewers.map((reviewer) => toEmbeddedUser(reviewer.user, publicUrl)),
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_acted_at: context.lastActedAt || row.updated_at,
  };
}
