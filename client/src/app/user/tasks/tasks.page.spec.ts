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
    // The dialog's code loads on first use.
    await settle(harness);
    http
      .expectOne('api/repos/acme/web/issues/2')
      .flush({ ...ISSUES[1], body: '**Bold** <script>alert(1)</script>', comment_count: 3 });
    http.expectOne('api/repos/acme/web/issues/2/comments').flush([]);
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
    // The dialog's code loads on first use.
    await settle(harness);
    http.expectOne('api/repos/acme/web/issues/2').flush(ISSUES[1]);
    http.expectOne('api/repos/acme/web/issues/2/comments').flush([]);
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
    http.expectOne('api/repos/acme/web/issues/120/comments').flush([]);
    await settle(harness);
    expect(page().querySelectorAll('tr[data-issue]')).toHaveLength(150);
  });

  it('sends the attention and repository filters to the API and shows the repository chip', async () => {
    await openAt('/tasks?attention=stuck&repository=acme/web');
    http.expectOne('api/issues?npc=true&attention=stuck&repo=acme/web').flush([]);
    await settle(harness);

    const chip = page().querySelector('[data-filter="repository"]');
    expect(chip?.textContent).toContain('Repository: acme/web');
    chip?.querySelector('button')?.click();
    await settle(harness);
    expect(url()).toBe('/tasks?attention=stuck');
    http.expectOne('api/issues?npc=true&attention=stuck').flush([]);
    await settle(harness);
    expect(page().querySelector('[data-filter="repository"]')).toBeNull();
  });

  it('shows the Needs attention lane above the columns; the cards keep their column', async () => {
    const stuck = anIssue({
      number: 8,
      column: 'in_progress',
      attention: {
        reason: 'stuck',
        since: '2026-11-20T09:00:00Z',
        detail: 'no NPC activity for 2 d 3 h',
      },
    });
    await openAt('/tasks');
    http.expectOne('api/issues?npc=true').flush([...ISSUES, stuck]);
    await settle(harness);

    const lane = page().querySelector('[data-lane="attention"]');
    expect(lane?.querySelectorAll('npc-issue-card')).toHaveLength(1);
    expect(lane?.querySelector('npc-attention-badge')?.textContent).toContain(
      'no NPC activity for 2 d 3 h',
    );
    const column = page().querySelector('section[data-column="in_progress"]');
    expect(column?.querySelector('[data-issue="acme/web#8"] npc-attention-badge')).not.toBeNull();
    // The lane comes before the columns in reading order, as on screen.
    const laneFirst = lane!.compareDocumentPosition(column!) & Node.DOCUMENT_POSITION_FOLLOWING;
    expect(laneFirst).toBeTruthy();

    [...lane!.querySelectorAll('button')]
      .find((b) => b.textContent?.includes('Show only'))
      ?.click();
    await settle(harness);
    expect(url()).toBe('/tasks?attention=any');
    http.expectOne('api/issues?npc=true&attention=any').flush([stuck]);
    await settle(harness);
    // Filtered on attention, every card would be in the lane: the columns show them alone.
    expect(page().querySelector('[data-lane]')).toBeNull();
  });

  it('shows the attention badge in the list view too', async () => {
    const overdue = anIssue({
      number: 9,
      attention: {
        reason: 'overdue',
        since: '2026-11-22T08:00:00Z',
        detail: 'waiting for pickup 4 h, SLO 1 h',
      },
    });
    await openAt('/tasks?view=list');
    http.expectOne('api/issues?npc=true').flush([overdue, ISSUES[0]]);
    await settle(harness);
    const row = page().querySelector('tr[data-issue="acme/web#9"]');
    expect(row?.querySelector('npc-attention-badge')?.textContent).toContain(
      'Overdue pickup: waiting for pickup 4 h, SLO 1 h',
    );
    expect(page().querySelector('tr[data-issue="acme/web#1"] npc-attention-badge')).toBeNull();
  });

  describe('issue dialog', () => {
    const dialog = () => document.querySelector('mat-dialog-container') as HTMLElement;
    const conversation = () => dialog().querySelector('npc-issue-conversation') as HTMLElement;

    async function openDialog(issue = ISSUES[1]): Promise<void> {
      await openAt('/tasks?repo=acme/web&issue=2');
      http.expectOne('api/issues?npc=true').flush(ISSUES);
      await settle(harness);
      http.expectOne('api/repos/acme/web/issues/2').flush(issue);
      await settle(harness);
    }

    it('shows the conversation oldest first, NPC and people marked, bodies sanitised', async () => {
      await openDialog();
      expect(conversation().querySelector('[aria-busy="true"]')?.textContent).toContain(
        'Loading the conversation',
      );
      http.expectOne('api/repos/acme/web/issues/2/comments').flush([
        {
          id: 'c1',
          author: { username: 'npc-builder', is_npc: true },
          body: 'I reproduced **the failure**.<img src=x onerror="alert(1)">',
          created_at: '2026-11-20T10:42:00Z',
        },
        {
          id: 'c2',
          author: { username: 'alice', is_npc: false },
          body: '@npc-builder any news? <script>alert(2)</script>',
          created_at: '2026-11-21T12:00:00Z',
        },
      ]);
      await settle(harness);

      const comments = [...conversation().querySelectorAll('li[data-comment]')];
      expect(comments.map((c) => c.getAttribute('data-author-kind'))).toEqual(['npc', 'person']);
      const byline = (c: Element) =>
        ['.author', '.kind', 'time'].map((sel) => c.querySelector(sel)?.textContent?.trim());
      expect(byline(comments[0])).toEqual(['npc-builder', 'NPC', '2 days ago']);
      expect(byline(comments[1])).toEqual(['alice', 'person', 'yesterday']);
      expect(comments[0].querySelector('.markdown strong')?.textContent).toBe('the failure');
      expect(conversation().querySelector('script')).toBeNull();
      expect(conversation().querySelector('[onerror]')).toBeNull();
      expect(conversation().textContent).not.toContain('No comments yet');
    });

    it('says so when nobody has commented', async () => {
      await openDialog();
      http.expectOne('api/repos/acme/web/issues/2/comments').flush([]);
      await settle(harness);
      expect(conversation().textContent).toContain('No comments yet.');
      expect(conversation().querySelector('li')).toBeNull();
    });

    it('says what failed and retries the conversation alone', async () => {
      await openDialog();
      http
        .expectOne('api/repos/acme/web/issues/2/comments')
        .flush(errorBody('The platform did not answer.'), BAD_GATEWAY);
      await settle(harness);
      expect(conversation().querySelector('npc-load-error')?.textContent).toContain(
        'Could not load the conversation.',
      );
      // The issue itself still shows.
      expect(dialog().querySelector('h2')?.textContent).toContain('Issue 2');

      conversation().querySelector<HTMLButtonElement>('npc-load-error button')?.click();
      await settle(harness);
      http.expectOne('api/repos/acme/web/issues/2/comments').flush([
        {
          id: 'c1',
          author: { username: 'npc-tester', is_npc: true },
          body: 'Done.',
          created_at: '2026-11-21T10:00:00Z',
        },
      ]);
      await settle(harness);
      expect(conversation().querySelector('npc-load-error')).toBeNull();
      expect(conversation().querySelectorAll('li[data-comment]')).toHaveLength(1);
    });

    it('states the timings, assignees, an approximate close and the attention reason', async () => {
      await openDialog(
        anIssue({
          number: 2,
          state: 'closed',
          state_reason: 'completed',
          column: 'done',
          labels: [{ name: 'bug', color: 'd73a4a' }],
          assignees: [
            { username: 'npc-builder', is_npc: true },
            { username: 'bob', is_npc: false },
          ],
          signals: {
            assigned_at: '2026-11-20T10:00:00Z',
            first_npc_at: '2026-11-20T10:42:00Z',
            last_npc_at: '2026-11-21T09:00:00Z',
            closed_at: '2026-11-21T14:00:00Z',
            closed_at_exact: false,
            pickup_latency_s: 42 * 60,
            cycle_time_s: 28 * 3600,
          },
        }),
      );
      http.expectOne('api/repos/acme/web/issues/2/comments').flush([]);
      await settle(harness);

      const fact = (name: string) =>
        dialog().querySelector(`[data-fact="${name}"]`)?.textContent?.replace(/\s+/g, ' ').trim();
      expect(fact('pickup')).toBe('42 min');
      expect(fact('cycle')).toBe('1 d 4 h');
      expect(fact('closed')).toMatch(/^22 hours ago ?\(approximate\)$/);
      const assignees = [...dialog().querySelectorAll('[data-fact="assignees"] .user')];
      expect(assignees.map((a) => a.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
        'npc-builder NPC',
        'bob',
      ]);
      expect(dialog().querySelector('npc-issue-labels')?.textContent).toContain('bug');
      expect(dialog().querySelector('[data-fact="attention"]')).toBeNull();
    });

    it('says why an open issue needs attention and how long it has waited', async () => {
      await openDialog(
        anIssue({
          number: 2,
          attention: {
            reason: 'overdue',
            since: '2026-11-20T10:00:00Z',
            detail: 'waiting for pickup 2 d 2 h, SLO 1 h',
          },
        }),
      );
      http.expectOne('api/repos/acme/web/issues/2/comments').flush([]);
      await settle(harness);
      const text = (sel: string) => dialog().querySelector(sel)?.textContent?.replace(/\s+/g, ' ');
      expect(text('[data-fact="attention"]')).toContain(
        'Overdue pickup: waiting for pickup 2 d 2 h, SLO 1 h',
      );
      expect(text('[data-fact="pickup"]')).toContain('waiting 2 d 2 h');
      expect(text('[data-fact="cycle"]')).toContain('open 2 d 2 h so far');
      expect(dialog().querySelector('[data-fact="closed"]')).toBeNull();
    });
  });
});
