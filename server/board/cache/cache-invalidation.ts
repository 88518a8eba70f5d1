import { Injectable } from '@nestjs/common';
import { BoardConfig } from '../config/board-config';
import { CacheIndex } from './cache-index';
import { ROUTE_KEY_PREFIX } from './route-cache.interceptor';

/**
 * Which cached entries a write makes stale, in both layers (docs/architecture.md#caching). Keys are
 * `GET <platform path>` upstream and `route:<board URL>` for answers.
 */
@Injectable()
export class CacheInvalidation {
  constructor(
    private readonly cache: CacheIndex,
    private readonly config: BoardConfig,
  ) {}

  /** A repository's issues changed (dispatch): its lists, its organization's lists and counts. */
  async issuesChanged(repo: string): Promise<void> {
    const [org] = repo.split('/');
    await this.cache.invalidate([
      `GET /${org}/-/issues`,
      `GET /${repo}/-/issues`,
      `GET /${org}/-/repos`,
      `GET /${repo}`,
      ...this.routes(
        'api/issues',
        'api/orgs',
        `api/repos/${repo}/`,
        `api/repos/${org}%2F`,
        `api/repos/${org}%2f`,
      ),
    ]);
  }

  /** Balances or the threshold changed: every answer that shows them. */
  async creditsChanged(): Promise<void> {
    await this.cache.invalidate(this.routes('api/orgs', 'api/credits', 'api/meta'));
  }

  private routes(...paths: string[]): string[] {
    return paths.map((path) => `${ROUTE_KEY_PREFIX}${this.config.basePath}${path}`);
  }
}
