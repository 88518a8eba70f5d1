import type { PlatformCommit } from '@shared/platform/types';
import type { GitCommit } from '../git/git-objects';
import { toEmbeddedUser } from '../users/user.converter';
import type { UserRow } from '../users/user.types';

/** A commit on the wire; `author`/`committer` are forge users when their email matches one. */
export function toPlatformCommit(
  commit: GitCommit,
  usersByEmail: ReadonlyMap<string, UserRow>,
  publicUrl: string,
): PlatformCommit {
  const user = (email: string) => {
    const row = usersByEmail.get(email.toLowerCase());
    return row ? toEmbeddedUser(row, publicUrl) : null;
  };
  return {
    sha: commit.sha,
    commit: {
      message: commit.message,
      author: { ...commit.author },
      committer: { ...commit.committer },
      tree: { sha: commit.tree },
    },
    author: user(commit.author.email),
    committer: user(commit.committer.email),
    parents: commit.parents.map((sha) => ({ sha })),
  };
}
