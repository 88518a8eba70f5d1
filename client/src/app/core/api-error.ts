import { HttpErrorResponse } from '@angular/common/http';

import { BoardErrorBody } from './api.types';
import { bareStatusText, errorText, type ErrorParams } from './error-text';

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

  /** The board's stable name for the failure (shared/board/errors.ts), when it sent one. */
  get code(): string | undefined {
    const code = this.body?.['code'];
    return typeof code === 'string' ? code : undefined;
  }

  /** The values the failure's text is written from. */
  get params(): ErrorParams {
    return paramsOf(this.body?.['params']);
  }

  /** The server's own English message, for logs and reports; `message` is the app's text. */
  get serverMessage(): string | undefined {
    const message = this.body?.['message'];
    return typeof message === 'string' ? message : undefined;
  }
}

/**
 * Turns any HttpClient failure into an ApiError. Its message is the app's own sentence
 * for the board's `code` and `params` (core/error-text.ts); a body without a code (an
 * older board, a proxy speaking the same shape) keeps its message; anything else reads
 * by its status.
 */
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

function messageOf(response: HttpErrorResponse, body: ParsedBody | null): string {
  if (typeof body?.code === 'string' && body.code !== '') {
    return errorText(body.code, paramsOf(body.params), response.status);
  }
  if (body?.message) {
    return body.message;
  }
  return bareStatusText(response.status, response.statusText);
}

/** Params as sent, keeping only text and number values. */
function paramsOf(raw: unknown): ErrorParams {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}

/** An error body as read: the board's, or one from before `code` and `params`. */
type ParsedBody = Omit<BoardErrorBody, 'code' | 'params'> &
  Partial<Pick<BoardErrorBody, 'code' | 'params'>>;

// A proxy in front of the board may answer with HTML or plain text; only a body shaped
// like the board's own error counts.
function parseBody(raw: unknown): ParsedBody | null {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const coded = 'code' in value && typeof value.code === 'string';
  if (!('message' in value)) return coded ? ({ ...value, message: '' } as ParsedBody) : null;
  // A list of messages (as some proxies and older answers send) reads as one.
  const message = value.message;
  if (typeof message === 'string') return value as ParsedBody;
  if (Array.isArray(message) && message.every((m) => typeof m === 'string')) {
    return { ...(value as ParsedBody), message: message.join('; ') };
  }
  return coded ? ({ ...value, message: '' } as ParsedBody) : null;
}
