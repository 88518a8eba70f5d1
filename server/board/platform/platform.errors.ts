/**
 * Typed failures of platform calls. Each is a subclass of the matching domain error,
 * so the board's exception filter maps it without knowing about the platform, and each
 * keeps what the platform said (status, errcode, errmsg) and what was asked (method,
 * path). `path` is the URL path only: query strings can carry signed upload tokens.
 */
import { ErrCode, type PlatformErrorBody } from '@shared/platform/types';
import {
  ConflictError,
  type DomainError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  UpstreamError,
} from '../../common/errors';

/** What the board knows about one failed platform call. */
export interface PlatformFailure {
  method: string;
  /** URL path without query string. */
  path: string;
  /** HTTP status, or 0 when no answer came (network error, timeout). */
  status: number;
  /** Platform errcode, when the body was a platform error. */
  errcode: number | null;
  /** Platform errmsg, or a description of the transport failure. */
  errmsg: string;
  /** Node/axios error code for transport failures (`ECONNREFUSED`, `ETIMEDOUT`…). */
  code?: string;
}

// A mixin's base and constructor must take `any[]` (TS2545); the cast below narrows it again.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DomainErrorClass = abstract new (...args: any[]) => DomainError;

/** A domain error class whose instances also carry the platform failure fields. */
type PlatformErrorClass<TBase extends DomainErrorClass> = new (
  failure: PlatformFailure,
) => InstanceType<TBase> & Readonly<PlatformFailure>;

/**
 * Extend a domain error with the platform fields, so each platform error is still an
 * `instanceof` its domain kind (what the board's exception filter maps).
 */
function withFailure<TBase extends DomainErrorClass>(Base: TBase): PlatformErrorClass<TBase> {
  abstract class WithFailure extends Base {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      const failure = args[0] as PlatformFailure;
      super(describeFailure(failure), { ...failure });
      Object.assign(this, failure);
    }
  }
  return WithFailure as unknown as PlatformErrorClass<TBase>;
}

export class PlatformNotFoundError extends withFailure(NotFoundError) {}

export class PlatformForbiddenError extends withFailure(ForbiddenError) {}

export class PlatformUnauthorizedError extends withFailure(UnauthorizedError) {}

export class PlatformConflictError extends withFailure(ConflictError) {}

export class PlatformInvalidError extends withFailure(InvalidError) {}

export class PlatformRateLimitedError extends withFailure(RateLimitedError) {
  constructor(
    failure: PlatformFailure,
    /** From `Retry-After`, when the platform sent one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(failure);
    this.detail['retryAfterMs'] = retryAfterMs;
  }
}

/** 5xx, unexpected statuses, network errors and timeouts. */
export class PlatformUpstreamError extends withFailure(UpstreamError) {}

export type PlatformError =
  | PlatformNotFoundError
  | PlatformForbiddenError
  | PlatformUnauthorizedError
  | PlatformConflictError
  | PlatformInvalidError
  | PlatformRateLimitedError
  | PlatformUpstreamError;

export function isPlatformError(error: unknown): error is PlatformError {
  return (
    error instanceof PlatformNotFoundError ||
    error instanceof PlatformForbiddenError ||
    error instanceof PlatformUnauthorizedError ||
    error instanceof PlatformConflictError ||
    error instanceof PlatformInvalidError ||
    error instanceof PlatformRateLimitedError ||
    error instanceof PlatformUpstreamError
  );
}

/** Read `{errcode, errmsg}` out of whatever the platform answered (object, JSON text, bytes). */
export function parseErrorBody(body: unknown): Partial<PlatformErrorBody> {
  let value: unknown = body;
  if (Buffer.isBuffer(body)) value = body.toString('utf8');
  else if (body instanceof ArrayBuffer) value = Buffer.from(body).toString('utf8');
  if (typeof value === 'string') {
    const text = value.trim();
    try {
      value = JSON.parse(text);
    } catch {
      return text ? { errmsg: text.slice(0, 500) } : {};
    }
  }
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  const out: Partial<PlatformErrorBody> = {};
  const errcode =
    typeof record['errcode'] === 'string' ? Number(record['errcode']) : record['errcode'];
  if (typeof errcode === 'number' && Number.isFinite(errcode)) out.errcode = errcode;
  const message = record['errmsg'] ?? record['message'];
  if (typeof message === 'string') out.errmsg = message;
  return out;
}

/**
 * The error for an HTTP answer outside 2xx. The errcode decides when the platform sent
 * one (it is more precise than the status); the status decides otherwise.
 */
export function platformErrorFromResponse(
  request: { method: string; path: string },
  status: number,
  body: unknown,
  retryAfterMs: number | null = null,
): PlatformError {
  const parsed = parseErrorBody(body);
  const failure: PlatformFailure = {
    method: request.method.toUpperCase(),
    path: request.path,
    status,
    errcode: parsed.errcode ?? null,
    errmsg: parsed.errmsg ?? `HTTP ${status}`,
  };
  switch (failure.errcode) {
    case ErrCode.NotFound:
      return new PlatformNotFoundError(failure);
    case ErrCode.Forbidden:
      return new PlatformForbiddenError(failure);
    case ErrCode.Unauthorized:
      return new PlatformUnauthorizedError(failure);
    case ErrCode.Conflict:
      return new PlatformConflictError(failure);
  }
  if (status === 404 || status === 410) return new PlatformNotFoundError(failure);
  if (status === 403) return new PlatformForbiddenError(failure);
  if (status === 401) return new PlatformUnauthorizedError(failure);
  if (status === 409) return new PlatformConflictError(failure);
  if (status === 429) return new PlatformRateLimitedError(failure, retryAfterMs);
  if (status === 400 || status === 413 || status === 422) return new PlatformInvalidError(failure);
  return new PlatformUpstreamError(failure);
}

/** The error for a call that got no HTTP answer. */
export function platformErrorFromTransport(
  request: { method: string; path: string },
  code: string | undefined,
  message: string,
): PlatformUpstreamError {
  return new PlatformUpstreamError({
    method: request.method.toUpperCase(),
    path: request.path,
    status: 0,
    errcode: null,
    errmsg: message,
    code,
  });
}

function describeFailure(failure: PlatformFailure): string {
  const what =
    failure.status === 0
      ? `failed (${failure.code ?? 'network error'})`
      : `answered ${failure.status}`;
  const errcode = failure.errcode === null ? '' : ` errcode ${failure.errcode}`;
  return `Platform ${failure.method} ${failure.path} ${what}${errcode}: ${failure.errmsg}`;
}
