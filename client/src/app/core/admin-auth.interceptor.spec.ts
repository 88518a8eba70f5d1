import { HttpClient, HttpHeaders, provideHttpClient, withInterceptors } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router, provideRouter } from '@angular/router';

import { adminAuthInterceptor, isAdminUrl } from './admin-auth.interceptor';
import { ADMIN_TOKEN_KEY, AdminSessionService } from './admin-session.service';
import { ApiError } from './api-error';
import { errorInterceptor } from './error.interceptor';

const TOKEN = 'admin-token-0123456789';

describe('adminAuthInterceptor', () => {
  let http: HttpClient;
  let backend: HttpTestingController;
  let session: AdminSessionService;

  function setUp(): void {
    TestBed.configureTestingModule({
      providers: [
        provideRouter([]),
        provideHttpClient(withInterceptors([adminAuthInterceptor, errorInterceptor])),
        provideHttpClientTesting(),
      ],
    });
    http = TestBed.inject(HttpClient);
    backend = TestBed.inject(HttpTestingController);
    session = TestBed.inject(AdminSessionService);
  }

  beforeEach(() => {
    sessionStorage.clear();
    setUp();
  });

  afterEach(() => backend.verify());

  const authOf = (url: string, method = 'GET') =>
    backend.expectOne({ url, method }).request.headers.get('Authorization');

  it('adds the stored token to the admin routes', () => {
    session.signIn(TOKEN);
    http.get('api/admin/overview?days=7').subscribe();
    http.put('api/admin/settings', {}).subscribe();
    http.post('api/admin/credits/refresh', null).subscribe();
    http.post('api/issues/create', {}).subscribe();
    http.post('api/issues/preflight', {}).subscribe();

    expect(authOf('api/admin/overview?days=7')).toBe(`Bearer ${TOKEN}`);
    expect(authOf('api/admin/settings', 'PUT')).toBe(`Bearer ${TOKEN}`);
    expect(authOf('api/admin/credits/refresh', 'POST')).toBe(`Bearer ${TOKEN}`);
    expect(authOf('api/issues/create', 'POST')).toBe(`Bearer ${TOKEN}`);
    expect(authOf('api/issues/preflight', 'POST')).toBe(`Bearer ${TOKEN}`);
  });

  it('never sends it to the public routes or to another origin', () => {
    session.signIn(TOKEN);
    const urls = [
      'api/meta',
      'api/orgs',
      'api/issues?npc=true',
      'api/orgs/admin/repos',
      'api/repos/api/admin/issues',
      'https://elsewhere.test/api/admin/settings',
    ];
    for (const url of urls) http.get(url).subscribe();

    for (const url of urls) expect(authOf(url)).toBeNull();
  });

  it('sends nothing while signed out', () => {
    http.get('api/admin/settings').subscribe({ error: () => undefined });
    expect(authOf('api/admin/settings')).toBeNull();
  });

  it('leaves a request that names its own credentials alone', () => {
    session.signIn(TOKEN);
    const headers = new HttpHeaders({ Authorization: 'Bearer candidate' });
    http.get('api/admin/settings', { headers }).subscribe();
    expect(authOf('api/admin/settings')).toBe('Bearer candidate');
  });

  it('signs out and says why when the server refuses the stored token', () => {
    session.signIn(TOKEN);
    const router = TestBed.inject(Router);
    const navigate = jest.spyOn(router, 'navigate').mockResolvedValue(true);
    jest.spyOn(router, 'url', 'get').mockReturnValue('/admin/dispatch');
    let caught: unknown;
    http.get('api/admin/overview').subscribe({ error: (e: unknown) => (caught = e) });
    backend
      .expectOne('api/admin/overview')
      .flush(
        { message: 'The admin token is not valid' },
        { status: 401, statusText: 'Unauthorized' },
      );

    expect(caught).toBeInstanceOf(ApiError);
    expect(session.signedIn()).toBe(false);
    expect(session.signOutReason()).toBe('refused');
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith(['/admin']);
  });

  it('does not sign out when a candidate token is refused', () => {
    session.signIn(TOKEN);
    const headers = new HttpHeaders({ Authorization: 'Bearer wrong' });
    http.get('api/admin/settings', { headers }).subscribe({ error: () => undefined });
    backend.expectOne('api/admin/settings').flush({}, { status: 401, statusText: 'Unauthorized' });
    expect(session.signedIn()).toBe(true);
  });

  it('ignores other failures of admin routes', () => {
    session.signIn(TOKEN);
    http.get('api/admin/overview').subscribe({ error: () => undefined });
    backend.expectOne('api/admin/overview').flush({}, { status: 502, statusText: 'Bad Gateway' });
    expect(session.signedIn()).toBe(true);
  });
});

describe('AdminSessionService', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the token in sessionStorage and picks it up on the next visit', () => {
    TestBed.configureTestingModule({ providers: [provideRouter([])] });
    TestBed.inject(AdminSessionService).signIn(TOKEN);
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBe(TOKEN);

    TestBed.resetTestingModule();
    TestBed.configureTestingModule({ providers: [provideRouter([])] });
    const again = TestBed.inject(AdminSessionService);
    expect(again.token()).toBe(TOKEN);
    expect(again.signedIn()).toBe(true);
    expect(again.signOutReason()).toBeNull();
  });

  it('forgets it on sign-out and remembers that the admin signed out', () => {
    TestBed.configureTestingModule({ providers: [provideRouter([])] });
    const session = TestBed.inject(AdminSessionService);
    session.signIn(TOKEN);
    session.signOut();
    expect(session.token()).toBeNull();
    expect(session.signOutReason()).toBe('signed-out');
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });
});

describe('isAdminUrl', () => {
  it.each([
    ['api/admin/settings', true],
    ['api/admin/overview?days=30', true],
    ['api/issues/create', true],
    ['api/issues/create?x=1', true],
    ['api/issues/preflight', true],
    ['api/issues/preflighted', false],
    ['api/issues/created', false],
    ['api/issues', false],
    ['api/admin', false],
    ['/api/admin/settings', false],
    ['api/orgs/admin/repos', false],
  ])('%s → %s', (url, expected) => {
    expect(isAdminUrl(url)).toBe(expected);
  });
});
