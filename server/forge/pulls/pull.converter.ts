import type { PlatformPull } from '@shared/platform/types';
import { toEmbeddedUser } from '../users/user.converter';
import type { PullRow } from './pull.types';

/** A pull request on the wire; organization-wide lists add `repo.path`. */
export function toPlatformPull(row: PullRow, publicUrl: string, withRepo: boolean): PlatformPull {
  const pull: PlatformPull = {
    number: String(row.number),
    title: row.title,
    body: row.body,
    state: row.state,
    author: toEmbeddedUser(row.author, publicUrl),
    assignees: [],
    labels: [],
    base: { ref: row.base_ref, sha: row.base_sha },
    head: { ref: row.head_ref, sha: row.head_sha },
    comment_count: 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  if (withRepo) pull.repo = { path: `${row.owner_path}/${row.repo_name}` };
  return pull;
}
