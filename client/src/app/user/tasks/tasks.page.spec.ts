import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { anIssue } from '../../testing/fixtures';
import { BAD_GATEWAY, errorBody, setUpPage, settle } from '../../testing/page-testing';

const ISSUES = [
  anIssue({ number: 1, column: 'pending' }),
  anIssue({ number: 2, column: 'in_progress', labels: [{ name: 'wip', color: 'c5def5' }] }),
  anIssue({ number: 3, column: 'done', state: 'closed' }),
  anIssue({ number: 4, column: 'done', state: 'closed', repository: { full_name: 'globex/api' } }),
];

describe('TasksPage', () => {
  let harness: RouterTestingHarness;
  let http: HttpTestingController;
  let page: () => HTMLElement;

  async function openAt(url: string): Promise<void> {
    ({ harness, http, page } = await setUpPage(url));
    // The org names for the filter: not this spec's subject.
    http.match('api/orgs');
  }

  afterEach(() => {
    document.querySelector('.cdk-overlay-container')?.remove();
    http.verify();
  });

  const count = (column: string) =>
    page().querySelector(`section[data-column="${column}"] [data-count]`)?.textContent?.trim();
  const url = () => TestBed.inject(Router).url;

  it('asks the API for NPC issues and counts them per column', async () => {
    await openAt('/tasks');
    http.expectOne('api/issues?npc=true').flush(ISSUES);
    await settle(harness);

    expect([count('pending'), count('in_progress'), count('done')]).toEqual(['1', '1', '2']);
    expect(page().querySelectorAll('npc-issue-card')).toHaveLength(4);
  });

  it('sends the filters in the URL to the API and writes changes back to the URL', async () => {
    await openAt('/tasks?org=globex&npc=npc-tester&state=closed');
    http
      .expectOne('api/issues?npc=true&org=globex&npc_handle=npc-tester&state=closed')
      .flush([ISSUES[3]]);
    await settle(harness);

    await TestBed.inject(Router).navigateByUrl(
      '/tasks?org=globex&npc=npc-tester&state=closed&view=list',
    );
    await settle(harness);
    // The view is not a filter: no new request.
    expect(http.match(() => true).map((r) => r.request.urlWithParams)).toEqual([]);
    expect(page().querySelectorAll('npc-issue-list tr[data-issue]')).toHaveLength(1);
  });

  it('offers to clear the filters when nothing matches', async () => {
    await openAt('/tasks?state=open&org=acme');
    http.expectOne('api/issues?npc=true&org=acme&state=open').flush([]);
    await settle(harness);

    const empty = page().querySelector('npc-empty-state');
    expect(empty?.textContent).toContain('No NPC issues match these filters.');
    empty?.querySelector('button')?.click();
    await settle(harness);
    expect(url()).toBe('/tasks');
    http.expectOne('api/issues?npc=true').flush(ISSUES);
  });

  it('says what failed and retries', async () => {
    await openAt('/tasks');
    http
      .expectOne('api/issues?npc=true')
      .flush(errorBody('The platform did not answer.'), BAD_GATEWAY);
    await settle(harness);

    expect(page().querySelector('npc-load-error')?.textContent).toContain(
      'Could not load the issues.',
    );
    page().querySelector<HTMLButtonElement>('npc-load-error button')?.click();
    await settle(harness);
    http.expectOne('api/issues?npc=true').flush(ISSUES);
    await settle(harness);
    expect(page().querySelector('npc-load-error')).toBeNull();
  });

  it('opens the dialog the URL names, renders its body, and closes it into the URL', async () => {
    await openAt('/tasks?repo=acme/web&issue=2');
    http.expectOne('api/issues?npc=true').flush(ISSUES);
    http
      .expectOne('api/repos/acme/web/issues/2')
      .flush({ ...ISSUES[1], body: '**Bold** <script>alert(1)</script>', comment_count: 3 });
    await settle(harness);

    const dialog = document.querySelector('mat-dialog-container');
    expect(dialog?.querySelector('h2')?.textContent).toContain('Issue 2');
    expect(dialog?.querySelector('[data-fact="comments"]')?.textContent).toBe('3');
    expect(dialog?.querySelector('.markdown strong')?.textContent).toBe('Bold');
    expect(dialog?.querySelector('.markdown script')).toBeNull();

    // The CDK reads the legacy keyCode, which a synthetic event must carry explicitly.
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true });
    Object.defineProperty(escape, 'keyCode', { value: 27 });
    dialog?.dispatchEvent(escape);
    await settle(harness);
    expect(document.querySelector('mat-dialog-container')).toBeNull();
    await settle(harness);
    expect(url()).toBe('/tasks');
  });

  it('closes the dialog when the URL stops naming it (the back button)', async () => {
    await openAt('/tasks?repo=acme/web&issue=2');
    http.expectOne('api/issues?npc=true').flush(ISSUES);
    http.expectOne('api/repos/acme/web/issues/2').flush(ISSUES[1]);
    await settle(harness);

    await TestBed.inject(Router).navigateByUrl('/tasks');
    await settle(harness);
    await settle(harness);
    expect(document.querySelector('mat-dialog-container')).toBeNull();
    expect(url()).toBe('/tasks');
  });

  it('keeps the rows shown in the list when a dialog opens over it', async () => {
    const many = Array.from({ length: 150 }, (_, i) => anIssue({ number: i + 1 }));
    await openAt('/tasks?view=list');
    http.expectOne('api/issues?npc=true').flush(many);
    await settle(harness);
    page().querySelector<HTMLButtonElement>('npc-issue-list .more button')?.click();
    await settle(harness);
    expect(page().querySelectorAll('tr[data-issue]')).toHaveLength(150);

    await TestBed.inject(Router).navigateByUrl('/tasks?view=list&repo=acme/web&issue=120');
    await settle(harness);
    http.expectOne('api/repos/acme/web/issues/120').flush(many[119]);
    await settle(harness);
    expect(page().querySelectorAll('tr[data-issue]')).toHaveLength(150);
  });
});
