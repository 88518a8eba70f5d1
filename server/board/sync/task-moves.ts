/**
 * When a repository's held list (its NPC runs, its NPC pull requests) was read, and the
 * newest update of its tasks the read covers.
 */
export interface ReadStamp {
  /** When it was read (board clock, ms). */
  readAt: number;
  /**
   * The newest update of the repository's tasks the read covers (the platform's clock, ms):
   * a task updated later may have moved what the read did not see. Platform times are
   * compared with platform times only, so a platform clock ahead of the board's does not
   * keep a repository outdated.
   */
  movedAt: number;
}

/** The newest task update seen per repository since its last read began (platform clock). */
export class TaskMoves {
  private readonly since = new Map<string, number>();

  /** A task of `repo` was seen updated at `movedAt`: the next read is to cover it. */
  note(repo: string, movedAt: number): void {
    if (movedAt > (this.since.get(repo) ?? 0)) this.since.set(repo, movedAt);
  }

  /** What a read of `repo` beginning now covers, after `before`; later updates wait for the next. */
  take(repo: string, before: ReadStamp | undefined): number {
    const movedAt = Math.max(before?.movedAt ?? 0, this.since.get(repo) ?? 0);
    this.since.delete(repo);
    return movedAt;
  }
}
