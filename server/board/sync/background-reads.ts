import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../common/clock';
import { BudgetSpentError, ENRICHMENT_RESERVE, UpstreamBudget } from '../budget/upstream-budget';
import { outsideAnswers } from '../cache/freshness';
import { isBudgetRefusal } from '../platform/platform-failures';
import { ReadProgress } from '../cache/route-cache.ports';
import { BoardMetrics } from '../metrics/board-metrics';
import type { Enrichment } from '@shared/board/entities';

/** Reads run at once; the platform client's connection limit is 32, viewers first. */
export const CONCURRENT_READS = 8;
/** How long a read that failed (not for want of budget) is not asked for again. */
export const FAILED_READ_BACKOFF_MS = 60_000;
/** Most reads waiting at once; more are refused until the queue drains. */
export const MAX_QUEUED_READS = 100_000;

/** How long a view of one organization puts its reads first. */
export const VIEW_PRIORITY_MS = 60_000;

/** What a read is for: the enrichment it fills in and the repository it reads. */
export interface ReadFor {
  enrichment: Enrichment;
  /** Full name (`org/repo`); the read counts for its organization. */
  repo: string;
  priority?: ReadPriority;
}

interface Queued {
  read: () => Promise<unknown>;
  enrichment: Enrichment;
  org: string;
}

/**
 * Platform reads the board makes on its own account for the enrichments an answer went
 * without (docs/architecture.md#core-first). A read is asked for by key and queued once:
 * asking again for one queued, running or recently failed does nothing. They run a few
 * at a time as background work, so each takes only the budget above `ENRICHMENT_RESERVE`
 * (the viewers' quarter and room for snapshots and alerts) and a connection slot after any
 * viewer's call.
 *
 * What a viewer looks at fills in first: the reads of the organization last `viewing`
 * (a page of one organization, within `VIEW_PRIORITY_MS`) start before any other's; the
 * rest go organization by organization, in the order they were first asked for. A read
 * asked for `later` (an ended run's bill: the largest share of a cold load, and one no
 * count waits for) starts only while no other read waits, outside the viewed
 * organization, so the conversations and commits the pages count from come first. When
 * the budget refuses one, the queue is emptied and stays shut until background calls are
 * admitted again; the answers still pending ask again then.
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
  /** Reads waiting, by organization (in the order first asked for), then key. */
  private readonly queued = new Map<string, OrgQueue>();
  private readonly running = new Set<string>();
  private readonly failed = new LRUCache<string, number>({ max: 10_000 });
  /** Organizations viewed, by when: the latest last. */
  private readonly viewed = new Map<string, number>();
  private shutUntil = 0;
  private idleWaiters: (() => void)[] = [];
  private readonly replica = randomUUID();
  private finished = 0;
  private closed = false;

  constructor(
    private readonly budget: UpstreamBudget,
    private readonly clock: Clock,
    private readonly metrics: BoardMetrics,
  ) {}

  /** Reads waiting and running. */
  get size(): number {
    let size = this.running.size;
    for (const queue of this.queued.values()) size += queue.now.size + queue.later.size;
    return size;
  }

  /** Queue `read` under `key` unless it is queued, running, recently failed or shut out. */
  request(key: string, read: () => Promise<unknown>, what: ReadFor): void {
    const now = this.clock.now().getTime();
    if (this.closed || now < this.shutUntil || this.running.has(key)) return;
    if ((this.failed.get(key) ?? 0) > now || this.size >= MAX_QUEUED_READS) return;
    const org = what.repo.slice(0, what.repo.indexOf('/'));
    let queue = this.queued.get(org);
    if (queue?.now.has(key) || queue?.later.has(key)) return;
    if (queue === undefined) {
      queue = { now: new Map(), later: new Map() };
      this.queued.set(org, queue);
    }
    queue[what.priority ?? 'now'].set(key, { read, enrichment: what.enrichment, org });
    this.count(what.enrichment, org, 'asked');
    outsideAnswers(() => this.pump());
  }

  /** A viewer is looking at `org`: its reads go first for the next `VIEW_PRIORITY_MS`. */
  viewing(org: string): void {
    this.viewed.delete(org);
    this.viewed.set(org, this.clock.now().getTime());
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
    for (const queue of this.queued.values())
      for (const entry of [...queue.now.values(), ...queue.later.values()])
        this.count(entry.enrichment, entry.org, 'dropped');
    this.queued.clear();
  }

  private pump(): void {
    while (this.running.size < CONCURRENT_READS) {
      const next = this.next();
      if (next === undefined) break;
      const [key, entry] = next;
      this.running.add(key);
      void this.run(key, entry);
    }
    if (this.size === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /**
   * Takes the read to start next off the queue: the viewed organization's, `later` ones
   * included; else the first organization's with a `now` read waiting; else any.
   */
  private next(): [string, Queued] | undefined {
    const org = this.viewedWaiting() ?? this.firstWith('now') ?? this.firstWith('later');
    if (org === undefined) return undefined;
    const queue = this.queued.get(org)!;
    const from = queue.now.size > 0 ? queue.now : queue.later;
    const [key, entry] = from.entries().next().value!;
    from.delete(key);
    if (queue.now.size === 0 && queue.later.size === 0) this.queued.delete(org);
    return [key, entry];
  }

  private firstWith(priority: ReadPriority): string | undefined {
    for (const [org, queue] of this.queued) if (queue[priority].size > 0) return org;
    return undefined;
  }

  /** The organization viewed last within `VIEW_PRIORITY_MS` that has reads waiting. */
  private viewedWaiting(): string | undefined {
    const since = this.clock.now().getTime() - VIEW_PRIORITY_MS;
    for (const [org, at] of [...this.viewed].reverse()) {
      if (at < since) this.viewed.delete(org);
      else if (this.queued.has(org)) return org;
    }
    return undefined;
  }

  private async run(key: string, entry: Queued): Promise<void> {
    try {
      await this.budget.background(entry.read, ENRICHMENT_RESERVE);
      this.count(entry.enrichment, entry.org, 'done');
    } catch (error) {
      this.count(entry.enrichment, entry.org, 'failed');
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

  private count(enrichment: Enrichment, org: string, outcome: ReadOutcome): void {
    this.metrics.backgroundReads.inc({ enrichment, org, outcome });
  }
}

/** One organization's waiting reads: every `now` one starts before any `later` one. */
interface OrgQueue {
  now: Map<string, Queued>;
  later: Map<string, Queued>;
}

type ReadOutcome = 'asked' | 'done' | 'failed' | 'dropped';

/** How soon a read is wanted: `later` ones wait while any `now` one does. */
export type ReadPriority = 'now' | 'later';

/** Of a call the budget refused: how long until it admits calls again; else null. */
function budgetRefusal(error: unknown): number | null {
  if (error instanceof BudgetSpentError) return error.retryAfterMs;
  if (isBudgetRefusal(error)) return error.retryAfterMs ?? 60_000;
  return null;
}
