import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { UpstreamBudget } from '../budget/upstream-budget';
import { BoardConfig } from '../config/board-config';
import { isBudgetRefusal } from '../platform/platform-failures';
import { ReadProgress } from './route-cache.ports';
import {
  holdUntil,
  type RouteEntry,
  STALE_BACKOFF_MS,
  staleBackoffMs,
  type StaleReason,
} from './route-entry';

/**
 * When a route entry is fresh, when a STALE one is asked again, and why it is stale
 * (docs/architecture.md#caching): the TTL as the budget stretches it, the recheck of an
 * answer built while enrichments were pending, the backoff after a failure.
 */
@Injectable()
export class EntryFreshness {
  constructor(
    private readonly clock: Clock,
    private readonly config: BoardConfig,
    private readonly budget: UpstreamBudget,
    private readonly reads: ReadProgress,
  ) {}

  /**
   * Fresh while its oldest datum is younger than the TTL (stretched while the budget is
   * tight), and, with enrichments pending, until it is due to be rebuilt.
   */
  isFresh(entry: RouteEntry, now = this.clock.now().getTime()): boolean {
    if (entry.outdated) return false;
    if (entry.recheckAt !== undefined) {
      if (now >= entry.recheckAt || this.reads.hasNews(entry.readsMark)) return false;
    }
    return now - entry.oldestAt < this.budget.effectiveTtlMs(now);
  }

  /** A STALE entry still within its backoff: served as it is. */
  isBackingOff(entry: RouteEntry): boolean {
    return entry.retryAt !== undefined && this.clock.now().getTime() < entry.retryAt;
  }

  /** The mark an answer built now keeps: taken before its route runs. */
  mark(): string {
    return this.reads.mark();
  }

  /** `previous`, served as STALE after `error`, until the platform is asked again. */
  async backingOff(previous: RouteEntry, started: number, error: unknown): Promise<RouteEntry> {
    const staleReason = await this.staleReasonOf(error);
    return {
      ...previous,
      retryAt: holdUntil(started + staleBackoffMs(error, this.config), staleReason),
      staleReason,
    };
  }

  /**
   * An answer built at `started` from held data older than the TTL (the budget or the
   * platform held the refresh back), to serve as STALE for a while instead of rebuilding it
   * on every request; null when it is fresh enough.
   */
  async agedOut(entry: RouteEntry, started: number): Promise<RouteEntry | null> {
    if (started - entry.oldestAt < this.budget.effectiveTtlMs()) return null;
    const staleReason = await this.staleReasonOf(null);
    return {
      ...entry,
      retryAt: holdUntil(started + Math.min(STALE_BACKOFF_MS, this.config.cacheTtlMs), staleReason),
      staleReason,
    };
  }

  /** When the call budget admits calls again. */
  spentUntil(): Promise<number> {
    return this.budget.spentUntil();
  }

  /**
   * Why an answer is stale: the board's budget refused the call (or, for held data that
   * grew old without an error, the hour's budget is used up), or else the platform.
   */
  private async staleReasonOf(error: unknown): Promise<StaleReason> {
    const refused = isBudgetRefusal(error);
    if (!refused && error !== null) return { kind: 'platform' };
    if (!refused && (await this.budget.state()).remaining > 0) return { kind: 'platform' };
    return { kind: 'budget', until: await this.budget.spentUntil() };
  }
}
