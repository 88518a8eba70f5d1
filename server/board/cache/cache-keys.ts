import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { LRUCache } from 'lru-cache';
import { parseQueryString } from '../common/query-string';
import { BoardConfig } from '../config/board-config';
import type { BoardChange, ChangeTopic } from '@shared/board/events';
import { PublicReads } from './public-reads';

/** Route-layer keys start with this; upstream keys with the HTTP method. */
export const ROUTE_KEY_PREFIX = 'route:';

/**
 * Every cache key of the board, in one place. Upstream keys are `GET <platform path><query>`;
 * route keys are `route:<decoded path under api/>?<canonical query>`, built from the
 * validated query, so equivalent URLs (parameter order, percent-escapes, empty values,
 * defaults spelled out or not, `org/repo` or `org%2Frepo`) share one entry. Only the
 * public reads have route keys.
 */
@Injectable()
export class CacheKeys {
  private readonly apiPrefix: string;
  /**
   * Raw URL → route key and validated query (`false`: not cacheable), so a hit costs one
   * lookup and a miss validates its query once.
   */
  private readonly memo = new LRUCache<string, RouteKey | false>({ max: 2_000 });

  constructor(
    config: BoardConfig,
    private readonly reads: PublicReads,
  ) {
    this.apiPrefix = `${config.basePath}api/`;
  }

  /** Key of a platform GET in the upstream layer. */
  upstream(path: string, queryString = ''): string {
    return `GET ${path}${queryString}`;
  }

  /** The route key of a request URL, or `null` when the URL is not a valid public read. */
  route(url: string): string | null {
    return this.routeKey(url)?.key ?? null;
  }

  /**
   * The route key of a request URL with its query as validation made it (null when the
   * read takes no query), or `null` when the URL is not a valid public read.
   */
  routeKey(url: string): RouteKey | null {
    if (!url.startsWith(this.apiPrefix)) return null;
    const memo = this.memo.get(url);
    if (memo !== undefined) return memo || null;
    const key = canonicalRouteKey(url.slice(this.apiPrefix.length), this.reads);
    this.memo.set(url, key ?? false);
    return key;
  }

  /** Upstream entries a change to a repository's issues makes stale. */
  issuesChangedUpstream(repo: string): string[] {
    const [org] = repo.split('/');
    return [
      this.upstream(`/${org}/-/issues`),
      this.upstream(`/${repo}/-/issues`),
      this.upstream(`/${org}/-/repos`),
      this.upstream(`/${repo}`),
    ];
  }

  /** Route entries a change to a repository's issues makes stale. */
  issuesChangedRoutes(repo: string): string[] {
    return [
      `${ROUTE_KEY_PREFIX}issues`,
      `${ROUTE_KEY_PREFIX}orgs`,
      `${ROUTE_KEY_PREFIX}runs`,
      `${ROUTE_KEY_PREFIX}npcs`,
      `${ROUTE_KEY_PREFIX}repos/${repo}/`,
    ];
  }

  /** Route entries that show NPC work signals (attention, stuck and overdue counts). */
  signalRoutes(): string[] {
    return ['issues', 'orgs', 'npcs', 'repos/'].map((path) => ROUTE_KEY_PREFIX + path);
  }

  /**
   * Route entries that show what a change of `topic` in `org` (every organization when
   * `null`) moves. Keys are prefixes: `orgs` covers every `orgs/…` answer.
   */
  changedRoutes({ topic, org }: BoardChange): string[] {
    const repos = `repos/${org === null ? '' : `${org}/`}`;
    const paths: Record<ChangeTopic, string[]> = {
      issues: ['issues', 'orgs', 'runs', 'npcs', repos],
      repos: ['orgs', 'runs', 'npcs', repos],
      runs: ['runs', 'issues', 'npcs', repos],
      balances: ['orgs', 'credits', 'meta'],
      alerts: [],
    };
    return paths[topic].map((path) => ROUTE_KEY_PREFIX + path);
  }

  /** Upstream entries holding an organization's balance. */
  balanceUpstream(org: string): string {
    return this.upstream(`/${org}/-/charge/`);
  }

  /** Route entries that show balances or the threshold. */
  creditRoutes(): string[] {
    return ['orgs', 'credits', 'meta'].map((path) => ROUTE_KEY_PREFIX + path);
  }
}

/** A public read's cache key and its validated query instance. */
export interface RouteKey {
  key: string;
  query: object | null;
}

function canonicalRouteKey(rest: string, reads: PublicReads): RouteKey | null {
  const mark = rest.indexOf('?');
  const rawPath = mark < 0 ? rest : rest.slice(0, mark);
  let path: string;
  try {
    path = rawPath.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  const read = reads.find(path);
  if (!read) return null;
  const query = parseQueryString(mark < 0 ? '' : rest.slice(mark + 1));
  const names = Object.keys(query);
  if (!read.query) return names.length === 0 ? { key: ROUTE_KEY_PREFIX + path, query: null } : null;
  if (names.some((name) => Array.isArray(query[name]))) return null;
  const instance = plainToInstance(read.query, query);
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) return null;
  const canonical = Object.entries(instance)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return {
    key: ROUTE_KEY_PREFIX + path + (canonical ? `?${canonical}` : ''),
    query: Object.freeze(instance),
  };
}
