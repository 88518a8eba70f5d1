import { HttpErrorResponse } from '@angular/common/http';

import { BoardErrorBody } from './api.types';

/** A failed board API call, as every caller sees it after the error interceptor. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server could not be reached at all. */
    readonly status: number,
    message: string,
    /** The board's request id, to quote when reporting a problem. */
    readonly requestId?: string,
    /** From `Retry-After` on a 429: how long the server asks the caller to wait. */
    readonly retryAfterSeconds?: number,
    /** The error body as the board sent it, for fields some answers add (a 409's findings). */
    readonly body?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }

  /** 503 is how the board says the platform is not configured or not reachable. */
  get unavailable(): boolean {
    return this.status === 503;
  }
}

/** Turns any HttpClient failure into an ApiError, preferring the server's own words. */
export function toApiError(response: HttpErrorResponse): ApiError {
  const body = parseBody(response.error);
  const requestId = body?.request_id ?? response.headers?.get('X-Request-Id') ?? undefined;
  return new ApiError(
    response.status,
    messageOf(response, body),
    requestId,
    retryAfterOf(response.headers?.get('Retry-After') ?? null),
    (body as Readonly<Record<string, unknown>> | null) ?? undefined,
  );
}

// Retry-After is either seconds or an HTTP date; either way the caller wants seconds.
function retryAfterOf(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function messageOf(response: HttpErrorResponse, body: BoardErrorBody | null): string {
  if (body?.message) {
    return body.message;
  }
  if (response.status === 0) {
    return 'The board server could not be reached.';
  }
  const reason =
    response.statusText && response.statusText !== 'OK' ? ` ${response.statusText}` : '';
  return `The board server answered ${response.status}${reason}.`;
}

// A proxy in front of the board may answer with HTML or plain text; only a body shaped
// like the board's own error counts.
function parseBody(raw: unknown): BoardErrorBody | null {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || !('message' in value)) {
    return null;
  }
  // A list of messages (as some proxies and older answers send) reads as one.
  const message = value.message;
  if (typeof message === 'string') return value as BoardErrorBody;
  if (Array.isArray(message) && message.every((m) => typeof m === 'string')) {
    return { ...(value as BoardErrorBody), message: message.join('; ') };
  }
  return null;
}
