import type {
  ApiCommit,
  ApiCommitObjectVerification,
  ApiUserInfo,
} from '@shared/platform/published';
import type { GitCommit, GitPerson } from '../git/git-objects';
import { toEmbeddedUser } from '../users/user.converter';
import type { UserRow } from '../users/user.types';

/**
 * The verification of an object the forge does not check signatures of: the published
 * record's unsigned form.
 */
export const UNSIGNED: ApiCommitObjectVerification = {
  verified: false,
  reason: 'unsigned',
  signature: '',
  payload: '',
  verified_at: '',
};

/**
 * A commit on the wire (`api.Commit`). `author`/`committer` are the forge users whose
 * email matches; for an email no user has, the record holds only what the signature
 * says (name and email, no username). The forge keeps no commit comments, so
 * `comment_count` is 0.
 */
export function toPlatformCommit(
  commit: GitCommit,
  usersByEmail: ReadonlyMap<string, UserRow>,
  publicUrl: string,
): ApiCommit {
  const user = (signature: GitPerson): ApiUserInfo => {
    const row = usersByEmail.get(signature.email.toLowerCase());
    if (row) return toEmbeddedUser(row, publicUrl);
    return {
      username: '',
      nickname: signature.name,
      email: signature.email,
      avatar: '',
      freeze: false,
      is_npc: false,
    };
  };
  return {
    sha: commit.sha,
    commit: {
      message: commit.message,
      author: { ...commit.author },
      committer: { ...commit.committer },
      tree: { sha: commit.tree },
      comment_count: 0,
      verification: UNSIGNED,
    },
    author: user(commit.author),
    committer: user(commit.committer),
    parents: commit.parents.map((sha) => ({ sha })),
  };
}
