import type { ErrorParams } from './error-text';

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

/** Params as sent, keeping only text and number values. */
export function paramsOf(raw: unknown): ErrorParams {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}
