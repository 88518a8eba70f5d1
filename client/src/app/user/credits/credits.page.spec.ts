import { HttpTestingController, TestRequest } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { fakeLiveUpdates } from '../../testing/fake-live-updates';
import { META, anOrg, someCredits, someOrgRuns, someRunFigures } from '../../testing/fixtures';
import { BAD_GATEWAY, errorBody, setUpPage, settle } from '../../testing/page-testing';

const meta = { ...META, covered_orgs: ['acme', 'globex', 'hooli'] };

describe('CreditsPage', () => {
  let harness: RouterTestingHarness;
  let http: HttpTestingController;
  let page: () => HTMLElement;
  let runs: TestRequest;

  beforeEach(async () => {
    ({ harness, http, page } = await setUpPage('/credits', meta));
    // The run figures are their own request; tests of them answer it themselves.
    runs = http.expectOne('api/runs?days=7');
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
    expect(row('globex')?.querySelector('[data-part="date"]')?.textContent?.trim()).toBe(
      '2026-11-25',
    );
    expect(row('hooli')?.textContent).toContain('unknown — no credit source');
    expect(row('hooli')?.querySelector('[data-cell="runs-out"]')?.textContent?.trim()).toBe(
      'unknown',
    );
    expect(row('acme')?.querySelector('td')?.textContent).toContain('Acme Robotics');
  });

  it('shows the runway in tasks and the forecast band beside the date, with their n', async () => {
    http.expectOne('api/orgs/acme/credits?days=7').flush(
      someCredits({
        predicted_exhaustion_date: '2026-12-04',
        runway_tasks: 31,
        credits_per_task: 40,
        tasks_completed: 12,
        exhaustion_band: { early: '2026-12-01', late: '2026-12-09' },
      }),
    );
    http.expectOne('api/orgs/globex/credits?days=7').flush(
      someCredits({
        org_slug: 'globex',
        credits_per_task: null,
        runway_tasks: null,
        tasks_completed: 0,
        exhaustion_band: null,
      }),
    );
    http.expectOne('api/orgs/hooli/credits?days=7').flush(someCredits({ org_slug: 'hooli' }));
    await settle(harness);

    const part = (slug: string, name: string) =>
      row(slug)?.querySelector(`[data-part="${name}"]`)?.textContent?.replace(/\s+/g, ' ').trim();
    expect(part('acme', 'date')).toBe('2026-12-04');
    expect(part('acme', 'runway-tasks')).toBe('· ≈ 31 more tasks at 7-day cost');
    expect(part('acme', 'band')).toBe('between 2026-12-01 and 2026-12-09');
    expect(row('acme')?.querySelector('[data-cell="cost"]')?.textContent?.trim()).toBe(
      '40.0 credits per task (n = 12 tasks, 7d)',
    );
    expect(part('globex', 'runway-tasks')).toBe('· tasks unknown: none completed in 7d');
    expect(part('globex', 'band')).toBe('no range: fewer than 3 days of data');
    expect(page().querySelector('.legend')?.textContent).toContain('75th and the 25th percentile');
  });

  it('links each organization to its tasks and offers every row as CSV', async () => {
    for (const slug of meta.covered_orgs) {
      http.expectOne(`api/orgs/${slug}/credits?days=7`).flush(someCredits({ org_slug: slug }));
    }
    await settle(harness);

    const link = row('globex')?.querySelector<HTMLAnchorElement>('a.org-tasks');
    expect(link?.getAttribute('href')).toBe('/tasks?org=globex');
    expect(page().querySelector('npc-csv-download button')?.getAttribute('title')).toContain(
      '3 rows',
    );
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

  it("shows each organization's NPC runs beside its credits, with the estimate, and counting while read", async () => {
    for (const slug of meta.covered_orgs) {
      http.expectOne(`api/orgs/${slug}/credits?days=7`).flush(
        // acme spends 10 credits a day; its runs bill 70 core-h a week, 10 a day.
        someCredits({ org_slug: slug, avg_daily_consumption: slug === 'acme' ? 10 : null }),
      );
    }
    runs.flush(
      someRunFigures([
        someOrgRuns({ org: 'acme', core_hours: 70, linked_core_hours: 63 }),
        someOrgRuns({ org: 'globex', core_hours: 0, linked_core_hours: 0 }),
        someOrgRuns({ org: 'hooli', core_hours: null, linked_core_hours: null }),
      ]),
      { headers: { 'X-Board-Pending': 'runs' } },
    );
    await settle(harness);
    const cell = (slug: string) => row(slug)?.querySelector('[data-cell="runs"]');
    const parts = (slug: string) =>
      [...(cell(slug)?.querySelectorAll('[data-part]') ?? [])].map((p) => p.textContent?.trim());
    expect(parts('acme')).toEqual([
      '70 core-h',
      '≈ 1.0 credits per core-h (estimate)',
      '90% on tasks',
    ]);
    // No spend known and no core-hours to share it among: the core-hours alone.
    expect(parts('globex')).toEqual(['0 core-h']);
    expect(cell('hooli')?.textContent?.trim()).toBe('counting…');
    expect(page().querySelector('.legend')?.textContent).toContain(
      'Credits per core-hour are an estimate',
    );
    // The answer named runs pending: it is asked for again.
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    http.expectOne('api/runs?days=7').flush(someRunFigures([someOrgRuns({ org: 'hooli' })]));
  });

  it('switches the window through the URL', async () => {
    for (const slug of meta.covered_orgs) {
      http.expectOne(`api/orgs/${slug}/credits?days=7`).flush(someCredits({ org_slug: slug }));
    }
    await settle(harness);

    runs.flush(someRunFigures());
    await TestBed.inject(Router).navigateByUrl('/credits?days=30');
    await settle(harness);
    for (const slug of meta.covered_orgs) {
      http.expectOne(`api/orgs/${slug}/credits?days=30`).flush(someCredits({ org_slug: slug }));
    }
    http.expectOne('api/runs?days=30').flush(someRunFigures([someOrgRuns()], 30));
    await settle(harness);
    expect(page().querySelector('th button[data-sort="avg"]')?.textContent).toContain(
      'Avg/day (30d)',
    );
    expect(page().querySelector('thead')?.textContent).toContain('NPC runs (30d)');
  });

  it('sorts by a header: another column ascending, the sorted one turned around', async () => {
    http.expectOne('api/orgs/acme/credits?days=7').flush(someCredits({ balance: 1240 }));
    http
      .expectOne('api/orgs/globex/credits?days=7')
      .flush(someCredits({ org_slug: 'globex', balance: 38 }));
    http
      .expectOne('api/orgs/hooli/credits?days=7')
      .flush(someCredits({ org_slug: 'hooli', balance: 500 }));
    await settle(harness);
    const order = () =>
      [...page().querySelectorAll<HTMLElement>('tbody tr')].map((tr) => tr.dataset['org']);
    const header = (key: string) =>
      page().querySelector<HTMLButtonElement>(`th button[data-sort="${key}"]`)!;

    header('balance').click();
    await settle(harness);
    expect(TestBed.inject(Router).url).toContain('sort=balance');
    expect(order()).toEqual(['globex', 'hooli', 'acme']);
    expect(header('balance').closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    expect(page().querySelectorAll('th[aria-sort]')).toHaveLength(1);

    header('balance').click();
    await settle(harness);
    expect(order()).toEqual(['acme', 'hooli', 'globex']);
    expect(header('balance').closest('th')?.getAttribute('aria-sort')).toBe('descending');
  });
});

describe('CreditsPage, live', () => {
  it('reloads the balances in place when one changes and marks its row', async () => {
    const { live, provider } = fakeLiveUpdates();
    const { harness, http, page } = await setUpPage('/credits', meta, [provider]);
    http.match('api/orgs');
    // A balance changing does not ask for the runs again.
    http.expectOne('api/runs?days=7').flush(someRunFigures());
    const answer = (globexBalance: number) => {
      http.expectOne('api/orgs/acme/credits?days=7').flush(someCredits());
      http
        .expectOne('api/orgs/globex/credits?days=7')
        .flush(someCredits({ org_slug: 'globex', balance: globexBalance }));
      http
        .expectOne('api/orgs/hooli/credits?days=7')
        .flush(someCredits({ org_slug: 'hooli', balance: 500 }));
    };
    answer(900);
    await settle(harness);
    const acme = page().querySelector('tr[data-org="acme"]');

    live.change('balances', 'globex');
    await settle(harness);
    answer(850);
    await settle(harness);

    expect(page().querySelector('tr[data-org="acme"]')).toBe(acme);
    const marked = [...page().querySelectorAll('tr.live-changed')];
    expect(marked.map((tr) => tr.getAttribute('data-org'))).toEqual(['globex']);
    expect(
      page().querySelector('tr[data-org="globex"] [data-cell="balance"]')?.textContent,
    ).toContain('850');
    http.verify();
  });
});
