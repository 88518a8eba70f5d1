import type { PlatformComment, PlatformIssue, PlatformLabel } from '@shared/platform/types';
import { toEmbeddedUser } from '../users/user.converter';
import type { EmbeddedUserRow } from '../users/user.types';
import type { CommentRow, IssueRow, LabelRow } from './issue.types';

/** A label on the wire (ids are strings). */
export function toPlatformLabel(row: LabelRow): PlatformLabel {
  return { id: String(row.id), name: row.name, color: row.color, description: row.description };
}

/** An issue on the wire; organization-wide lists add `repo.path`. */
export function toPlatformIssue(
  row: IssueRow,
  labels: readonly LabelRow[],
  assignees: readonly EmbeddedUserRow[],
  publicUrl: string,
  withRepo: boolean,
): PlatformIssue {
  const issue: PlatformIssue = {
    number: String(row.number),
    title: row.title,
    state: row.state,
    state_reason: row.state_reason,
    author: toEmbeddedUser(row.author, publicUrl),
    assignees: assignees.map((user) => toEmbeddedUser(user, publicUrl)),
    labels: labels.map(toPlatformLabel),
    comment_count: row.comment_count,
    priority: row.priority,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_acted_at: row.last_acted_at,
    body: row.body,
  };
  if (withRepo) issue.repo = { path: `${row.owner_path}/${row.repo_name}` };
  return issue;
}

/** A comment on the wire. */
export function toPlatformComment(row: CommentRow, publicUrl: string): PlatformComment {
  return {
    id: String(row.id),
    body: row.body,
    author: toEmbeddedUser(row.author, publicUrl),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
