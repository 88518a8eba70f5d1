import { HttpInterceptorFn } from '@angular/common/http';
import { inject } from '@angular/core';
import { catchError, throwError } from 'rxjs';

import { AdminSessionService } from './admin-session.service';

// Relative URLs only, as ApiService sends them: an absolute URL goes to some other
// origin, which must never see the admin token, and anchoring at the start keeps a public
// route whose path merely contains "api/admin/" (an org or repo so named) out too.
const ADMIN_URL = /^api\/(?:admin\/|issues\/(?:create|preflight)(?:[?#]|$))/;

/** True for the board's admin routes: `api/admin/*`, `api/issues/create` and `…/preflight`. */
export function isAdminUrl(url: string): boolean {
  return ADMIN_URL.test(url);
}

/**
 * Adds `Authorization: Bearer <admin token>` to admin routes, and only to them. A request
 * that already names its credentials (the sign-in form checking a candidate token) is
 * left alone. When the server refuses the stored token (401), the admin is signed out
 * and the entry page says why: the token changed, for instance when the board restarted.
 */
export const adminAuthInterceptor: HttpInterceptorFn = (req, next) => {
  const session = inject(AdminSessionService);
  const token = session.token();
  if (!token || !isAdminUrl(req.url) || req.headers.has('Authorization')) {
    return next(req);
  }
  return next(req.clone({ setHeaders: { Authorization: `Bearer ${token}` } })).pipe(
    catchError((error: unknown) => {
      // The error interceptor runs first on the way back, so this is usually an ApiError;
      // either way only the status matters here.
      if (statusOf(error) === 401 && session.token() === token) session.signOut('refused');
      return throwError(() => error);
    }),
  );
};

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error
    ? Number(error.status)
    : undefined;
}
