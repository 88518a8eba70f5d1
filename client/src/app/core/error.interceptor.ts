import { HttpErrorResponse, HttpInterceptorFn } from '@angular/common/http';
import { catchError, from, mergeMap, throwError } from 'rxjs';

import { ApiError } from './api-error';

type Translation = typeof import('./to-api-error');

let translation: Translation | undefined;
let loading: Promise<Translation> | undefined;

/**
 * The app's sentences for failures (core/error-text.ts) are a chunk of their own, not part
 * of the first load: fetched a few seconds after the first screen (main.ts), or by the first
 * failure that comes before.
 */
export function loadErrorText(): Promise<Translation> {
  loading ??= import('./to-api-error').then((module) => (translation = module));
  return loading;
}

/** Callers never see HttpErrorResponse: every HTTP failure arrives as an ApiError. */
export const errorInterceptor: HttpInterceptorFn = (req, next) =>
  next(req).pipe(
    catchError((error: unknown) => {
      if (!(error instanceof HttpErrorResponse)) return throwError(() => error);
      if (translation) return throwError(() => translation!.toApiError(error));
      return from(
        loadErrorText().then(
          ({ toApiError }) => toApiError(error),
          // The sentences could not be fetched (the board went away): the status still says it.
          () => new ApiError(error.status, error.message),
        ),
      ).pipe(mergeMap((apiError) => throwError(() => apiError)));
    }),
  );
