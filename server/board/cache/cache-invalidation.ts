import { Injectable, Logger } from '@nestjs/common';
import type { BoardChange } from '@shared/board/events';
import { ChangeFeed } from '../events/change-feed';
import { BoardMetrics } from '../metrics/board-metrics';
import { CacheIndex } from './cache-index';
import { CacheKeys } from './cache-keys';
import { outdated, STALE_RETENTION_MS } from './route-cache.interceptor';

/**
 * Which cached entries a change makes stale, in both layers (keys from `CacheKeys`), and
 * the change told to open pages through the change feed (docs/architecture.md#live-pages):
 * every stored change, a write's or one the sync found, passes through here.
 */
@Injectable()
export class CacheInvalidation {
  private readonly logger = new Logger(CacheInvalidation.name);
  private readonly issueListeners: ((repo: string) => void)[] = [];

  constructor(
    private readonly cache: CacheIndex,
    private readonly keys: CacheKeys,
    private readonly feed: ChangeFeed,
    private readonly metrics: BoardMetrics,
  ) {}

  /** A repository's issues changed (dispatch): its lists, its organization's lists and counts. */
  async issuesChanged(repo: string): Promise<void> {
    for (const listener of this.issueListeners) listener(repo);
    await this.cache.invalidate([
      ...this.keys.issuesChangedUpstream(repo),
      ...this.keys.issuesChangedRoutes(repo),
    ]);
    await this.publish({ topic: 'issues', org: repo.split('/')[0] });
  }

  /** Call `listener` when a write changes a repository's issues (held issue sets re-read it). */
  onIssuesChanged(listener: (repo: string) => void): void {
    this.issueListeners.push(listener);
  }

  /** The pickup SLO or the stuck limit changed: every answer that shows attention. */
  async signalSettingsChanged(): Promise<void> {
    await this.cache.invalidate(this.keys.signalRoutes());
    await this.publish({ topic: 'issues', org: null });
  }

  /** Balances or the threshold changed: every answer that shows them. */
  async creditsChanged(orgs: readonly string[] = []): Promise<void> {
    await this.cache.invalidate([
      ...orgs.map((org) => this.keys.balanceUpstream(org)),
      ...this.keys.creditRoutes(),
    ]);
    if (orgs.length === 0) await this.publish({ topic: 'balances', org: null });
    for (const org of orgs) await this.publish({ topic: 'balances', org });
  }

  /**
   * The sync read fresh data that differs from what it held: the answers showing it are
   * marked out of date (rebuilt on their next read, still served as STALE should the
   * platform fail meanwhile), `rebuild` runs (the refresh ahead), and only then are open
   * pages told, so the answers they ask for again are ready.
   */
  async synced(changes: readonly BoardChange[], rebuild: () => Promise<unknown>): Promise<void> {
    for (const change of changes) {
      await this.cache.rewrite(this.keys.changedRoutes(change), outdated, STALE_RETENTION_MS);
    }
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
