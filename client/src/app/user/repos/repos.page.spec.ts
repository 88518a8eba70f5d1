import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { fakeLiveUpdates } from '../../testing/fake-live-updates';
import { META, aRepo } from '../../testing/fixtures';
import { BAD_GATEWAY, NOW, errorBody, setUpPage, settle } from '../../testing/page-testing';

const daysAgo = (n: number) => new Date(NOW - n * 86_400_000).toISOString();

describe('ReposPage', () => {
  let harness: RouterTestingHarness;
  let http: HttpTestingController;
  let page: () => HTMLElement;

  beforeEach(async () => {
    ({ harness, http, page } = await setUpPage('/repos'));
    http.match('api/orgs');
  });

  afterEach(() => http.verify());

  const repos = () =>
    [...page().querySelectorAll<HTMLElement>('tr[data-repo]')].map((tr) => [
      tr.dataset['repo'],
      tr.dataset['health'],
    ]);

  it('colours rows by last commit and sorts oldest first in one click', async () => {
    http
      .expectOne('api/orgs/acme/repos')
      .flush([
        aRepo({ name: 'web', updated_at: daysAgo(1) }),
        aRepo({ name: 'legacy', updated_at: daysAgo(47) }),
      ]);
    http
      .expectOne('api/orgs/globex/repos')
      .flush([aRepo({ org_slug: 'globex', name: 'docs', updated_at: daysAgo(12) })]);
    await settle(harness);

    expect(repos()).toEqual([
      ['acme/legacy', 'red'],
      ['acme/web', 'fresh'],
      ['globex/docs', 'yellow'],
    ]);
    expect(page().querySelector('tr[data-repo="acme/legacy"]')?.textContent).toContain('dormant');
    expect(page().querySelector('tr[data-repo="acme/legacy"]')?.textContent).toContain(
      '47 days ago',
    );

    const oldest = [...page().querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Oldest commit first'),
    );
    oldest?.click();
    await settle(harness);
    expect(TestBed.inject(Router).url).toBe('/repos?sort=last_commit&dir=asc');
    expect(repos().map(([name]) => name)).toEqual(['acme/legacy', 'globex/docs', 'acme/web']);
    expect(oldest?.getAttribute('aria-pressed')).toBe('true');
  });

  it('sorts from buttons in the column headers and marks the sorted column with aria-sort', async () => {
    http
      .expectOne('api/orgs/acme/repos')
      .flush([
        aRepo({ name: 'web', updated_at: daysAgo(1) }),
        aRepo({ name: 'legacy', updated_at: daysAgo(47) }),
      ]);
    http.expectOne('api/orgs/globex/repos').flush([aRepo({ org_slug: 'globex', name: 'docs' })]);
    await settle(harness);

    const headers = () =>
      [...page().querySelectorAll('thead th')].map((th) => [
        th.querySelector('button')?.textContent?.trim(),
        th.getAttribute('aria-sort'),
      ]);
    expect(headers()).toEqual([
      ['Repository', 'ascending'],
      ['Organization', null],
      ['Last commit', null],
      ['Last human commit', null],
      ['Last NPC commit', null],
      ['Open PRs', null],
      ['Open issues', null],
    ]);
    const sortButton = (key: string) =>
      page().querySelector<HTMLButtonElement>(`th button[data-sort="${key}"]`);
    expect(sortButton('last_commit')?.type).toBe('button');

    // Another column starts ascending; the sorted column turns around.
    sortButton('last_commit')?.click();
    await settle(harness);
    expect(TestBed.inject(Router).url).toBe('/repos?sort=last_commit&dir=asc');
    expect(repos().map(([name]) => name)).toEqual(['acme/legacy', 'globex/docs', 'acme/web']);
    expect(headers()[2]).toEqual(['Last commit', 'ascending']);
    expect(headers()[0]).toEqual(['Repository', null]);

    sortButton('last_commit')?.click();
    await settle(harness);
    expect(TestBed.inject(Router).url).toBe('/repos?sort=last_commit&dir=desc');
    expect(repos().map(([name]) => name)).toEqual(['acme/web', 'globex/docs', 'acme/legacy']);
    expect(headers()[2]).toEqual(['Last commit', 'descending']);
    expect(page().querySelectorAll('th[aria-sort]')).toHaveLength(1);
  });

  it('renders a long first answer in steps and ends with every row, busy until then', async () => {
    const many = Array.from({ length: 30 }, (_, i) => aRepo({ name: `repo-${i}` }));
    http.expectOne('api/orgs/acme/repos').flush(many);
    http.expectOne('api/orgs/globex/repos').flush([]);
    harness.detectChanges();
    const table = page().querySelector('table.repos');
    expect(repos().length).toBeLessThan(30);
    expect(table?.getAttribute('aria-busy')).toBe('true');

    await settle(harness);
    expect(repos()).toHaveLength(30);
    expect(page().querySelector('table.repos')?.getAttribute('aria-busy')).toBe('false');
  });

  it('filters by organization from its native select', async () => {
    http.expectOne('api/orgs/acme/repos').flush([aRepo({ name: 'web' })]);
    http.expectOne('api/orgs/globex/repos').flush([aRepo({ org_slug: 'globex', name: 'etl' })]);
    await settle(harness);

    const select = page().querySelector<HTMLSelectElement>('select[data-filter="org"]');
    expect(page().querySelector('label[for="repos-org"]')?.textContent).toBe('Organization');
    expect(select?.id).toBe('repos-org');
    expect(select?.value).toBe('');
    if (!select) throw new Error('no organization select');
    select.value = 'globex';
    select.dispatchEvent(new Event('change'));
    await settle(harness);
    expect(TestBed.inject(Router).url).toBe('/repos?org=globex');
    expect(repos().map(([name]) => name)).toEqual(['globex/etl']);
    expect(select.selectedOptions[0]?.textContent?.trim()).not.toBe('All organizations');
  });

  it('filters by organization and name from the URL, and offers to clear them', async () => {
    http.expectOne('api/orgs/acme/repos').flush([aRepo({ name: 'web' }), aRepo({ name: 'etl' })]);
    http.expectOne('api/orgs/globex/repos').flush([aRepo({ org_slug: 'globex', name: 'etl' })]);
    await settle(harness);

    await TestBed.inject(Router).navigateByUrl('/repos?org=acme&q=ET');
    await settle(harness);
    expect(repos().map(([name]) => name)).toEqual(['acme/etl']);

    await TestBed.inject(Router).navigateByUrl('/repos?org=acme&q=nothing');
    await settle(harness);
    const empty = page().querySelector('npc-empty-state');
    expect(empty?.textContent).toContain('No repositories match these filters.');
    empty?.querySelector('button')?.click();
    await settle(harness);
    expect(repos()).toHaveLength(3);
  });

  it('shows people and NPC commits, the marks, their filters in the URL, and links to issues', async () => {
    http.expectOne('api/orgs/acme/repos').flush([
      aRepo({ name: 'web', last_human_commit_at: daysAgo(2), last_npc_commit_at: null }),
      aRepo({
        name: 'bots',
        last_human_commit_at: null,
        last_npc_commit_at: daysAgo(1),
        npc_only: true,
      }),
    ]);
    http.expectOne('api/orgs/globex/repos').flush([
      aRepo({
        org_slug: 'globex',
        name: 'old',
        updated_at: daysAgo(40),
        last_human_commit_at: null,
        npc_work_in_dormant: true,
      }),
    ]);
    await settle(harness);

    const cell = (repo: string, name: string) =>
      page().querySelector(`tr[data-repo="${repo}"] [data-cell="${name}"]`)?.textContent?.trim();
    const time = (repo: string, name: string) =>
      page()
        .querySelector(`tr[data-repo="${repo}"] [data-cell="${name}"] time`)
        ?.getAttribute('datetime');
    expect(Date.parse(time('acme/web', 'last-human') ?? '')).toBe(Date.parse(daysAgo(2)));
    expect(cell('acme/web', 'last-npc')).toBe('none in 31 days');
    expect(Date.parse(time('acme/bots', 'last-npc') ?? '')).toBe(Date.parse(daysAgo(1)));
    expect(cell('acme/bots', 'last-human')).toBe('none in 31 days');
    expect(
      page().querySelector('tr[data-repo="acme/bots"] [data-mark="npc-only"]')?.textContent,
    ).toContain('kept alive by NPCs only');
    expect(
      page().querySelector('tr[data-repo="globex/old"] [data-mark="npc-dormant"]'),
    ).not.toBeNull();
    expect(page().querySelector('tr[data-repo="globex/old"]')?.getAttribute('data-health')).toBe(
      'red',
    );

    page().querySelector<HTMLButtonElement>('button[data-filter="npc_only"]')?.click();
    await settle(harness);
    expect(TestBed.inject(Router).url).toBe('/repos?npc_only=true');
    expect(repos().map(([name]) => name)).toEqual(['acme/bots']);

    await TestBed.inject(Router).navigateByUrl('/repos?npc_dormant=true');
    await settle(harness);
    expect(repos().map(([name]) => name)).toEqual(['globex/old']);
    expect(
      page().querySelector('button[data-filter="npc_dormant"]')?.getAttribute('aria-pressed'),
    ).toBe('true');
    expect(
      page().querySelector('tr[data-repo="globex/old"] a.issues-link')?.getAttribute('href'),
    ).toBe('/tasks?repository=globex%2Fold');
    expect(page().querySelector('npc-csv-download button')?.getAttribute('title')).toContain(
      '1 row',
    );
  });

  it("shows the repositories it has when one organization fails, and that one's error", async () => {
    http.expectOne('api/orgs/acme/repos').flush([aRepo()]);
    http
      .expectOne('api/orgs/globex/repos')
      .flush(errorBody('The platform did not answer.'), BAD_GATEWAY);
    await settle(harness);

    expect(repos()).toHaveLength(1);
    const error = page().querySelector('npc-load-error');
    expect(error?.textContent).toContain('Could not load the repositories of globex.');
    error?.querySelector('button')?.click();
    await settle(harness);
    http.expectOne('api/orgs/acme/repos').flush([aRepo()]);
    http.expectOne('api/orgs/globex/repos').flush([aRepo({ org_slug: 'globex' })]);
    await settle(harness);
    expect(repos()).toHaveLength(2);
    expect(page().querySelector('npc-load-error')).toBeNull();
  });
});

describe('ReposPage, live', () => {
  it('reloads the repositories in place on a change and marks the changed row', async () => {
    const { live, provider } = fakeLiveUpdates();
    const { harness, http, page } = await setUpPage('/repos', META, [provider]);
    http.match('api/orgs');
    const answer = (webIssues: number) => {
      http
        .expectOne('api/orgs/acme/repos')
        .flush([aRepo({ name: 'web', open_issues_count: webIssues }), aRepo({ name: 'api' })]);
      http.expectOne('api/orgs/globex/repos').flush([aRepo({ org_slug: 'globex', name: 'docs' })]);
    };
    answer(2);
    await settle(harness);
    const docs = page().querySelector('tr[data-repo="globex/docs"]');

    live.change('issues', 'acme');
    await settle(harness);
    answer(3);
    await settle(harness);

    expect(page().querySelector('tr[data-repo="globex/docs"]')).toBe(docs);
    const marked = [...page().querySelectorAll('tr.live-changed')];
    expect(marked.map((tr) => tr.getAttribute('data-repo'))).toEqual(['acme/web']);
    expect(live.announced).toBe(1);
    http.verify();
  });
});
