import { provideHttpClient, withInterceptors } from '@angular/common/http';
import {
  HttpTestingController,
  TestRequest,
  provideHttpClientTesting,
} from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';

import { ApiError } from './api-error';
import { ApiService } from './api.service';
import { errorInterceptor } from './error.interceptor';

describe('errorInterceptor', () => {
  let api: ApiService;
  let http: HttpTestingController;

  beforeEach(() => {
    TestBed.configureTestingModule({
      providers: [
        provideHttpClient(withInterceptors([errorInterceptor])),
        provideHttpClientTesting(),
      ],
    });
    api = TestBed.inject(ApiService);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  function failMeta(
    body: Parameters<TestRequest['flush']>[0],
    init: { status: number; statusText: string },
  ): unknown {
    let caught: unknown;
    api.meta().subscribe({ error: (error: unknown) => (caught = error) });
    http.expectOne('api/meta').flush(body, init);
    return caught;
  }

  it('maps a 503 board error body to an ApiError carrying the server message', () => {
    const error = failMeta(
      {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'No platform configured: set PLATFORM_BASE_URL and PLATFORM_TOKEN.',
        request_id: 'req-7f3a',
      },
      { status: 503, statusText: 'Service Unavailable' },
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 503,
      message: 'No platform configured: set PLATFORM_BASE_URL and PLATFORM_TOKEN.',
      requestId: 'req-7f3a',
      unavailable: true,
    });
  });

  it('joins the list of messages a validation error carries', () => {
    const error = failMeta(
      {
        statusCode: 400,
        error: 'Bad Request',
        message: ['days must be 7 or 30', 'page must be positive'],
      },
      { status: 400, statusText: 'Bad Request' },
    );

    expect(error).toMatchObject({
      status: 400,
      message: 'days must be 7 or 30; page must be positive',
      requestId: undefined,
      unavailable: false,
    });
  });

  it('describes an answer that is not a board error body by its status', () => {
    const error = failMeta('<html>Not Found</html>', { status: 404, statusText: 'Not Found' });

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      message: 'The board server answered 404 Not Found.',
    });
  });

  it('reads how long to wait from Retry-After, in seconds or as a date', () => {
    let caught: unknown;
    api.meta().subscribe({ error: (error: unknown) => (caught = error) });
    http
      .expectOne('api/meta')
      .flush(
        { statusCode: 429, error: 'Too Many Requests', message: 'Too many failed admin sign-ins' },
        { status: 429, statusText: 'Too Many Requests', headers: { 'Retry-After': '42' } },
      );
    expect(caught).toMatchObject({ status: 429, retryAfterSeconds: 42 });

    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    api.meta().subscribe({ error: (error: unknown) => (caught = error) });
    http
      .expectOne('api/meta')
      .flush(
        {},
        { status: 429, statusText: 'Too Many Requests', headers: { 'Retry-After': inTwoMinutes } },
      );
    expect((caught as ApiError).retryAfterSeconds).toBeGreaterThan(100);
    expect((caught as ApiError).retryAfterSeconds).toBeLessThanOrEqual(120);
  });

  it('reports an unreachable server as status 0', () => {
    let caught: unknown;
    api.meta().subscribe({ error: (error: unknown) => (caught = error) });
    http.expectOne('api/meta').error(new ProgressEvent('error'));

    expect(caught).toBeInstanceOf(ApiError);
    expect(caught).toMatchObject({ status: 0, message: 'The board server could not be reached.' });
  });

  it('waits for the sentences when a failure comes before they are fetched', async () => {
    // A module registry of its own: its interceptor has not fetched the sentences yet.
    let seen: unknown;
    await jest.isolateModulesAsync(async () => {
      const { HttpErrorResponse, HttpHeaders, HttpRequest } = await import('@angular/common/http');
      const { errorInterceptor: first } = await import('./error.interceptor');
      const failure = new HttpErrorResponse({
        status: 429,
        statusText: 'Too Many Requests',
        headers: new HttpHeaders({ 'Retry-After': '30' }),
        error: { code: 'rate_limited', params: {}, message: 'Too many requests' },
      });
      const { firstValueFrom, throwError } = await import('rxjs');
      seen = await firstValueFrom(
        first(new HttpRequest('GET', 'api/orgs'), () => throwError(() => failure)),
      ).catch((error: unknown) => error);
    });
    expect(seen).toMatchObject({ name: 'ApiError', status: 429, retryAfterSeconds: 30 });
    expect((seen as Error).message).toBe('Too many requests; try again shortly.');
  });
});
