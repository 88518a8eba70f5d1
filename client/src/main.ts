import { ApplicationRef, afterNextRender } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { Event, NavigationCancel, NavigationEnd, NavigationError, Router } from '@angular/router';
import { filter, take } from 'rxjs';

import { AppComponent } from './app/app.component';
import { appConfig } from './app/app.config';
import { loadErrorText } from './app/core/error.interceptor';
import { whenIdle } from './app/core/when-idle';
import { COMMON_FORMATTERS } from './app/ui/format';
import { collator } from './app/ui/sort';

// Start-up runs in tasks instead of one, so a phone's main thread answers input in
// between: evaluating the code (this module), creating the frame (top bar), making the
// formatters and the collator first screens use (one task each: each loads locale data),
// and the first navigation (the routed page; the app config disables the router's own
// initial one).
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

const settled = (e: Event): boolean =>
  e instanceof NavigationEnd || e instanceof NavigationCancel || e instanceof NavigationError;

/**
 * The board sends a user page's first screen (its heading) in the HTML, and the app is
 * drawn hidden behind it; it goes once the first navigation's page is drawn, in the same
 * frame as the app appears, so the heading never leaves the screen.
 */
function replaceFirstScreen(app: ApplicationRef, router: Router): void {
  const shell = document.querySelector('.app-shell');
  if (!shell) return;
  router.events.pipe(filter(settled), take(1)).subscribe(() => {
    afterNextRender(() => shell.remove(), { injector: app.injector });
  });
}

nextTask()
  .then(() => bootstrapApplication(AppComponent, appConfig))
  .then(async (app) => {
    for (const make of [...COMMON_FORMATTERS, collator]) {
      await nextTask();
      make();
    }
    await nextTask();
    const router = app.injector.get(Router);
    replaceFirstScreen(app, router);
    router.initialNavigation();
    // The failure sentences, fetched well after the first screen (a failure before then
    // waits for them), so that one while the board is away still reads.
    setTimeout(() => whenIdle(() => void loadErrorText().catch(() => undefined)), 5_000);
  })
  .catch((err: unknown) => {
    // Without an app, the first screen is all there is; better an empty page than a still one.
    document.querySelector('.app-shell')?.remove();
    console.error(err);
  });
