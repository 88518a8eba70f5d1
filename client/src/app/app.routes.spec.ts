import { TestBed } from '@angular/core/testing';
import { Title } from '@angular/platform-browser';
import { Route, TitleStrategy, provideRouter } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import adminRoutes from './admin/admin.routes';
import { routes } from './app.routes';
import { PageTitleStrategy } from './shell/page-title.strategy';
import userRoutes from './user/user.routes';

describe('routes', () => {
  let harness: RouterTestingHarness;

  beforeEach(async () => {
    TestBed.configureTestingModule({
      providers: [provideRouter(routes), { provide: TitleStrategy, useClass: PageTitleStrategy }],
    });
    harness = await RouterTestingHarness.create();
  });

  const heading = () => harness.routeNativeElement?.querySelector('h1')?.textContent?.trim();
  const pageTitle = () => TestBed.inject(Title).getTitle();

  it('loads the user and admin areas lazily', () => {
    const area = (path: string): Route | undefined => routes.find((r) => r.path === path);

    expect(area('')?.loadChildren).toEqual(expect.any(Function));
    expect(area('')?.children).toBeUndefined();
    expect(area('admin')?.loadChildren).toEqual(expect.any(Function));
    expect(area('admin')?.children).toBeUndefined();
  });

  it('has one lazy page per route in each area', () => {
    const pages = (list: Route[]) => list.map((r) => [r.path, typeof r.loadComponent]);

    expect(pages(userRoutes)).toEqual([
      ['', 'function'],
      ['tasks', 'function'],
      ['credits', 'function'],
      ['repos', 'function'],
    ]);
    expect(pages(adminRoutes)).toEqual([
      ['', 'function'],
      ['dashboard', 'function'],
      ['dispatch', 'function'],
      ['credits', 'function'],
    ]);
  });

  it.each([
    ['/', 'Dashboard', 'Dashboard · NPC Board'],
    ['/tasks', 'Task board', 'Tasks · NPC Board'],
    ['/credits', 'Credits monitor', 'Credits · NPC Board'],
    ['/repos', 'Repository health', 'Repositories · NPC Board'],
    ['/admin', 'Admin', 'Admin · NPC Board'],
    ['/admin/dashboard', 'Overview', 'Admin overview · NPC Board'],
    ['/admin/dispatch', 'Task dispatch', 'Dispatch · NPC Board'],
    ['/admin/credits', 'Credit management', 'Credit management · NPC Board'],
  ])('%s renders the "%s" placeholder titled "%s"', async (url, expectedHeading, expectedTitle) => {
    await harness.navigateByUrl(url);

    expect(heading()).toBe(expectedHeading);
    expect(harness.routeNativeElement?.textContent).toContain('Not built yet.');
    expect(pageTitle()).toBe(expectedTitle);
  });

  it('links the admin entry to its three pages', async () => {
    await harness.navigateByUrl('/admin');

    const tiles = [
      ...(harness.routeNativeElement?.querySelectorAll<HTMLAnchorElement>('a.tile') ?? []),
    ];
    expect(tiles.map((a) => a.getAttribute('href'))).toEqual([
      '/admin/dashboard',
      '/admin/dispatch',
      '/admin/credits',
    ]);
  });

  it('answers an unknown address with the not-found page', async () => {
    await harness.navigateByUrl('/no/such/page');

    expect(heading()).toBe('Page not found');
    expect(harness.routeNativeElement?.querySelector('code')?.textContent).toBe('/no/such/page');
    expect(pageTitle()).toBe('Page not found · NPC Board');
  });
});
