import axios from 'axios';
import { BudgetSpentError } from '../budget/upstream-budget';
import {
  type PlatformError,
  PlatformRateLimitedError,
  parseErrorBody,
  platformErrorFromResponse,
  platformErrorFromTransport,
} from './platform.errors';
import { parseRetryAfter } from './retry-policy';

/** `code` of the 429 a call gets when the board's own budget refused it (nothing was sent). */
export const BUDGET_SPENT = 'EBUDGET';

/** Whether a call failed because the board's own budget refused it (nothing was sent). */
export function isBudgetRefusal(error: unknown): error is PlatformRateLimitedError {
  return error instanceof PlatformRateLimitedError && error.code === BUDGET_SPENT;
}

/**
 * A failed call as the board's typed error: the board's own budget refusal (nothing was
 * sent), the platform's answer (its message redacted), or the transport's failure.
 */
export function toPlatformError(
  error: unknown,
  where: { method: string; path: string },
  redact: (text: string) => string,
  timeoutMs: number,
): PlatformError {
  if (error instanceof BudgetSpentError) {
    return new PlatformRateLimitedError(
      { ...where, status: 429, errcode: null, errmsg: error.message, code: BUDGET_SPENT },
      error.retryAfterMs,
    );
  }
  if (!axios.isAxiosError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return platformErrorFromTransport(where, undefined, redact(message));
  }
  if (error.response) {
    const { status, headers } = error.response;
    const data: unknown = error.response.data;
    const parsed = parseErrorBody(data);
    const body = { errcode: parsed.errcode, errmsg: parsed.errmsg && redact(parsed.errmsg) };
    const retryAfterMs = parseRetryAfter(headers['retry-after'], Date.now());
    return platformErrorFromResponse(where, status, body, retryAfterMs);
  }
  const timedOut = error.code === 'ETIMEDOUT' || error.code === 'ECONNABORTED';
  const message = timedOut ? `timed out after ${timeoutMs} ms` : redact(error.message);
  return platformErrorFromTransport(where, error.code, message);
}
