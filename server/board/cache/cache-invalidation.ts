import { Injectable } from '@nestjs/common';
import type { BoardChange } from '@shared/board/events';
import { CacheIndex } from './cache-index';
import { CacheKeys } from './cache-keys';
import { outdated, STALE_RETENTION_MS } from './route-entry';

/**
 * Which cached entries a change makes stale, in both layers (keys from `CacheKeys`). The
 * board's changes come through `BoardChanges` (events/), which then tells open pages.
 */
@Injectable()
export class CacheInvalidation {
  private readonly issueListeners: ((repo: string) => void)[] = [];

  constructor(
    private readonly cache: CacheIndex,
    private readonly keys: CacheKeys,
  ) {}

  /** A repository's issues changed (a write): its lists, its organization's lists and counts. */
  async issuesChanged(repo: string): Promise<void> {
    for (const listener of this.issueListeners) listener(repo);
    await this.cache.invalidate([
      ...this.keys.issuesChangedUpstream(repo),
      ...this.keys.issuesChangedRoutes(repo),
    ]);
  }

  /** Call `listener` when a write changes a repository's issues (held issue sets re-read it). */
  onIssuesChanged(listener: (repo: string) => void): void {
    this.issueListeners.push(listener);
  }

  /** The pickup SLO or the stuck limit changed: every answer that shows attention. */
  async signalSettingsChanged(): Promise<void> {
    await this.cache.invalidate(this.keys.signalRoutes());
  }

  /** Balances or the threshold changed: every answer that shows them. */
  async creditsChanged(orgs: readonly string[] = []): Promise<void> {
    await this.cache.invalidate([
      ...orgs.map((org) => this.keys.balanceUpstream(org)),
      ...this.keys.creditRoutes(),
    ]);
  }

  /**
   * The sync found `changes`: the answers showing them are marked out of date (rebuilt on
   * their next read, still served as STALE should the platform fail meanwhile).
   */
  async outdate(changes: readonly BoardChange[]): Promise<void> {
    for (const change of changes) {
      await this.cache.rewrite(this.keys.changedRoutes(change), outdated, STALE_RETENTION_MS);
    }
  }
}
