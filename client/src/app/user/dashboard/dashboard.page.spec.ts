import { HttpTestingController, TestRequest } from '@angular/common/http/testing';
import { DeferBlockState } from '@angular/core/testing';
import { RouterTestingHarness } from '@angular/router/testing';

import { fakeLiveUpdates } from '../../testing/fake-live-updates';
import { META, anOrg, someOrgRuns, someRunFigures } from '../../testing/fixtures';
import { BAD_GATEWAY, errorBody, setUpPage, settle } from '../../testing/page-testing';

describe('DashboardPage', () => {
  let harness: RouterTestingHarness;
  let http: HttpTestingController;
  let page: () => HTMLElement;
  let runs: TestRequest;

  beforeEach(async () => {
    ({ harness, http, page } = await setUpPage('/'));
    // The run figures are their own request; tests of them answer it themselves.
    runs = http.expectOne('api/runs?days=7');
  });

  afterEach(() => http.verify());

  const cards = () => [...page().querySelectorAll('npc-org-card')];
  const history = () => http.expectOne('api/credits/history?days=7');

  it('shows one skeleton per covered organization while loading', () => {
    expect(cards().map((c) => c.getAttribute('aria-busy'))).toEqual(['true', 'true']);
    expect(page().querySelectorAll('npc-org-card .skeleton').length).toBeGreaterThan(0);
    http.expectOne('api/orgs').flush([]);
    history().flush([]);
  });

  it('fills the cards from api/orgs: counts, balance, low and failed organizations', async () => {
    http
      .expectOne('api/orgs')
      .flush(
        [
          anOrg({ slug: 'acme', name: 'Acme', repo_count: 6, active_issue_count: 14 }),
          anOrg({ slug: 'globex', name: 'Globex', credits_balance: 38 }),
          anOrg({ slug: 'initech', name: 'Initech', credits_balance: null }),
          anOrg({ slug: 'hooli', name: 'Hooli', error: 'The platform answered 403.' }),
        ],
        { headers: { 'X-Cache': 'HIT', Age: '60' } },
      );
    history().flush([]);
    await settle(harness);

    const [acme, globex, initech, hooli] = cards();
    expect(acme.textContent).toContain('Acme');
    expect(acme.querySelector('[data-stat="repos"]')?.textContent).toContain('6 repositories');
    expect(acme.querySelector('[data-stat="active"]')?.textContent).toContain(
      '14 active NPC issues',
    );
    expect(acme.querySelector('[data-stat="balance"]')?.textContent).toContain('1,240 credits');
    expect(acme.classList).not.toContain('low');
    expect(globex.classList).toContain('low');
    expect(globex.textContent).toContain('low · below 50');
    expect(initech.textContent).toContain('Balance unknown');
    expect(hooli.querySelector('[role="alert"]')?.textContent).toContain(
      'Could not load this organization: The platform answered 403.',
    );
  });

  it('says it is counting stuck and overdue work while the board reads it', async () => {
    http
      .expectOne('api/orgs')
      .flush([anOrg({ slug: 'acme', stuck_count: null, overdue_count: null })], {
        headers: { 'X-Board-Pending': 'attention' },
      });
    history().flush([]);
    await settle(harness);
    const [acme] = cards();
    expect(acme.querySelector('[data-stat="attention-pending"]')?.textContent).toContain(
      'counting stuck and overdue',
    );
    expect(acme.querySelector('[data-stat="stuck"]')).toBeNull();
  });

  it("shows each organization's runs going and core-hours today, and '…' while they are read", async () => {
    http
      .expectOne('api/orgs')
      .flush([anOrg({ slug: 'acme' }), anOrg({ slug: 'globex' }), anOrg({ slug: 'initech' })]);
    history().flush([]);
    await settle(harness);
    // Before the figures arrive the row holds its place.
    expect(cards()[0].querySelector('[data-stat="runs-pending"]')?.textContent).toContain(
      'counting NPC runs',
    );
    runs.flush(
      someRunFigures([
        someOrgRuns({ org: 'acme', running: 2, core_hours_today: 3.5 }),
        someOrgRuns({ org: 'globex', running: null, core_hours_today: null }),
        someOrgRuns({ org: 'initech', running: 1, core_hours_today: null }),
      ]),
      { headers: { 'X-Board-Pending': 'runs' } },
    );
    await settle(harness);
    const [acme, globex, initech] = cards();
    const running = acme.querySelector<HTMLAnchorElement>('a[data-stat="running"]');
    expect(running?.textContent?.replace(/\s+/g, ' ').trim()).toBe('2 running');
    expect(running?.getAttribute('href')).toBe('/tasks?org=acme&running=1');
    expect(acme.querySelector('[data-stat="core-hours-today"]')?.textContent).toContain(
      '3.5 core-h today',
    );
    expect(globex.querySelector('[data-stat="runs-pending"]')).not.toBeNull();
    expect(globex.querySelector('a[data-stat="running"]')).toBeNull();
    // The runs counted, their bills still being read: the count shows, the core-hours wait.
    expect(initech.querySelector('a[data-stat="running"]')?.textContent).toContain('1');
    expect(initech.querySelector('[data-stat="core-hours-today"]')).toBeNull();
    expect(initech.querySelector('[data-stat="runs"]')?.textContent).toContain('… core-h today');
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    http.expectOne('api/runs?days=7').flush(someRunFigures([someOrgRuns({ org: 'globex' })]));
  });

  it('links the stuck and overdue counts to the task board filtered on them', async () => {
    http
      .expectOne('api/orgs')
      .flush([
        anOrg({ slug: 'acme', name: 'Acme', stuck_count: 2, overdue_count: 0 }),
        anOrg({ slug: 'globex', name: 'Globex', stuck_count: 0, overdue_count: 1 }),
      ]);
    history().flush([]);
    await settle(harness);

    const [acme, globex] = cards();
    const link = (card: Element, stat: string) =>
      card.querySelector<HTMLAnchorElement>(`a[data-stat="${stat}"]`);
    expect(link(acme, 'stuck')?.textContent?.replace(/\s+/g, ' ').trim()).toBe('2 stuck');
    expect(link(acme, 'stuck')?.getAttribute('href')).toBe('/tasks?org=acme&attention=stuck');
    expect(link(acme, 'overdue')?.textContent?.replace(/\s+/g, ' ').trim()).toBe('0 overdue');
    expect(link(acme, 'overdue')?.classList).toContain('none');
    expect(link(globex, 'overdue')?.getAttribute('href')).toBe(
      '/tasks?org=globex&attention=overdue',
    );
    expect(link(globex, 'overdue')?.classList).not.toContain('none');
  });

  it('says what failed and retries', async () => {
    http.expectOne('api/orgs').flush(errorBody('The platform did not answer.'), BAD_GATEWAY);
    history().flush([]);
    await settle(harness);

    const error = page().querySelector('npc-load-error');
    expect(error?.textContent).toContain('Could not load the organizations.');
    expect(error?.textContent).toContain('The platform did not answer.');

    error?.querySelector('button')?.click();
    await settle(harness);
    http.expectOne('api/orgs').flush([anOrg()]);
    await settle(harness);
    expect(cards()).toHaveLength(1);
  });

  it('says so when the board covers no organization, and when nothing was spent', async () => {
    http.expectOne('api/orgs').flush([]);
    history().flush([]);
    await settle(harness);

    const empties = [...page().querySelectorAll('npc-empty-state')].map((e) => e.textContent);
    expect(empties[0]).toContain('The board covers no organizations.');
    expect(empties[1]).toContain('No credits were spent in the last 7 days');
  });

  it('places the trend chart once in view, with a table of the same figures (the browser suite sees it drawn)', async () => {
    http.expectOne('api/orgs').flush([anOrg({ slug: 'acme', name: 'Acme' })]);
    history().flush([
      { org_slug: 'acme', balance: 100, recorded_at: '2026-11-21T10:00:00Z' },
      { org_slug: 'acme', balance: 60, recorded_at: '2026-11-22T10:00:00Z' },
    ]);
    await settle(harness);

    // The chart waits for its place to scroll into view, holding that place meanwhile.
    expect(page().querySelector('npc-line-chart')).toBeNull();
    expect(page().querySelector('.chart-placeholder')).not.toBeNull();
    const [chart] = await harness.fixture.getDeferBlocks();
    await chart.render(DeferBlockState.Complete);
    expect(page().querySelector('npc-line-chart canvas')).not.toBeNull();
    const row = page().querySelector('details.as-table tbody tr');
    expect(row?.querySelector('th')?.textContent).toBe('Acme');
    expect(row?.querySelectorAll('td')[6]?.textContent).toBe('40');
  });

  it('offers the wall display, in API order without it', async () => {
    http
      .expectOne('api/orgs')
      .flush([anOrg({ slug: 'acme' }), anOrg({ slug: 'initech', stuck_count: 3 })]);
    history().flush([]);
    await settle(harness);

    expect(cards().map((c) => c.getAttribute('data-org'))).toEqual(['acme', 'initech']);
    const wallSwitch = page().querySelector('[data-wall-switch]');
    expect(wallSwitch?.getAttribute('aria-checked')).toBe('false');
    expect(wallSwitch?.getAttribute('href')).toBe('/?wall=1');
    expect(document.documentElement.classList).not.toContain('npc-wall');
  });
});

