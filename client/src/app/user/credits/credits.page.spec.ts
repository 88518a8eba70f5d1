import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { META, anOrg, someCredits } from '../../testing/fixtures';
import { BAD_GATEWAY, errorBody, setUpPage, settle } from '../../testing/page-testing';

const meta = { ...META, covered_orgs: ['acme', 'globex', 'hooli'] };

describe('CreditsPage', () => {
  let harness: RouterTestingHarness;
  let http: HttpTestingController;
  let page: () => HTMLElement;

  beforeEach(async () => {
    ({ harness, http, page } = await setUpPage('/credits', meta));
    http
      .expectOne('api/orgs')
      .flush([
        anOrg({ slug: 'acme', name: 'Acme Robotics' }),
        anOrg({ slug: 'globex', name: 'Globex Labs' }),
      ]);
  });

  afterEach(() => http.verify());

  const row = (slug: string) => page().querySelector<HTMLElement>(`tr[data-org="${slug}"]`);

  it('loads every organization in parallel and marks those below the threshold', async () => {
    http.expectOne('api/orgs/acme/credits?days=7').flush(someCredits({ balance: 1240 }));
    http
      .expectOne('api/orgs/globex/credits?days=7')
      .flush(
        someCredits({ org_slug: 'globex', balance: 38, predicted_exhaustion_date: '2026-11-25' }),
      );
    http.expectOne('api/orgs/hooli/credits?days=7').flush(
      someCredits({
        org_slug: 'hooli',
        balance: null,
        balance_unknown_reason: 'no credit source',
        forecast: 'unknown_balance',
        avg_daily_consumption: null,
        predicted_exhaustion_date: null,
      }),
    );
    await settle(harness);

    expect(row('acme')?.classList).not.toContain('low');
    expect(row('globex')?.classList).toContain('low');
    expect(row('globex')?.textContent).toContain('below 50');
    expect(row('globex')?.querySelector('[data-cell="runs-out"]')?.textContent?.trim()).toBe(
      '2026-11-25',
    );
    expect(row('hooli')?.textContent).toContain('unknown — no credit source');
    expect(row('hooli')?.querySelector('[data-cell="runs-out"]')?.textContent?.trim()).toBe(
      'unknown',
    );
    expect(row('acme')?.querySelector('td')?.textContent).toContain('Acme Robotics');
  });

  it('shows one organization failing on its own row', async () => {
    http.expectOne('api/orgs/acme/credits?days=7').flush(someCredits());
    http
      .expectOne('api/orgs/globex/credits?days=7')
      .flush(errorBody('The platform did not answer.'), BAD_GATEWAY);
    http.expectOne('api/orgs/hooli/credits?days=7').flush(someCredits({ org_slug: 'hooli' }));
    await settle(harness);

    expect(row('globex')?.textContent).toContain('could not load: The platform did not answer.');
    expect(row('acme')?.textContent).toContain('1,240');
    expect(page().querySelector('npc-load-error')).toBeNull();
  });

  it('switches the window through the URL', async () => {
    for (const slug of meta.covered_orgs) {
      http.expectOne(`api/orgs/${slug}/credits?days=7`).flush(someCredits({ org_slug: slug }));
    }
    await settle(harness);

    await TestBed.inject(Router).navigateByUrl('/credits?days=30');
    await settle(harness);
    for (const slug of meta.covered_orgs) {
      http.expectOne(`api/orgs/${slug}/credits?days=30`).flush(someCredits({ org_slug: slug }));
    }
    await settle(harness);
    expect(page().querySelector('th.mat-column-avg')?.textContent).toContain('Avg/day (30 d)');
  });
});
