import type { FastifyReply } from 'fastify';
import { ErrCode, type PlatformErrorBody } from '@shared/platform/types';
import { InvalidError, type DomainErrorKind } from '../../common/errors';

/**
 * Input refused for its size (a quota, a file count): an invalid request that answers
 * 413 instead of 400.
 */
export class PayloadTooLargeError extends InvalidError {}

/** HTTP status and errcode of each domain error kind (docs/architecture.md#the-forge). */
export const ERROR_BY_KIND: Readonly<Record<DomainErrorKind, { status: number; errcode: number }>> =
  {
    not_found: { status: 404, errcode: ErrCode.NotFound },
    forbidden: { status: 403, errcode: ErrCode.Forbidden },
    unauthorized: { status: 401, errcode: ErrCode.Unauthorized },
    conflict: { status: 409, errcode: ErrCode.Conflict },
    invalid: { status: 400, errcode: ErrCode.Invalid },
    unprocessable: { status: 422, errcode: ErrCode.Invalid },
    rate_limited: { status: 429, errcode: ErrCode.RateLimited },
    unavailable: { status: 503, errcode: 503 },
    upstream: { status: 502, errcode: 502 },
  };

/** errcode for an HTTP status that no domain error produced (Nest's and Fastify's own). */
export function errcodeForStatus(status: number): number {
  if (status === 404) return ErrCode.NotFound;
  if (status === 403) return ErrCode.Forbidden;
  if (status === 401) return ErrCode.Unauthorized;
  if (status === 409) return ErrCode.Conflict;
  return status;
}

/** Send the platform's error body; used by the filter and by request hooks. */
export function sendError(
  reply: FastifyReply,
  status: number,
  errcode: number,
  errmsg: string,
  errparam: Record<string, unknown> = {},
): FastifyReply {
  const body: PlatformErrorBody = { errcode, errmsg, errparam };
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}
