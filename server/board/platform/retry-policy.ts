/**
 * When a failed platform call may be tried again, and after how long. Pure functions,
 * so the rules are tested without a server.
 */
import type { AxiosError } from 'axios';

/** Methods that can be repeated without changing the outcome. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Connection errors raised before a byte of the request left: safe to repeat even a POST. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** Our own timeout and an aborted call are final: repeating them only multiplies the wait. */
const FINAL_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ERR_CANCELED']);

/** Backoff never waits longer than this, whatever the attempt number. */
export const MAX_BACKOFF_MS = 5_000;

export interface FailedAttempt {
  method: string;
  /** HTTP status, or 0 when no answer came. */
  status: number;
  /** Transport error code when no answer came. */
  code?: string;
  /** Parsed `Retry-After`, when sent. */
  retryAfterMs: number | null;
}

/** Whether this failure may be retried, given the method's idempotency. */
export function isRetryable(attempt: FailedAttempt): boolean {
  const method = attempt.method.toUpperCase();
  const idempotent = IDEMPOTENT.has(method);
  if (attempt.status === 0) {
    if (attempt.code !== undefined && FINAL_CODES.has(attempt.code)) return false;
    if (attempt.code !== undefined && NEVER_SENT.has(attempt.code)) return true;
    // Anything else (ECONNRESET, EPIPE…) may have reached the server.
    return idempotent;
  }
  // A 429 means the platform refused the call before acting on it.
  if (attempt.status === 429) return true;
  if (attempt.status >= 500 && attempt.status <= 599) {
    // A 503 with Retry-After is the platform saying "not now", so it did not act either.
    return idempotent || (attempt.status === 503 && attempt.retryAfterMs !== null);
  }
  return false;
}

/** `Retry-After` as milliseconds from `nowMs`: delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(header: unknown, nowMs: number): number | null {
  const value: unknown = Array.isArray(header) ? header[0] : header;
  if (typeof value === 'number') return Math.max(0, value * 1000);
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

/** Exponential backoff with full jitter: uniform in [0, min(cap, base·2^(retry-1))]. */
export function backoffDelay(
  retry: number,
  baseMs: number,
  random: () => number,
  capMs = MAX_BACKOFF_MS,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * How long to wait before retrying a failed attempt, or null when it is not retried: a
 * retryable failure waits its `Retry-After` or the backoff; waiting longer than an attempt
 * may take is worse than letting the board serve stale data.
 */
export function retryDelay(
  error: AxiosError,
  options: { timeoutMs: number; retryBaseMs: number; random: () => number },
): number | null {
  const config = error.config;
  if (!config) return null;
  const status = error.response?.status ?? 0;
  const retryAfterMs = error.response
    ? parseRetryAfter(error.response.headers['retry-after'], Date.now())
    : null;
  if (!isRetryable({ method: config.method ?? 'GET', status, code: error.code, retryAfterMs }))
    return null;
  if (retryAfterMs !== null && retryAfterMs > options.timeoutMs) return null;
  const retry = (config['axios-retry']?.retryCount ?? 0) + 1;
  return retryAfterMs ?? backoffDelay(retry, options.retryBaseMs, options.random);
}
