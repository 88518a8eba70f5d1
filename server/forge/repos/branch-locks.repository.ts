import { Injectable } from '@nestjs/common';
import { ForgeDatabase } from '../storage/forge-database';

/**
 * Locked branches of repositories: a locked branch takes no push, merge or deletion
 * from anyone until it is unlocked (`/{repo}/-/git/branch-locks/{branch}`).
 */
@Injectable()
export class BranchLocksRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** Lock a branch; locking a locked one changes nothing. */
  lock(repoId: number, branch: string, userId: number, at: string): void {
    this.db.run(
      'INSERT OR IGNORE INTO branch_locks (repo_id, branch, locked_by, created_at) VALUES (?, ?, ?, ?)',
      [repoId, branch, userId, at],
    );
  }

  /** Unlock a branch; returns whether it was locked. */
  unlock(repoId: number, branch: string): boolean {
    return (
      this.db.run('DELETE FROM branch_locks WHERE repo_id = ? AND branch = ?', [repoId, branch])
        .changes > 0
    );
  }

  /** The locked branch names of a repository. */
  locked(repoId: number): Set<string> {
    return new Set(
      this.db
        .all<{ branch: string }>('SELECT branch FROM branch_locks WHERE repo_id = ?', [repoId])
        .map((row) => row.branch),
    );
  }
}
