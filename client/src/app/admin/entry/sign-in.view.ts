import { ApiError } from '../../core/api-error';
import { SignOutReason } from '../../core/admin-session.service';

/** What the sign-in form says when the server turns a token down. */
export function signInErrorText(error: ApiError): string {
  switch (error.status) {
    case 401:
      return 'That token is not valid.';
    case 403:
      // "The admin area is disabled: set ADMIN_TOKEN…": the server's words say what to do.
      return error.message;
    case 429:
      return error.retryAfterSeconds === undefined
        ? 'Too many attempts, try again later.'
        : `Too many attempts, try again in ${error.retryAfterSeconds} s.`;
    case 0:
      return error.message;
    default:
      return `Could not sign in: ${error.message}`;
  }
}

/** Why the form is showing again, when the admin did not just arrive. */
export function signOutNotice(reason: SignOutReason | null): string | null {
  switch (reason) {
    case 'refused':
      return 'You were signed out because the board refused the admin token. It changes when the board restarts without a fixed ADMIN_TOKEN; sign in with the current one.';
    case 'signed-out':
      return 'You are signed out.';
    default:
      return null;
  }
}
