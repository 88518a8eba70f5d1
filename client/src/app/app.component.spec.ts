import { provideHttpClient, withInterceptors } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { ComponentFixture, TestBed } from '@angular/core/testing';
import { Router, provideRouter } from '@angular/router';

import { AppComponent } from './app.component';
import { routes } from './app.routes';
import { BoardMeta } from './core/api.types';
import { errorInterceptor } from './core/error.interceptor';

const META: BoardMeta = {
  version: '0.1.0',
  npc_handles: ['npc-builder', 'npc-reviewer', 'npc-tester'],
  credit_alert_threshold: 50,
  platform_web_url: 'http://127.0.0.1:3001',
  covered_orgs: ['acme', 'globex'],
};

// The visible label of a link, without the icon's ligature name.
function labelOf(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('mat-icon').forEach((icon) => icon.remove());
  return copy.textContent?.trim() ?? '';
}

describe('AppComponent', () => {
  let fixture: ComponentFixture<AppComponent>;
  let http: HttpTestingController;
  let page: HTMLElement;

  beforeEach(async () => {
    TestBed.configureTestingModule({
      providers: [
        provideRouter(routes),
        provideHttpClient(withInterceptors([errorInterceptor])),
        provideHttpClientTesting(),
      ],
    });
    http = TestBed.inject(HttpTestingController);
    fixture = TestBed.createComponent(AppComponent);
    page = fixture.nativeElement as HTMLElement;
    await fixture.whenStable();
  });

  afterEach(() => http.verify());

  it('renders the four user links and the Admin link', () => {
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
    ]);

    const admin = page.querySelector('a.admin-link');
    expect(admin && labelOf(admin)).toBe('Admin');
    expect(admin?.getAttribute('href')).toBe('/admin');
  });

  it('marks only the link of the current page', async () => {
    http.expectOne('api/meta').flush(META);

    await TestBed.inject(Router).navigateByUrl('/tasks?state=open');
    await fixture.whenStable();

    const current = [...page.querySelectorAll('.bar a[aria-current="page"]')].map(labelOf);
    expect(current).toEqual(['Tasks']);
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
    await fixture.whenStable();

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
});
