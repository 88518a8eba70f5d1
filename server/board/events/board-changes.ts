import { Injectable, Logger } from '@nestjs/common';
import type { BoardChange } from '@shared/board/events';
import { CacheInvalidation } from '../cache/cache-invalidation';
import { BoardMetrics } from '../metrics/board-metrics';
import { ChangeFeed } from './change-feed';

/**
 * Every change the board stores or finds, in one place (docs/architecture.md#live-pages):
 * the cached answers it makes stale are dropped or marked (`CacheInvalidation`), then the
 * change is told to open pages through the change feed.
 */
@Injectable()
export class BoardChanges {
  private readonly logger = new Logger(BoardChanges.name);

  constructor(
    private readonly invalidation: CacheInvalidation,
    private readonly feed: ChangeFeed,
    private readonly metrics: BoardMetrics,
  ) {}

  /** A write changed a repository's issues (dispatch, a stopped run). */
  async issuesChanged(repo: string): Promise<void> {
    await this.invalidation.issuesChanged(repo);
    await this.publish({ topic: 'issues', org: repo.split('/')[0] });
  }

  /** The pickup SLO or the stuck limit changed. */
  async signalSettingsChanged(): Promise<void> {
    await this.invalidation.signalSettingsChanged();
    await this.publish({ topic: 'issues', org: null });
  }

  /** Balances (of `orgs`, or every organization's) or the threshold changed. */
  async creditsChanged(orgs: readonly string[] = []): Promise<void> {
    await this.invalidation.creditsChanged(orgs);
    if (orgs.length === 0) await this.publish({ topic: 'balances', org: null });
    for (const org of orgs) await this.publish({ topic: 'balances', org });
  }

  /**
   * The sync read fresh data that differs from what it held: the answers showing it are
   * marked out of date, `rebuild` runs (the refresh ahead), and only then are open pages
   * told, so the answers they ask for again are ready.
   */
  async synced(changes: readonly BoardChange[], rebuild: () => Promise<unknown>): Promise<void> {
    await this.invalidation.outdate(changes);
    await rebuild();
    for (const change of changes) await this.publish(change);
  }

  /** Alerts fired, resolved or changed. */
  async alertsChanged(): Promise<void> {
    await this.publish({ topic: 'alerts', org: null });
  }

  private async publish(change: BoardChange): Promise<void> {
    this.metrics.changesPublished.inc({ topic: change.topic });
    try {
      await this.feed.publish(change);
    } catch (error) {
      // Pages fall back to refreshing at the cache life; the change itself is stored.
      this.logger.warn(`Change not published: ${(error as Error).message}`);
    }
  }
}
