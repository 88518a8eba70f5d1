import { provideHttpClient, withInterceptors } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { EnvironmentProviders, Provider, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { MATERIAL_ANIMATIONS } from '@angular/material/core';
import { provideRouter } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';
import type { BoardMeta } from '@shared/board/entities';

import { routes } from '../app.routes';
import { adminAuthInterceptor } from '../core/admin-auth.interceptor';
import { BoardMetaService } from '../core/board-meta.service';
import { ClockService } from '../core/clock.service';
import { errorInterceptor } from '../core/error.interceptor';
import { META } from './fixtures';

/** The time every page spec runs at. */
export const NOW = Date.parse('2026-11-22T12:00:00Z');

/**
 * A routed page under test: the real routes, HTTP answered by the spec, a fixed clock,
 * and `api/meta` already answered (the shell loads it before any page needs it).
 */
export async function setUpPage(
  url: string,
  meta: BoardMeta = META,
  providers: (Provider | EnvironmentProviders)[] = [],
): Promise<{
  harness: RouterTestingHarness;
  http: HttpTestingController;
  page: () => HTMLElement;
}> {
  // jsdom has no canvas; charts then simply do not draw.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
  TestBed.configureTestingModule({
    providers: [
      provideRouter(routes),
      provideHttpClient(withInterceptors([adminAuthInterceptor, errorInterceptor])),
      provideHttpClientTesting(),
      { provide: ClockService, useValue: { now: signal(NOW) } },
      // Dialogs then open and close at once instead of after their transitions.
      { provide: MATERIAL_ANIMATIONS, useValue: { animationsDisabled: true } },
      ...providers,
    ],
  });
  const http = TestBed.inject(HttpTestingController);
  TestBed.inject(BoardMetaService).load();
  http.expectOne('api/meta').flush(meta);
  const harness = await RouterTestingHarness.create();
  await harness.navigateByUrl(url);
  const page = () => harness.routeNativeElement as HTMLElement;
  return { harness, http, page };
}

/** Lets signals, effects and rendering catch up after answering requests. */
export async function settle(harness: RouterTestingHarness): Promise<void> {
  await harness.fixture.whenStable();
  harness.detectChanges();
}

export const BAD_GATEWAY = {
  status: 502,
  statusText: 'Bad Gateway',
};

export const errorBody = (message: string) => ({
  statusCode: 502,
  error: 'Bad Gateway',
  message,
  request_id: 'req-1',
});
