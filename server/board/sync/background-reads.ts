import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../common/clock';
import { BudgetSpentError, ENRICHMENT_RESERVE, UpstreamBudget } from '../budget/upstream-budget';
import { outsideAnswers } from '../cache/freshness';
import { isBudgetRefusal } from '../platform/platform-failures';
import { ReadProgress } from '../cache/route-cache.ports';

/** Reads run at once; the platform client's connection limit is 32, viewers first. */
export const CONCURRENT_READS = 8;
/** How long a read that failed (not for want of budget) is not asked for again. */
export const FAILED_READ_BACKOFF_MS = 60_000;
/** Most reads waiting at once; more are refused until the queue drains. */
export const MAX_QUEUED_READS = 100_000;

/**
 * Platform reads the board makes on its own account for the enrichments an answer went
 * without (docs/architecture.md#core-first). A read is asked for by key and queued once:
 * asking again for one queued, running or recently failed does nothing. They run a few
 * at a time as background work, so each takes only the budget above `ENRICHMENT_RESERVE`
 * (the viewers' quarter and room for snapshots and alerts) and a connection slot after any
 * viewer's call. A read asked for `later` (an ended run's bill: the largest share of a cold
 * load, and one no count waits for) starts only while no other read waits, so the
 * conversations and commits the pages count from come first. When the budget refuses
 * one, the queue is emptied and stays shut until background calls are admitted again;
 * the answers still pending ask again then.
 *
 * An answer built while reads were pending carries `mark()`; `hasNews(mark)` tells the
 * route cache when this replica has since finished every read, so the next request
 * rebuilds the answer at once instead of at its recheck time.
 *
 * On shutdown the queue is dropped and nothing new starts; the reads running are waited for.
 */
@Injectable()
export class BackgroundReads implements BeforeApplicationShutdown, ReadProgress {
  private readonly logger = new Logger(BackgroundReads.name);
  /** Reads waiting, by priority: every `now` one starts before any `later` one. */
  private readonly queued: Record<ReadPriority, Map<string, () => Promise<unknown>>> = {
    now: new Map(),
    later: new Map(),
  };
  private readonly running = new Set<string>();
  private readonly failed = new LRUCache<string, number>({ max: 10_000 });
  private shutUntil = 0;
  private idleWaiters: (() => void)[] = [];
  private readonly replica = randomUUID();
  private finished = 0;
  private closed = false;

  constructor(
    private readonly budget: UpstreamBudget,
    private readonly clock: Clock,
  ) {}

  /** Reads waiting and running. */
  get size(): number {
    return this.queued.now.size + this.queued.later.size + this.running.size;
  }

  /** Queue `read` under `key` unless it is queued, running, recently failed or shut out. */
  request(key: string, read: () => Promise<unknown>, priority: ReadPriority = 'now'): void {
    const now = this.clock.now().getTime();
    if (this.closed || now < this.shutUntil) return;
    if (this.queued.now.has(key) || this.queued.later.has(key) || this.running.has(key)) return;
    if ((this.failed.get(key) ?? 0) > now || this.size >= MAX_QUEUED_READS) return;
    this.queued[priority].set(key, read);
    outsideAnswers(() => this.pump());
  }

  /** This replica's progress: which reads it has finished so far. */
  mark(): string {
    return `${this.replica}:${this.finished}`;
  }

  /** Whether this replica has finished reads since `mark` and has none left. */
  hasNews(mark: string | undefined): boolean {
    return this.size === 0 && mark?.startsWith(`${this.replica}:`) === true && mark !== this.mark();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.clearQueue();
    await this.idle();
  }

  /** Resolves once nothing is queued or running. */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private clearQueue(): void {
    this.queued.now.clear();
    this.queued.later.clear();
  }

  private pump(): void {
    while (this.running.size < CONCURRENT_READS) {
      const queue = this.queued.now.size > 0 ? this.queued.now : this.queued.later;
      const next = queue.entries().next();
      if (next.done) break;
      const [key, read] = next.value;
      queue.delete(key);
      this.running.add(key);
      void this.run(key, read);
    }
    if (this.size === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private async run(key: string, read: () => Promise<unknown>): Promise<void> {
    try {
      await this.budget.background(read, ENRICHMENT_RESERVE);
    } catch (error) {
      const retryAfterMs = budgetRefusal(error);
      if (retryAfterMs !== null) {
        this.shutUntil = this.clock.now().getTime() + retryAfterMs;
        this.clearQueue();
      } else {
        this.failed.set(key, this.clock.now().getTime() + FAILED_READ_BACKOFF_MS);
        this.logger.debug(`Background read ${key} failed: ${(error as Error).message}`);
      }
    } finally {
      this.running.delete(key);
      this.finished += 1;
      this.pump();
    }
  }
}

/** How soon a read is wanted: `later` ones wait while any `now` one does. */
export type ReadPriority = 'now' | 'later';

/** Of a call the budget refused: how long until it admits calls again; else null. */
function budgetRefusal(error: unknown): number | null {
  if (error instanceof BudgetSpentError) return error.retryAfterMs;
  if (isBudgetRefusal(error)) return error.retryAfterMs ?? 60_000;
  return null;
}