describe('DashboardPage, live and on a wall', () => {
  let harness: RouterTestingHarness;
  let http: HttpTestingController;
  let page: () => HTMLElement;

  afterEach(() => http.verify());

  const cards = () => [...page().querySelectorAll('npc-org-card')];
  const history = () => http.expectOne('api/credits/history?days=7');

  it('reloads the cards in place on a live update and marks the one whose figures changed', async () => {
    const { live, provider } = fakeLiveUpdates();
    ({ harness, http, page } = await setUpPage('/', META, [provider]));
    http.expectOne('api/orgs').flush([anOrg({ slug: 'acme' }), anOrg({ slug: 'globex' })]);
    history().flush([]);
    http.expectOne('api/runs?days=7').flush(someRunFigures());
    await settle(harness);
    const [acme] = cards();

    live.change('issues', 'globex');
    await settle(harness);
    // An issue change does not touch the balance history; it may the runs.
    http
      .expectOne('api/orgs')
      .flush([anOrg({ slug: 'acme' }), anOrg({ slug: 'globex', stuck_count: 2 })]);
    http.expectOne('api/runs?days=7').flush(someRunFigures());
    await settle(harness);

    expect(cards()[0]).toBe(acme);
    expect(cards().map((c) => c.classList.contains('live-changed'))).toEqual([false, true]);
    expect(live.announced).toBe(1);

    live.change('balances', 'acme');
    await settle(harness);
    http.expectOne('api/orgs').flush([anOrg({ slug: 'acme' }), anOrg({ slug: 'globex' })]);
    history().flush([]);
  });

  it('on a wall display puts the organizations needing attention first and writes out the chips', async () => {
    ({ harness, http, page } = await setUpPage('/?wall=1'));
    http.expectOne('api/runs?days=7').flush(someRunFigures());
    http
      .expectOne('api/orgs')
      .flush([
        anOrg({ slug: 'acme' }),
        anOrg({ slug: 'globex', credits_balance: 12 }),
        anOrg({ slug: 'initech', stuck_count: 1, overdue_count: 2 }),
      ]);
    history().flush([]);
    await settle(harness);

    expect(cards().map((c) => c.getAttribute('data-org'))).toEqual(['initech', 'globex', 'acme']);
    expect(page().querySelector('[data-wall-legend]')?.textContent).toContain(
      'Stuck: in progress with no NPC activity past the stuck limit.',
    );
    const wallSwitch = page().querySelector('[data-wall-switch]');
    expect(wallSwitch?.getAttribute('aria-checked')).toBe('true');
    expect(wallSwitch?.getAttribute('href')).toBe('/');
    expect(document.documentElement.classList).toContain('npc-wall');
  });
});
