import {
  isPlatformError,
  PlatformForbiddenError,
  PlatformRateLimitedError,
  PlatformUnauthorizedError,
  PlatformUpstreamError,
  type PlatformError,
} from '../platform/platform.errors';
import { BUDGET_SPENT } from '../platform/platform-failures';
import type { BoardErrorCode, MessageParams } from '@shared/board/errors';

/**
 * How the board answers a platform failure, in one table. These are failures of the
 * platform or of the board's access to it, never of the person asking: a read answers its
 * last good data (`X-Cache: STALE`) or, with none, 502 with the message below; an admin
 * route answers 502 with it. None is a 401 or 403 to the browser, so an expired platform
 * token never signs an admin out. A 404 stays a 404; a 403 or 404 about one repository or
 * issue is turned into the board's one "not found" before it gets here.
 *
 * | platform answer                         | message                                      |
 * | --------------------------------------- | -------------------------------------------- |
 * | 401 / errcode 16                        | the platform refused the board's token       |
 * | 403 / errcode 7 (organization-wide)     | the platform refused the board access        |
 * | 429 after the client's retries          | the platform is rate limiting the board      |
 * | the board's own call budget refused     | the board's platform call budget is spent    |
 * | 5xx, timeout, network error             | the platform failed                          |
 */
export function upstreamFailureMessage(error: unknown): string | null {
  return upstreamFailure(error)?.message ?? null;
}

/** The message of a platform failure (above) with its answer's code and params. */
export function upstreamFailure(
  error: unknown,
): { message: string; code: BoardErrorCode; params: MessageParams } | null {
  if (!isPlatformError(error)) return null;
  if (error instanceof PlatformUnauthorizedError) {
    return {
      message: "The platform refused the board's token (HTTP 401): check PLATFORM_TOKEN",
      code: 'upstream_unauthorized',
      params: {},
    };
  }
  if (error instanceof PlatformForbiddenError) {
    return {
      message: 'The platform refused the board access (HTTP 403): the token lacks a role or scope',
      code: 'upstream_forbidden',
      params: {},
    };
  }
  if (error instanceof PlatformRateLimitedError && error.code === BUDGET_SPENT) {
    return {
      message: `The board's platform call budget is spent for now (${error.errmsg}); try again shortly`,
      code: 'upstream_budget_spent',
      params: {},
    };
  }
  if (error instanceof PlatformRateLimitedError) {
    return {
      message: 'The platform is rate limiting the board (HTTP 429); try again shortly',
      code: 'upstream_rate_limited',
      params: {},
    };
  }
  if (error instanceof PlatformUpstreamError) {
    const detail = describe(error);
    return {
      message: `The platform failed: ${detail}`,
      code: 'upstream_unavailable',
      params: { detail },
    };
  }
  return null;
}

/** Whether a route may answer its last good data instead of this error. */
export function isUpstreamFailure(error: unknown): boolean {
  return upstreamFailureMessage(error) !== null;
}

function describe(error: PlatformError): string {
  return error.status === 0
    ? `no answer (${error.code ?? 'network error'})`
    : `HTTP ${error.status}${error.errcode === null ? '' : ` errcode ${error.errcode}`}`;
}
