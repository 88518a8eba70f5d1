import { ApiError } from '../../core/api-error';
import { SignOutReason } from '../../core/admin-session.service';
import { formatInterval } from '../../ui/format';

/** What the sign-in form says when the server turns a token down. */
export function signInErrorText(error: ApiError): string {
  switch (error.status) {
    case 401:
      return $localize`:@@admin.entry.signIn.invalidToken:That token is not valid.`;
    case 403:
      // "The admin area is disabled: set ADMIN_TOKEN…": the server's words say what to do.
      return error.message;
    case 429:
      return error.retryAfterSeconds === undefined
        ? $localize`:@@admin.entry.signIn.throttled:Too many attempts, try again later.`
        : $localize`:@@admin.entry.signIn.throttledFor:Too many attempts, try again in ${formatInterval(error.retryAfterSeconds)}:wait:.`;
    case 0:
      return error.message;
    default:
      return $localize`:@@admin.entry.signIn.failed:Could not sign in: ${error.message}:message:`;
  }
}

/** Why the form is showing again, when the admin did not just arrive. */
export function signOutNotice(reason: SignOutReason | null): string | null {
  switch (reason) {
    case 'refused':
      return $localize`:@@admin.entry.signOut.refused:You were signed out because the board refused the admin token. It changes when the board restarts without a fixed ADMIN_TOKEN; sign in with the current one.`;
    case 'signed-out':
      return $localize`:@@admin.entry.signOut.done:You are signed out.`;
    default:
      return null;
  }
}
