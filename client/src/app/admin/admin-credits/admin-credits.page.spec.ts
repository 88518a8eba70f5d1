import { HttpTestingController } from '@angular/common/http/testing';
import { RouterTestingHarness } from '@angular/router/testing';

import { ADMIN_TOKEN_KEY } from '../../core/admin-session.service';
import { META, anOrg } from '../../testing/fixtures';
import { setUpPage, settle } from '../../testing/page-testing';

const ORGS = [
  anOrg({ slug: 'acme', name: 'Acme', credits_balance: 1240 }),
  anOrg({ slug: 'globex', name: 'Globex', credits_balance: 38 }),
  anOrg({ slug: 'hooli', name: 'Hooli', credits_balance: 120 }),
];

describe('AdminCreditsPage', () => {
  let harness: RouterTestingHarness;
  let http: HttpTestingController;
  let page: () => HTMLElement;

  beforeEach(async () => {
    sessionStorage.setItem(ADMIN_TOKEN_KEY, 'admin-token-0123456789');
    ({ harness, http, page } = await setUpPage('/admin/credits'));
    await settle(harness);
    // The organizations (also for their names) and the settings, in parallel.
    for (const request of http.match('api/orgs')) request.flush(ORGS);
    http.expectOne('api/admin/settings').flush({ credit_alert_threshold: 50 });
    await settle(harness);
  });

  afterEach(() => {
    http.verify();
    sessionStorage.clear();
  });

  const lowRows = () =>
    [...page().querySelectorAll<HTMLElement>('tr[data-low="true"]')].map((tr) => tr.dataset['org']);
  const thresholdInput = () =>
    page().querySelector<HTMLInputElement>('input[data-field="threshold"]')!;

  async function saveThreshold(value: string): Promise<void> {
    thresholdInput().value = value;
    thresholdInput().dispatchEvent(new Event('input'));
    page().querySelector<HTMLButtonElement>('button.save')!.click();
    await settle(harness);
  }

  it('marks the balances below the threshold, in words too', () => {
    expect(thresholdInput().value).toBe('50');
    expect(lowRows()).toEqual(['globex']);
    expect(page().querySelector('tr[data-org="globex"]')?.textContent).toContain('below 50');
  });

  it('saves a new threshold, recolours the rows and reloads the board settings', async () => {
    await saveThreshold('200');
    const request = http.expectOne('api/admin/settings');
    expect(request.request.method).toBe('PUT');
    expect(request.request.body).toEqual({ credit_alert_threshold: 200 });
    request.flush({ credit_alert_threshold: 200 });
    await settle(harness);

    expect(lowRows()).toEqual(['globex', 'hooli']);
    expect(page().querySelector('.saved')?.textContent).toContain('below 200 credits');
    http.expectOne('api/meta').flush({ ...META, credit_alert_threshold: 200 });
  });

  it("shows the server's validation message under the field", async () => {
    await saveThreshold('-5');
    http.expectOne('api/admin/settings').flush(
      {
        statusCode: 400,
        error: 'Bad Request',
        message: 'credit_alert_threshold must not be negative',
      },
      { status: 400, statusText: 'Bad Request' },
    );
    await settle(harness);

    expect(page().querySelector('mat-error')?.textContent).toContain('must not be negative');
    expect(lowRows()).toEqual(['globex']);
  });

  it('refreshes: new balances, the snapshot time, and why one could not be read', async () => {
    page().querySelector<HTMLButtonElement>('.refresh button')!.click();
    await settle(harness);
    http.expectOne('api/admin/credits/refresh').flush({
      recorded_at: '2026-11-22T11:58:00Z',
      balances: [
        { org_slug: 'acme', balance: 10, below_threshold: true },
        { org_slug: 'globex', balance: null, below_threshold: false, reason: 'platform timed out' },
        { org_slug: 'hooli', balance: 120, below_threshold: false },
      ],
    });
    await settle(harness);

    expect(lowRows()).toEqual(['acme', 'globex']);
    expect(page().querySelector('tr[data-org="globex"]')?.textContent).toContain(
      'Refresh could not read the balance: platform timed out',
    );
    expect(page().querySelector('[data-last-snapshot] time')?.getAttribute('datetime')).toBe(
      '2026-11-22T11:58:00.000Z',
    );
    expect(page().textContent).toContain('1 of 3 balances could not be read');
  });
});
