import { HttpTestingController } from '@angular/common/http/testing';
import { RouterTestingHarness } from '@angular/router/testing';

import { ADMIN_TOKEN_KEY } from '../../core/admin-session.service';
import { aRepo, anIssue, anOrg, someCredits } from '../../testing/fixtures';
import { BAD_GATEWAY, errorBody, setUpPage, settle } from '../../testing/page-testing';

describe('DispatchPage', () => {
  let harness: RouterTestingHarness;
  let http: HttpTestingController;
  let page: () => HTMLElement;

  beforeEach(async () => {
    sessionStorage.setItem(ADMIN_TOKEN_KEY, 'admin-token-0123456789');
    ({ harness, http, page } = await setUpPage('/admin/dispatch'));
    await settle(harness);
    http.expectOne('api/orgs').flush([anOrg({ slug: 'acme', name: 'Acme' })]);
  });

  afterEach(() => {
    http.verify();
    sessionStorage.clear();
  });

  async function loadRepos(): Promise<void> {
    // Both organizations at once, not one after the other.
    const acme = http.expectOne('api/orgs/acme/repos');
    const globex = http.expectOne('api/orgs/globex/repos');
    acme.flush([aRepo({ name: 'web' }), aRepo({ name: 'api' })]);
    globex.flush([aRepo({ org_slug: 'globex', name: 'docs' })]);
    await settle(harness);
  }

  function type(selector: string, value: string): void {
    const field = page().querySelector<HTMLInputElement | HTMLTextAreaElement>(selector)!;
    field.value = value;
    field.dispatchEvent(new Event('input'));
  }

  async function fillIn(): Promise<void> {
    type('input[data-field="repo"]', 'acme/web');
    page()
      .querySelector<HTMLInputElement>('mat-radio-button[data-npc="npc-tester"] input')!
      .click();
    type('textarea[data-field="requirement"]', '# Add CSV export\n\nWith **headers**.');
    await settle(harness);
    http.expectOne('api/orgs/acme/credits?days=7').flush(someCredits());
    await settle(harness);
  }

  const submit = async () => {
    page().querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await settle(harness);
  };

  it('shows skeletons until the repositories are there', async () => {
    expect(page().querySelector('.skeleton')).not.toBeNull();
    await loadRepos();
    expect(page().querySelector('.skeleton')).toBeNull();
    expect(page().querySelectorAll('mat-radio-button')).toHaveLength(3);
  });

  it("shows the chosen organization's credits and runway in tasks", async () => {
    await loadRepos();
    expect(page().querySelector('[data-runway]')).toBeNull();
    await fillIn();
    expect(page().querySelector('[data-runway]')?.textContent?.trim()).toBe(
      'Acme: 1,240 credits · runs out 2026-12-02 · ≈ 100 more tasks at 7-day cost',
    );
    // Another repository of the same organization asks for nothing more.
    type('input[data-field="repo"]', 'acme/api');
    await settle(harness);
    http.expectNone('api/orgs/acme/credits?days=7');
  });

  it('previews the requirement and takes its first line as the default title', async () => {
    await loadRepos();
    await fillIn();

    expect(page().querySelector('.preview npc-markdown h1')?.textContent).toBe('Add CSV export');
    expect(page().querySelector('.preview strong')?.textContent).toBe('headers');
    expect(page().querySelector('input[data-field="title"]')?.getAttribute('placeholder')).toBe(
      'Add CSV export',
    );
  });

  it('creates the issue, links to it, and resets the form', async () => {
    await loadRepos();
    await fillIn();
    await submit();

    const request = http.expectOne('api/issues/create');
    expect(request.request.method).toBe('POST');
    expect(request.request.headers.get('Authorization')).toBe('Bearer admin-token-0123456789');
    expect(request.request.body).toEqual({
      repo: 'acme/web',
      npc: 'npc-tester',
      work_mode: false,
      requirement: '# Add CSV export\n\nWith **headers**.',
    });
    expect(page().querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
    request.flush(
      anIssue({
        number: 42,
        title: 'Add CSV export',
        assignees: [{ username: 'npc-tester', is_npc: true }],
      }),
    );
    await settle(harness);

    const created = page().querySelector('.created')!;
    expect(created.textContent).toContain('acme/web #42');
    expect(created.querySelector('a[data-link="platform"]')?.getAttribute('href')).toBe(
      'http://forge.test/acme/web/-/issues/42',
    );
    expect(created.querySelector('a[data-link="board"]')?.getAttribute('href')).toBe(
      '/tasks?repo=acme%2Fweb&issue=42',
    );
    expect(page().querySelector<HTMLInputElement>('input[data-field="repo"]')?.value).toBe('');
    expect(page().querySelector('mat-error')).toBeNull();
  });

  it("shows the server's message and keeps the form when dispatch fails", async () => {
    await loadRepos();
    await fillIn();
    await submit();
    http
      .expectOne('api/issues/create')
      .flush(errorBody('The platform refused the issue: label quota reached'), BAD_GATEWAY);
    await settle(harness);

    expect(page().querySelector('.failure')?.textContent).toContain(
      'The platform refused the issue: label quota reached',
    );
    expect(page().querySelector<HTMLInputElement>('input[data-field="repo"]')?.value).toBe(
      'acme/web',
    );
    expect(page().querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(false);
  });

  it('sends nothing while a field is missing or names an unknown repository', async () => {
    await loadRepos();
    type('input[data-field="repo"]', 'acme/nope');
    await settle(harness);
    await submit();

    expect(page().textContent).toContain('No such repository here');
    expect(page().textContent).toContain('Choose an NPC.');
    expect(page().textContent).toContain('Write the requirement.');
    http.expectNone('api/issues/create');
  });

  it('offers Retry when no repository list could be loaded', async () => {
    http.expectOne('api/orgs/acme/repos').flush(errorBody('down'), BAD_GATEWAY);
    http.expectOne('api/orgs/globex/repos').flush(errorBody('down'), BAD_GATEWAY);
    await settle(harness);
    expect(page().querySelector('npc-load-error')?.textContent).toContain('down');

    page().querySelector<HTMLButtonElement>('npc-load-error button')!.click();
    await settle(harness);
    await loadRepos();
    expect(page().querySelector('npc-load-error')).toBeNull();
  });
});
