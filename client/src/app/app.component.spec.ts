import { provideHttpClient, withInterceptors } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { ComponentFixture, TestBed } from '@angular/core/testing';
import { Router, provideRouter } from '@angular/router';

import { DestroyRef, signal } from '@angular/core';
import { of } from 'rxjs';

import { AppComponent } from './app.component';
import { AdminSessionService } from './core/admin-session.service';
import { routes } from './app.routes';
import { BoardMeta, Fetched } from './core/api.types';
import { ClockService } from './core/clock.service';
import { DataFreshnessService } from './core/data-freshness.service';
import { errorInterceptor } from './core/error.interceptor';

const META: BoardMeta = {
  version: '0.1.0',
  npc_handles: ['npc-builder', 'npc-reviewer', 'npc-tester'],
  credit_alert_threshold: 50,
  platform_web_url: 'http://127.0.0.1:3001',
  covered_orgs: ['acme', 'globex'],
  cache_ttl_seconds: 300,
};

const NOW = Date.parse('2026-11-22T10:00:00Z');

// The visible label of a link, without the icon's ligature name.
function labelOf(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('npc-icon').forEach((icon) => icon.remove());
  return copy.textContent?.trim() ?? '';
}

describe('AppComponent', () => {
  let fixture: ComponentFixture<AppComponent>;
  let http: HttpTestingController;
  let page: HTMLElement;

  /**
   * A banner's code loads when it is first shown (a `@defer` block): its view is created
   * once the code is there and filled by the change detection that follows.
   */
  async function bannerShown(): Promise<void> {
    await fixture.whenStable();
    await fixture.whenStable();
  }

  beforeEach(async () => {
    TestBed.configureTestingModule({
      providers: [
        provideRouter(routes),
        provideHttpClient(withInterceptors([errorInterceptor])),
        provideHttpClientTesting(),
        { provide: ClockService, useValue: { now: signal(NOW) } },
      ],
    });
    http = TestBed.inject(HttpTestingController);
    fixture = TestBed.createComponent(AppComponent);
    page = fixture.nativeElement as HTMLElement;
    await fixture.whenStable();
  });

  afterEach(() => http.verify());

  it('offers Sign out in the top bar only while an admin is signed in', async () => {
    http.expectOne('api/meta').flush(META);
    const session = TestBed.inject(AdminSessionService);
    const signOut = () => page.querySelector<HTMLButtonElement>('button.sign-out');
    expect(signOut()).toBeNull();

    session.signIn('admin-token-0123456789');
    await fixture.whenStable();
    expect(signOut() && labelOf(signOut()!)).toBe('Sign out');

    signOut()!.click();
    await fixture.whenStable();
    expect(session.signedIn()).toBe(false);
    expect(signOut()).toBeNull();
  });

  it('renders the user links and the Admin link', () => {
    http.expectOne('api/meta').flush(META);

    const links = [...page.querySelectorAll('nav[aria-label="Main"] a')].map((a) => [
      labelOf(a),
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Dashboard', '/'],
      ['Tasks', '/tasks'],
      ['Credits', '/credits'],
      ['Repositories', '/repos'],
      ['NPCs', '/npcs'],
    ]);

    const admin = page.querySelector('a.admin-link');
    expect(admin && labelOf(admin)).toBe('Admin');
    expect(admin?.getAttribute('href')).toBe('/admin');
  });

  it('marks only the link of the current page', async () => {
    http.expectOne('api/meta').flush(META);

    await TestBed.inject(Router).navigateByUrl('/tasks?state=open');
    await fixture.whenStable();
    // The task board's own requests are its spec's business.
    http.match((request) => request.url !== 'api/meta');

    const current = [...page.querySelectorAll('.bar a[aria-current="page"]')].map(labelOf);
    expect(current).toEqual(['Tasks']);
  });

  it('follows a top-bar link in the app on a plain click, and leaves a modified click to the browser', async () => {
    http.expectOne('api/meta').flush(META);
    await fixture.whenStable();
    const router = TestBed.inject(Router);
    const credits = [...page.querySelectorAll<HTMLAnchorElement>('.bar a')].find(
      (a) => labelOf(a) === 'Credits',
    )!;
    expect(credits.getAttribute('href')).toBe('/credits');

    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    // The browser would open a tab; here nothing follows it.
    credits.addEventListener('click', (e) => e.preventDefault(), { once: true });
    credits.dispatchEvent(newTab);
    await fixture.whenStable();
    expect(router.url).toBe('/');

    const plain = new MouseEvent('click', { bubbles: true, cancelable: true });
    expect(credits.dispatchEvent(plain)).toBe(false);
    await fixture.whenStable();
    http.match((request) => request.url !== 'api/meta');
    expect(router.url).toBe('/credits');
    expect(credits.getAttribute('aria-current')).toBe('page');
  });

  it('loads the phone menu on the first press of its button, and opens it', async () => {
    http.expectOne('api/meta').flush(META);
    await fixture.whenStable();
    expect(page.querySelector('npc-nav-menu')).toBeNull();

    page.querySelector<HTMLButtonElement>('button.menu-button')?.click();
    await fixture.whenStable();
    await fixture.whenStable();

    expect(page.querySelector('npc-nav-menu')).not.toBeNull();
    const items = [...document.querySelectorAll('.mat-mdc-menu-panel a[mat-menu-item]')];
    expect(items.map(labelOf)).toEqual([
      'Dashboard',
      'Tasks',
      'Credits',
      'Repositories',
      'NPCs',
      'Admin',
    ]);
    // The other language closes the menu, named in itself.
    const language = document.querySelector('.mat-mdc-menu-panel button[data-language-switch]');
    expect(language?.getAttribute('aria-label')).toBe('Switch to 简体中文');
    expect(language?.querySelector('[lang="zh-CN"]')?.textContent).toBe('简体中文');
    document.querySelector('.cdk-overlay-container')?.remove();
  });

  it('shows no banner when the board answers', async () => {
    http.expectOne('api/meta').flush(META);
    await fixture.whenStable();

    expect(page.querySelector('npc-api-banner')).toBeNull();
  });

  it("shows the server's message when the board answers 503, and retries", async () => {
    http.expectOne('api/meta').flush(
      {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'No platform configured: set PLATFORM_BASE_URL and PLATFORM_TOKEN.',
        request_id: 'req-42',
      },
      { status: 503, statusText: 'Service Unavailable' },
    );
    await bannerShown();

    const banner = page.querySelector('npc-api-banner [role="alert"]');
    expect(banner?.textContent).toContain('The platform is not available.');
    expect(banner?.textContent).toContain(
      'No platform configured: set PLATFORM_BASE_URL and PLATFORM_TOKEN.',
    );
    expect(banner?.textContent).toContain('req-42');

    page.querySelector<HTMLButtonElement>('npc-api-banner button')?.click();
    http.expectOne('api/meta').flush(META);
    await fixture.whenStable();

    expect(page.querySelector('npc-api-banner')).toBeNull();
  });

  describe('data freshness', () => {
    const answer = (cache: 'HIT' | 'STALE', asOf: number): Fetched<string[]> => ({
      data: [],
      freshness: { cache, asOf },
      pending: [],
    });

    function report(key: string, fetched: Fetched<string[]>): void {
      const freshness = TestBed.inject(DataFreshnessService);
      const scope = freshness.scope(TestBed.inject(DestroyRef));
      of(fetched).pipe(scope.track(key)).subscribe();
    }

    it('shows how old the oldest datum is, and no stale notice for cached data', async () => {
      http.expectOne('api/meta').flush(META);
      report('a', answer('HIT', NOW - 5 * 60_000));
      report('b', answer('HIT', NOW - 2 * 60_000));
      await fixture.whenStable();

      expect(page.querySelector('npc-data-status .long')?.textContent).toContain(
        'Data as of 5 minutes ago',
      );
      expect(page.querySelector('npc-stale-banner')).toBeNull();
    });

    it('shows the stale notice when an answer was stale, and Retry refreshes', async () => {
      http.expectOne('api/meta').flush(META);
      const freshness = TestBed.inject(DataFreshnessService);
      const before = freshness.refreshes();
      report('a', answer('STALE', NOW - 3 * 3_600_000));
      await bannerShown();

      const banner = page.querySelector('npc-stale-banner [role="status"]');
      expect(banner?.textContent).toContain('The platform did not answer; showing data from');
      page.querySelector<HTMLButtonElement>('npc-stale-banner button')?.click();
      expect(freshness.refreshes()).toBe(before + 1);
      http.expectOne('api/meta').flush(META);
    });

    it('says when the call budget, not the platform, holds the data back', async () => {
      http.expectOne('api/meta').flush(META);
      report('a', {
        data: [],
        freshness: {
          cache: 'STALE',
          asOf: NOW - 3_600_000,
          staleReason: 'budget',
          budgetUntil: NOW + 15 * 60_000,
        },
        pending: [],
      });
      await bannerShown();

      const banner = page.querySelector('npc-stale-banner [role="status"]');
      expect(banner?.textContent).toContain('The call budget to the platform is spent until');
      expect(banner?.textContent).not.toContain('The platform did not answer');
    });

    it('refreshes the page data and the board settings from the top bar', async () => {
      http.expectOne('api/meta').flush(META);
      const freshness = TestBed.inject(DataFreshnessService);
      const before = freshness.refreshes();
      await fixture.whenStable();

      page.querySelector<HTMLButtonElement>('npc-data-status button')?.click();

      expect(freshness.refreshes()).toBe(before + 1);
      http.expectOne('api/meta').flush(META);
    });
  });
});
