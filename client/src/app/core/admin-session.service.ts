import { DOCUMENT, Injectable, computed, inject, signal } from '@angular/core';
import { Router } from '@angular/router';

/**
 * Where the admin token is kept: this browser tab's session only
 * (docs/architecture.md#security).
 */
export const ADMIN_TOKEN_KEY = 'npcBoard.adminToken';

/** Why the entry page shows the sign-in form again. */
export type SignOutReason = 'signed-out' | 'refused';

/**
 * The admin's sign-in for this browser session. The token is checked against the server
 * when it is entered (see the admin entry page) and kept in `sessionStorage`, so it lasts
 * until the tab closes and is never written to disk. It lives in the app's core because
 * the top bar and the HTTP interceptor need it on every page.
 */
@Injectable({ providedIn: 'root' })
export class AdminSessionService {
  private readonly router = inject(Router);
  private readonly storage = storageOf(inject(DOCUMENT).defaultView);
  private readonly current = signal<string | null>(this.read());
  private readonly reason = signal<SignOutReason | null>(null);

  /** The admin token, or null when signed out. */
  readonly token = this.current.asReadonly();
  readonly signedIn = computed(() => this.current() !== null);
  /** Why the last sign-out happened, until the next sign-in. */
  readonly signOutReason = this.reason.asReadonly();

  /** Keeps a token the server has accepted. */
  signIn(token: string): void {
    this.write(token);
    this.current.set(token);
    this.reason.set(null);
  }

  /** Forgets the token; from an admin page, goes back to the sign-in form. */
  signOut(reason: SignOutReason = 'signed-out'): void {
    this.write(null);
    this.current.set(null);
    this.reason.set(reason);
    if (this.router.url.startsWith('/admin/')) {
      void this.router.navigate(['/admin']);
    }
  }

  private read(): string | null {
    try {
      return this.storage?.getItem(ADMIN_TOKEN_KEY) || null;
    } catch {
      return null;
    }
  }

  // Storage may be unavailable (privacy settings); the sign-in then lasts until a reload.
  private write(token: string | null): void {
    try {
      if (token === null) this.storage?.removeItem(ADMIN_TOKEN_KEY);
      else this.storage?.setItem(ADMIN_TOKEN_KEY, token);
    } catch {
      // Nothing to do: the signal still holds the state for this page's life.
    }
  }
}

function storageOf(view: Window | null): Storage | null {
  try {
    return view?.sessionStorage ?? null;
  } catch {
    return null;
  }
}
