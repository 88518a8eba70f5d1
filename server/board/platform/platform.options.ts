import type { PlatformResponseInfo } from '../metrics/board-metrics';
import type { TaskLane } from './concurrency-limiter';

/**
 * Options of the board's platform client, provided by the app module through
 * `PlatformModule.forRoot` / `forRootAsync` under the `PLATFORM_OPTIONS` token.
 */

export interface PlatformClientOptions {
  /** Platform API base URL, e.g. `https://api.example.com` or `http://127.0.0.1:3001`. */
  baseUrl: string;
  /** Bearer token sent upstream; never logged. */
  token: string;
  /** Scheme and host of git remotes, e.g. `https://git.example.com`. */
  gitBaseUrl: string;
  /** Per-attempt timeout. Default 10000. */
  timeoutMs?: number;
  /** Requests in flight at once, across all callers. Default 8. */
  concurrency?: number;
  /** Of those, most in flight for background work (see `lane`). Default: half. */
  backgroundConcurrency?: number;
  /** Retries after the first attempt. Default 3. */
  retries?: number;
  /** Base of the exponential backoff (full jitter). Default 200. */
  retryBaseMs?: number;
  /** Most items a paged list keeps in memory. Default 5000. */
  maxListItems?: number;
  /**
   * Called before every HTTP attempt (retries too); when it throws, the attempt is not
   * made and the call fails with a 429 of the board's own (the upstream budget).
   */
  admit?: () => Promise<void>;
  /**
   * The lane of the call being made (read from the caller's async context): viewers'
   * calls take a free connection slot before background ones. Default: every call a viewer's.
   */
  lane?: () => TaskLane;
  /** Called after every HTTP attempt, failed or not. */
  onResponse?: (info: PlatformResponseInfo) => void;
  /**
   * Caches JSON GET answers by method, path and query (the board's upstream cache layer).
   * Without one, every GET reaches the platform.
   */
  cache?: PlatformResponseCache;
  /** Waits between retries; tests inject one that records the delay and returns at once. */
  sleep?: (ms: number) => Promise<void>;
  /** Source of jitter in [0, 1); tests inject a constant. */
  random?: () => number;
}

/**
 * A cache of JSON GET answers, keyed by the cache from the path and query string;
 * concurrent misses for one key should make one call.
 */
export interface PlatformResponseCache {
  cachedGet<T>(path: string, queryString: string, load: () => Promise<T>): Promise<T>;
}

export type ResolvedPlatformOptions = Required<
  Omit<PlatformClientOptions, 'onResponse' | 'cache' | 'admit' | 'lane' | 'backgroundConcurrency'>
> &
  Pick<PlatformClientOptions, 'onResponse' | 'cache' | 'admit' | 'lane' | 'backgroundConcurrency'>;

export const PLATFORM_OPTIONS = Symbol('PLATFORM_OPTIONS');

export const PLATFORM_DEFAULTS = {
  timeoutMs: 10_000,
  concurrency: 8,
  retries: 3,
  retryBaseMs: 200,
  maxListItems: 5_000,
} as const;

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Fill defaults and refuse values that would make the client misbehave later. */
export function resolvePlatformOptions(options: PlatformClientOptions): ResolvedPlatformOptions {
  const resolved: ResolvedPlatformOptions = {
    ...PLATFORM_DEFAULTS,
    sleep: realSleep,
    random: Math.random,
    ...withoutUndefined(options),
  } as ResolvedPlatformOptions;
  const problems: string[] = [];
  for (const key of ['baseUrl', 'gitBaseUrl'] as const) {
    if (!isHttpUrl(resolved[key])) problems.push(`${key} must be an http(s) URL`);
  }
  if (typeof resolved.token !== 'string') problems.push('token must be a string');
  for (const key of ['timeoutMs', 'concurrency', 'maxListItems'] as const) {
    if (!Number.isInteger(resolved[key]) || resolved[key] < 1)
      problems.push(`${key} must be a positive integer`);
  }
  for (const key of ['retries', 'retryBaseMs'] as const) {
    if (!Number.isInteger(resolved[key]) || resolved[key] < 0)
      problems.push(`${key} must be an integer >= 0`);
  }
  if (problems.length > 0)
    throw new Error(`Invalid platform client options: ${problems.join('; ')}`);
  return resolved;
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

// A config object built from optional env values carries `undefined`s that must not erase defaults.
function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
