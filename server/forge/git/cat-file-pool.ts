import { CatFileBatch } from './cat-file-batch';
import type { GitRunner } from './git-runner';

export interface CatFilePoolOptions {
  /** Close a repository's process after this long without a call. */
  idleMs: number;
  /** Most processes kept at once; the least recently used goes first. */
  maxProcesses: number;
}

interface Entry {
  batch: CatFileBatch;
  idle: NodeJS.Timeout;
}

/**
 * One warm `git cat-file --batch-command` per repository in use, closed after an idle
 * period: reads cost a pipe round trip instead of a process start.
 */
export class CatFilePool {
  /** Insertion order doubles as recency: a used entry is moved to the end. */
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly runner: GitRunner,
    private readonly options: CatFilePoolOptions,
  ) {}

  /** Processes running now. */
  get size(): number {
    return this.entries.size;
  }

  /** The warm process of the repository at `dir`, started on first use. */
  get(dir: string): CatFileBatch {
    let entry = this.entries.get(dir);
    if (entry && !entry.batch.alive) {
      this.drop(dir, entry);
      entry = undefined;
    }
    if (entry) {
      this.entries.delete(dir);
      this.entries.set(dir, entry);
      entry.idle.refresh();
      return entry.batch;
    }
    while (this.entries.size >= this.options.maxProcesses) this.evictOldestIdle();
    const batch = new CatFileBatch(this.runner, dir);
    const idle = setTimeout(() => this.close(dir), this.options.idleMs);
    idle.unref();
    const created: Entry = { batch, idle };
    batch.onClose = () => {
      if (this.entries.get(dir) === created) this.drop(dir, created);
    };
    this.entries.set(dir, created);
    return batch;
  }

  /** Stop the process of one repository; unless forced (the repository is gone), only when it is idle. */
  close(dir: string, force = false): void {
    const entry = this.entries.get(dir);
    if (!entry) return;
    if (entry.batch.pending > 0 && !force) {
      // Still answering: look again after another idle period.
      entry.idle.refresh();
      return;
    }
    this.drop(dir, entry);
    entry.batch.close();
  }

  /** Stop every process (application shutdown). */
  closeAll(): void {
    for (const [dir, entry] of [...this.entries]) {
      this.drop(dir, entry);
      entry.batch.close();
    }
  }

  private evictOldestIdle(): void {
    const [dir, entry] = this.entries.entries().next().value as [string, Entry];
    this.drop(dir, entry);
    entry.batch.close();
  }

  private drop(dir: string, entry: Entry): void {
    clearTimeout(entry.idle);
    if (this.entries.get(dir) === entry) this.entries.delete(dir);
  }
}
