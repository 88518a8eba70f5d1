import { HttpErrorResponse } from '@angular/common/http';

import { ApiError, paramsOf } from './api-error';
import { BoardErrorBody } from './api.types';
import { bareStatusText, errorText } from './error-text';

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
