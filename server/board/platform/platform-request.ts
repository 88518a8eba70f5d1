/** What a platform request is and answers, and the small helpers that shape one. */
import type { PlatformRoute } from './platform-params';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query values; `undefined`/`null` are left out, arrays are comma-joined, booleans are `true`/`false`. */
export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];

export interface PlatformRequest {
  method: HttpMethod;
  /** A route from `route()`, a path relative to the base URL, or an absolute URL. */
  at: PlatformRoute | string;
  query?: object;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (uploads). */
  bytes?: Buffer | Uint8Array;
  contentType?: string;
  /** `buffer` for raw file content. Default `json`. */
  responseType?: 'json' | 'buffer';
  /** Send the bearer token. Default true; false for signed upload URLs on other hosts. */
  auth?: boolean;
  /** Skip the response cache: the caller knows the cached answer may be out of date. */
  fresh?: boolean;
}

/** How a list is read. */
export interface ListOptions {
  /** Skip the response cache (see `PlatformRequest.fresh`). */
  fresh?: boolean;
}

export interface PlatformResponse<T> {
  status: number;
  headers: Record<string, string | undefined>;
  data: T;
}

/** A paged list and whether `maxListItems` cut it short. */
export interface PlatformList<T> {
  items: T[];
  truncated: boolean;
}

/** Path part of a relative path or absolute URL; query strings can carry signed tokens. */
export function urlPath(pathOrUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pathOrUrl)) {
    try {
      return new URL(pathOrUrl).pathname;
    } catch {
      return '(invalid URL)';
    }
  }
  const end = pathOrUrl.search(/[?#]/);
  return end === -1 ? pathOrUrl : pathOrUrl.slice(0, end);
}

/** `?a=1&b=x` from a query object; nothing when every value is absent. */
export function toQueryString(query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}) as [string, QueryValue][]) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

// Node's adapter already answers a Buffer for `arraybuffer`; other adapters give an ArrayBuffer.
export function toBuffer(data: unknown): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  return Buffer.from(typeof data === 'string' ? data : '');
}

export function flatHeaders(headers: object): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined || value === null) continue;
    out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
