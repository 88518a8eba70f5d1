import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { ADMIN_TOKEN_KEY } from '../../core/admin-session.service';
import { setUpPage, settle } from '../../testing/page-testing';

const TOKEN = 'admin-token-0123456789';

describe('AdminEntryPage', () => {
  let harness: RouterTestingHarness;
  let http: HttpTestingController;
  let page: () => HTMLElement;

  beforeEach(() => sessionStorage.clear());
  afterEach(() => http.verify());

  async function signIn(token: string): Promise<void> {
    const input = page().querySelector<HTMLInputElement>('input[name="admin-token"]')!;
    input.value = token;
    input.dispatchEvent(new Event('input'));
    page().querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await settle(harness);
  }

  const settingsRequest = () => http.expectOne('api/admin/settings');
  const alertText = () => page().querySelector('[role="alert"]')?.textContent?.trim();

  it('asks for the token while signed out, and checks it with the server', async () => {
    ({ harness, http, page } = await setUpPage('/admin'));
    expect(page().querySelector('a.tile')).toBeNull();

    await signIn(TOKEN);
    const request = settingsRequest();
    expect(request.request.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(page().querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
    request.flush({ credit_alert_threshold: 50 });
    await settle(harness);

    expect([...page().querySelectorAll('a.tile .label')].map((l) => l.textContent)).toEqual([
      'Overview',
      'Dispatch',
      'Dispatch history',
      'Credits',
      'Alerts',
    ]);
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBe(TOKEN);
    // The settings card reads the settings in force.
    settingsRequest().flush({
      credit_alert_threshold: 50,
      pickup_slo_minutes: 60,
      stuck_after_hours: 24,
      wip_soft_limit: 10,
      wip_hard_limit: null,
      wip_limits: {},
      run_max_minutes: 60,
      failed_runs_in_a_row: 3,
    });
    await settle(harness);
    expect(page().querySelector('npc-settings-card form')).not.toBeNull();
  });

  it('says a wrong token is not valid, and keeps nothing', async () => {
    ({ harness, http, page } = await setUpPage('/admin'));
    await signIn('wrong-token');
    settingsRequest().flush(
      { statusCode: 401, error: 'Unauthorized', message: 'The admin token is not valid' },
      { status: 401, statusText: 'Unauthorized' },
    );
    await settle(harness);

    expect(alertText()).toContain('That token is not valid.');
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(page().querySelector('a.tile')).toBeNull();
  });

  it('quotes the server when admin is disabled, and says how long to wait when throttled', async () => {
    ({ harness, http, page } = await setUpPage('/admin'));
    await signIn(TOKEN);
    const disabled = 'The admin area is disabled: set ADMIN_TOKEN to enable it';
    settingsRequest().flush(
      { statusCode: 403, error: 'Forbidden', message: disabled },
      { status: 403, statusText: 'Forbidden' },
    );
    await settle(harness);
    expect(alertText()).toContain(disabled);

    await signIn(TOKEN);
    settingsRequest().flush(
      { statusCode: 429, error: 'Too Many Requests', message: 'Too many failed admin sign-ins' },
      { status: 429, statusText: 'Too Many Requests', headers: { 'Retry-After': '600' } },
    );
    await settle(harness);
    expect(alertText()).toContain('Too many attempts, try again in 10 min.');
  });

  it('returns to the admin page that was asked for', async () => {
    ({ harness, http, page } = await setUpPage('/admin/credits'));
    const router = TestBed.inject(Router);
    expect(router.url).toBe('/admin?next=%2Fadmin%2Fcredits');

    await signIn(TOKEN);
    settingsRequest().flush({ credit_alert_threshold: 50 });
    await settle(harness);
    await harness.fixture.whenStable();

    expect(router.url).toBe('/admin/credits');
    // The credits page now loads its data, with the token.
    http.match(() => true).forEach((r) => r.flush([]));
  });
});
