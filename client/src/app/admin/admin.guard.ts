import { inject } from '@angular/core';
import { CanActivateFn, Router } from '@angular/router';

import { AdminSessionService } from '../core/admin-session.service';

/**
 * The admin pages need a signed-in admin; anyone else goes to the sign-in form at
 * `/admin`, which returns them to the page they asked for (`next`) once signed in.
 */
export const adminGuard: CanActivateFn = (_route, state) =>
  inject(AdminSessionService).signedIn() ||
  inject(Router).createUrlTree(['/admin'], { queryParams: { next: state.url } });

/** The page to open after signing in: `next` when it is an admin page, else none. */
export function returnUrl(next: unknown): string | null {
  return typeof next === 'string' && /^\/admin\/[a-z]/.test(next) ? next : null;
}
