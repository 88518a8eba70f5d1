import type {
  ApiIssueComment,
  ApiIssueDetail,
  ApiIssueProperty,
  ApiLabelInfo,
  ApiRepoInfo,
  ApiUserInfo,
} from '@shared/platform/published';
import { ISSUE_PRIORITIES, type IssuePriority, type PlatformLabel } from '@shared/platform/types';
import { toEmbeddedUser } from '../users/user.converter';
import type { EmbeddedUserRow } from '../users/user.types';
import type { CommentRow, IssueRow, LabelRow } from './issue.types';

/** A label on the wire (ids are strings). */
export function toPlatformLabel(row: LabelRow): PlatformLabel {
  return { id: String(row.id), name: row.name, color: row.color, description: row.description };
}

/** No user: the published empty form, for who-did-it fields the forge does not record. */
export const NO_USER: ApiUserInfo = {
  username: '',
  nickname: '',
  email: '',
  avatar: '',
  freeze: false,
  is_npc: false,
};

/**
 * A label on an issue (`api.LabelInfo`). The forge does not record who created a label
 * or applied it to the issue, so `creator` and `applied_by` are the empty user.
 */
export function toLabelInfo(row: LabelRow): ApiLabelInfo {
  return { ...toPlatformLabel(row), creator: NO_USER, applied_by: NO_USER };
}

/** A stored priority as published: one of the published values, or `""` when unset. */
export function toPriority(stored: string): IssuePriority {
  return (ISSUE_PRIORITIES as readonly string[]).includes(stored) ? (stored as IssuePriority) : '';
}

/** The forge's issue record: the published detail, plus `repo` in lists that span repositories. */
export type ForgeIssue = ApiIssueDetail & {
  repo?: Pick<ApiRepoInfo, 'path'> & Partial<ApiRepoInfo>;
};

/**
 * An issue on the wire (`api.IssueDetail`, which list items extend); lists spanning
 * repositories add `repo.path`. `properties` are the custom properties the issue has a
 * value for; `started_at`/`ended_at` are the planned dates as given (YYYY-MM-DD), empty
 * when unset. The forge keeps no hidden issues: `invisible` is false.
 */
export function toPlatformIssue(
  row: IssueRow,
  labels: readonly LabelRow[],
  assignees: readonly EmbeddedUserRow[],
  publicUrl: string,
  withRepo: boolean,
  properties: readonly ApiIssueProperty[] = [],
): ForgeIssue {
  const issue: ForgeIssue = {
    number: String(row.number),
    title: row.title,
    state: row.state,
    state_reason: row.state_reason,
    author: toEmbeddedUser(row.author, publicUrl),
    assignees: assignees.map((user) => toEmbeddedUser(user, publicUrl)),
    labels: labels.map(toLabelInfo),
    comment_count: row.comment_count,
    priority: toPriority(row.priority),
    started_at: row.start_date,
    ended_at: row.end_date,
    invisible: false,
    properties: [...properties],
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_acted_at: row.last_acted_at,
    body: row.body,
  };
  if (withRepo) issue.repo = { path: `${row.owner_path}/${row.repo_name}` };
  return issue;
}

/** A comment on the wire (`api.IssueComment`); the forge keeps no reactions. */
export function toPlatformComment(row: CommentRow, publicUrl: string): ApiIssueComment {
  return {
    id: String(row.id),
    body: row.body,
    author: toEmbeddedUser(row.author, publicUrl),
    created_at: row.created_at,
    updated_at: row.updated_at,
    reactions: [],
  };
}
