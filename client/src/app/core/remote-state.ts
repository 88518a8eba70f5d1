import { ApiError } from './api-error';

/** What a page knows about one piece of remote data (see remoteResource). */
export interface RemoteState<T> {
  readonly loading: boolean;
  /** The last good answer; kept while a reload is in flight so the page does not flash. */
  readonly data: T | null;
  readonly error: ApiError | null;
}

/** Any failure as an ApiError: the interceptor already maps HTTP failures, this catches the rest. */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}
