import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { aRepo } from '../../testing/fixtures';
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
