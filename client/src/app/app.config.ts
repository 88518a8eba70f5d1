import { provideHttpClient, withFetch, withInterceptors } from '@angular/common/http';
import { ApplicationConfig, ErrorHandler, provideBrowserGlobalErrorListeners } from '@angular/core';
import {
  TitleStrategy,
  provideRouter,
  withComponentInputBinding,
  withDisabledInitialNavigation,
  withInMemoryScrolling,
} from '@angular/router';

import { routes } from './app.routes';
import { adminAuthInterceptor } from './core/admin-auth.interceptor';
import { AppErrorHandler } from './core/app-error.handler';
import { errorInterceptor } from './core/error.interceptor';
import { PageTitleStrategy } from './shell/page-title.strategy';

/** Zoneless is Angular 21's default, so no change-detection provider is needed. */
export const appConfig: ApplicationConfig = {
  providers: [
    provideBrowserGlobalErrorListeners(),
    { provide: ErrorHandler, useClass: AppErrorHandler },
    provideRouter(
      routes,
      withComponentInputBinding(),
      withInMemoryScrolling({ scrollPositionRestoration: 'enabled', anchorScrolling: 'enabled' }),
      // main.ts starts the first navigation in a task of its own, after the frame is drawn.
      withDisabledInitialNavigation(),
    ),
    { provide: TitleStrategy, useClass: PageTitleStrategy },
    // The admin interceptor comes first, so on the way back it sees the ApiError that the
    // error interceptor made.
    provideHttpClient(withFetch(), withInterceptors([adminAuthInterceptor, errorInterceptor])),
  ],
};
