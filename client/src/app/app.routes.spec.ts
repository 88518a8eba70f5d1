import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Title } from '@angular/platform-browser';
import { Route, Router, TitleStrategy, provideRouter } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import adminRoutes from './admin/admin.routes';
import { AdminSessionService } from './core/admin-session.service';
import { routes } from './app.routes';
import { PageTitleStrategy } from './shell/page-title.strategy';
import userRoutes from './user/user.routes';

describe('routes', () => {
  let harness: RouterTestingHarness;

  beforeEach(async () => {
    sessionStorage.clear();
    TestBed.configureTestingModule({
      providers: [
        provideRouter(routes),
        { provide: TitleStrategy, useClass: PageTitleStrategy },
        provideHttpClient(),
        provideHttpClientTesting(),
      ],
    });
    harness = await RouterTestingHarness.create();
  });

  // The pages' requests stay unanswered: these tests are about routing only.
  afterEach(() => TestBed.inject(HttpTestingController).match(() => true));

  const heading = () => harness.routeNativeElement?.querySelector('h1')?.textContent?.trim();
  const pageTitle = () => TestBed.inject(Title).getTitle();

  it('loads the admin area lazily, and each user page with no lazy group before it', () => {
    const area = (path: string): Route | undefined => routes.find((r) => r.path === path);

    expect(area('admin')?.loadChildren).toEqual(expect.any(Function));
    expect(area('admin')?.children).toBeUndefined();
    for (const page of userRoutes) {
      expect(routes).toContain(page);
      expect(page.loadComponent).toEqual(expect.any(Function));
      expect('loadChildren' in page).toBe(false);
    }
  });

  it('has one lazy page per route, and no user route provides Chart.js', () => {
    const pages = (list: Route[]) =>
      list.map((r) => [r.path, typeof (r.loadComponent ?? r.loadChildren)]);

    expect(pages(userRoutes)).toEqual([
      ['', 'function'],
      ['tasks', 'function'],
      ['credits', 'function'],
      ['repos', 'function'],
      ['npcs', 'function'],
      ['npcs/:handle', 'function'],
    ]);
    // The chart components bring Chart.js when a page draws one.
    expect(userRoutes.filter((r) => 'providers' in r)).toEqual([]);
    expect(pages(adminRoutes)).toEqual([
      ['', 'function'],
      ['dashboard', 'function'],
      ['dispatch', 'function'],
      ['dispatches', 'function'],
      ['credits', 'function'],
      ['alerts', 'function'],
    ]);
  });

  it.each([
    ['/', 'Dashboard', 'Dashboard · NPC Board'],
    ['/tasks', 'Task board', 'Tasks · NPC Board'],
    ['/credits', 'Credits monitor', 'Credits · NPC Board'],
    ['/repos', 'Repository health', 'Repositories · NPC Board'],
    ['/npcs', 'NPC outcomes', 'NPCs · NPC Board'],
    ['/npcs/npc-builder', 'npc-builder', 'npc-builder · NPC Board'],
  ])('%s renders the "%s" page titled "%s"', async (url, expectedHeading, expectedTitle) => {
    await harness.navigateByUrl(url);

    expect(heading()).toBe(expectedHeading);
    expect(harness.routeNativeElement?.textContent).not.toContain('Not built yet.');
    expect(pageTitle()).toBe(expectedTitle);
  });

  it('keeps the admin pages behind the sign-in, the entry open', () => {
    expect(adminRoutes.map((r) => [r.path, 'canActivate' in r])).toEqual([
      ['', false],
      ['dashboard', true],
      ['dispatch', true],
      ['dispatches', true],
      ['credits', true],
      ['alerts', true],
    ]);
    // Chart.js comes with the overview's deferred charts, not with the admin routes.
    expect((adminRoutes[1] as Route).providers).toBeUndefined();
  });

  it.each([
    '/admin/dashboard',
    '/admin/dispatch',
    '/admin/dispatches',
    '/admin/credits',
    '/admin/alerts',
  ])('%s sends a signed-out visitor to the sign-in form', async (url) => {
    await harness.navigateByUrl(url);

    expect(heading()).toBe('Admin');
    expect(harness.routeNativeElement?.querySelector('input[name="admin-token"]')).not.toBeNull();
    expect(TestBed.inject(Router).url).toBe(`/admin?next=${encodeURIComponent(url)}`);
  });

  describe('signed in', () => {
    beforeEach(() => TestBed.inject(AdminSessionService).signIn('admin-token-0123456789'));
    afterEach(() => sessionStorage.clear());

    it.each([
      ['/admin', 'Admin', 'Admin · NPC Board'],
      ['/admin/dashboard', 'Overview', 'Admin overview · NPC Board'],
      ['/admin/dispatch', 'Task dispatch', 'Dispatch · NPC Board'],
      ['/admin/credits', 'Credit management', 'Credit management · NPC Board'],
    ])('%s renders the "%s" page titled "%s"', async (url, expectedHeading, expectedTitle) => {
      await harness.navigateByUrl(url);

      expect(heading()).toBe(expectedHeading);
      expect(harness.routeNativeElement?.textContent).not.toContain('Not built yet.');
      expect(pageTitle()).toBe(expectedTitle);
    });

    it('links the admin entry to its pages', async () => {
      await harness.navigateByUrl('/admin');

      const tiles = [
        ...(harness.routeNativeElement?.querySelectorAll<HTMLAnchorElement>('a.tile') ?? []),
      ];
      expect(tiles.map((a) => a.getAttribute('href'))).toEqual([
        '/admin/dashboard',
        '/admin/dispatch',
        '/admin/dispatches',
        '/admin/credits',
        '/admin/alerts',
      ]);
    });
  });

  it('answers an unknown address with the not-found page', async () => {
    await harness.navigateByUrl('/no/such/page');

    expect(heading()).toBe('Page not found');
    expect(harness.routeNativeElement?.querySelector('code')?.textContent).toBe('/no/such/page');
    expect(pageTitle()).toBe('Page not found · NPC Board');
  });
});
