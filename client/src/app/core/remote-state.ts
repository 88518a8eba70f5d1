import {
  Observable,
  OperatorFunction,
  catchError,
  map,
  of,
  scan,
  startWith,
  switchMap,
} from 'rxjs';

import { ApiError } from './api-error';

/** What a page knows about one piece of remote data. */
export interface RemoteState<T> {
  readonly loading: boolean;
  /** The last good answer; kept while a reload is in flight so the page does not flash. */
  readonly data: T | null;
  readonly error: ApiError | null;
}

export const INITIAL_REMOTE: RemoteState<never> = { loading: true, data: null, error: null };

/** Any failure as an ApiError: the interceptor already maps HTTP failures, this catches the rest. */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}

/**
 * For each emitted request parameter, fetch and report loading, data and error. A newer
 * parameter cancels the request in flight. While loading, the previous data stays
 * visible; a failure drops it, because data for other parameters would be misleading
 * next to an error about these ones.
 */
export function loadEach<P, T>(
  fetch: (params: P) => Observable<T>,
): OperatorFunction<P, RemoteState<T>> {
  return (params$) =>
    params$.pipe(
      switchMap((params) =>
        fetch(params).pipe(
          map((data): RemoteState<T> => ({ loading: false, data, error: null })),
          catchError((error: unknown) =>
            of<RemoteState<T>>({ loading: false, data: null, error: asApiError(error) }),
          ),
          startWith<RemoteState<T>>({ loading: true, data: null, error: null }),
        ),
      ),
      scan(
        (previous: RemoteState<T>, next: RemoteState<T>): RemoteState<T> =>
          next.loading ? { ...next, data: previous.data } : next,
        INITIAL_REMOTE as RemoteState<T>,
      ),
    );
}
