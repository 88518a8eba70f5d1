/**
 * Domain errors, thrown by services on both sides (board and forge).
 *
 * Services never throw `HttpException`: one exception filter per application maps
 * these kinds to an HTTP status (board) or to an errcode and status (forge).
 */
export type DomainErrorKind =
  | 'not_found'
  | 'forbidden'
  | 'unauthorized'
  | 'conflict'
  | 'invalid'
  | 'unprocessable'
  | 'rate_limited'
  | 'unavailable'
  | 'upstream';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  constructor(
    message: string,
    /** Extra, machine-readable detail (the field that failed, a retry delay…). */
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
}

export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

export class UnauthorizedError extends DomainError {
  readonly kind = 'unauthorized';
}

export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

export class InvalidError extends DomainError {
  readonly kind = 'invalid';
}

/** Well-formed, but not acceptable as it stands (an idempotency key reused for another request). */
export class UnprocessableError extends DomainError {
  readonly kind = 'unprocessable';
}

export class RateLimitedError extends DomainError {
  readonly kind = 'rate_limited';
}

/** A dependency the application needs is not configured or not running. */
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable';
}

/** An outside service failed in a way no other kind describes. */
export class UpstreamError extends DomainError {
  readonly kind = 'upstream';
}
