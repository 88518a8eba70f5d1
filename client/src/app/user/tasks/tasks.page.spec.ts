import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';
import type { NpcRun } from '@shared/board/runs';

import { DataFreshnessService } from '../../core/data-freshness.service';
import { fakeLiveUpdates } from '../../testing/fake-live-updates';
import { META, anIssue } from '../../testing/fixtures';
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
    // A dialog asks for its task's runs beside the conversation; only one test reads them.
    for (const runs of http.match((request) => request.url.endsWith('/runs')))
      if (!runs.cancelled) runs.flush({ runs: [], core_hours: null });
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

  it('offers Running now while a run is going, and narrows the board to it without a reload', async () => {
    await openAt('/tasks');
    const running = anIssue({
      number: 5,
      column: 'in_progress',
      runs: {
        count: 2,
        running: { sn: 'cnb-5', started_at: '2026-11-22T11:48:00Z', npc: 'npc-builder' },
        last_status: 'running',
        core_hours: 0.5,
      },
    });
    http.expectOne('api/issues?npc=true').flush([...ISSUES, running]);
    await settle(harness);
    const toggle = page().querySelector<HTMLButtonElement>('[data-filter="running"]')!;
    expect(toggle.textContent?.trim()).toBe('Running now (1)');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    // The card says how long it has run, and what its runs before it did.
    const card = page().querySelector('a[data-issue="acme/web#5"]')!;
    expect(card.querySelector('[data-run="running"]')?.textContent?.trim()).toBe('running 12m');
    expect(card.querySelector('[data-runs]')?.textContent?.trim()).toBe('2 runs · 0.5 core-h');

    toggle.click();
    await settle(harness);
    expect(url()).toBe('/tasks?running=1');
    expect(page().querySelectorAll('npc-issue-card')).toHaveLength(1);
    expect(page().querySelector('[data-filter="running"]')?.getAttribute('aria-pressed')).toBe(
      'true',
    );
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

  describe('live updates', () => {
    const ACME = ISSUES.slice(0, 3);
    const card = (key: string) =>
      page().querySelector(`a[data-issue="${key}"]`)?.closest('npc-issue-card') ?? null;
    const column = (key: string) =>
      card(key)?.closest('section[data-column]')?.getAttribute('data-column');

    it('reloads the filtered issues in place: cards keep their nodes, the changed one moves and is marked, the dialog stays', async () => {
      const { live, provider } = fakeLiveUpdates();
      ({ harness, http, page } = await setUpPage('/tasks?org=acme&repo=acme/web&issue=2', META, [
        provider,
      ]));
      http.match('api/orgs');
      http.expectOne('api/issues?npc=true&org=acme').flush(ACME);
      await settle(harness);
      http.expectOne('api/repos/acme/web/issues/2').flush(ISSUES[1]);
      http.expectOne('api/repos/acme/web/issues/2/comments').flush([]);
      await settle(harness);
      // The board follows the organization it is filtered to, the dialog the issue's.
      expect(live.following()).toEqual([
        { topics: ['issues', 'runs'], org: 'acme' },
        { topics: ['issues', 'runs'], org: 'acme' },
      ]);
      const first = card('acme/web#1');
      expect(first).not.toBeNull();
      expect(column('acme/web#2')).toBe('in_progress');

      live.change('issues', 'acme');
      await settle(harness);
      const closed = {
        ...ISSUES[1],
        state: 'closed' as const,
        column: 'done' as const,
        updated_at: '2026-11-22T11:00:00Z',
      };
      http.expectOne('api/issues?npc=true&org=acme').flush([ACME[0], closed, ACME[2]]);
      http.expectOne('api/repos/acme/web/issues/2').flush(closed);
      http.expectOne('api/repos/acme/web/issues/2/comments').flush([]);
      await settle(harness);

      expect(card('acme/web#1')).toBe(first);
      expect(card('acme/web#1')?.classList).not.toContain('live-changed');
      expect(column('acme/web#2')).toBe('done');
      expect(card('acme/web#2')?.classList).toContain('live-changed');
      expect(live.announced).toBe(1);
      const dialog = document.querySelector('mat-dialog-container');
      expect(dialog?.querySelector('.state')?.textContent).toContain('closed');
      expect(url()).toBe('/tasks?org=acme&repo=acme%2Fweb&issue=2');
    });

    it('marks nothing and says nothing for the first load or the refresh button', async () => {
      const { live, provider } = fakeLiveUpdates();
      ({ harness, http, page } = await setUpPage('/tasks', META, [provider]));
      http.match('api/orgs');
      http.expectOne('api/issues?npc=true').flush(ISSUES);
      await settle(harness);
      TestBed.inject(DataFreshnessService).refresh();
      await settle(harness);
      http
        .expectOne('api/issues?npc=true')
        .flush([{ ...ISSUES[0], title: 'Renamed' }, ...ISSUES.slice(1)]);
      await settle(harness);

      expect(page().querySelectorAll('.live-changed')).toHaveLength(0);
      expect(live.announced).toBe(0);
    });

    it('draws a reload of a long board whole, where a new filter fills in steps', async () => {
      const many = Array.from({ length: 60 }, (_, i) =>
        anIssue({ number: i + 1, column: i % 2 ? 'done' : 'pending' }),
      );
      const { live, provider } = fakeLiveUpdates();
      ({ harness, http, page } = await setUpPage('/tasks', META, [provider]));
      http.match('api/orgs');
      http.expectOne('api/issues?npc=true').flush(many);
      await settle(harness);
      const drawn = () => page().querySelectorAll('npc-issue-card').length;
      expect(drawn()).toBe(60);

      live.change('issues', 'acme');
      await settle(harness);
      http.expectOne('api/issues?npc=true').flush([...many.slice(1), anIssue({ number: 99 })]);
      harness.detectChanges();
      expect(drawn()).toBe(60);

      await TestBed.inject(Router).navigateByUrl('/tasks?org=globex');
      await settle(harness);
      const others = many.map((i) => ({ ...i, repository: { full_name: 'globex/api' } }));
      http.expectOne('api/issues?npc=true&org=globex').flush(others);
      harness.detectChanges();
      expect(drawn()).toBeLessThan(60);
      await settle(harness);
      expect(drawn()).toBe(60);
    });

    it('keeps the rows the list shows through a live reload, not through a new order', async () => {
      const many = Array.from({ length: 150 }, (_, i) => anIssue({ number: i + 1 }));
      const { live, provider } = fakeLiveUpdates();
      ({ harness, http, page } = await setUpPage('/tasks?view=list', META, [provider]));
      http.match('api/orgs');
      http.expectOne('api/issues?npc=true').flush(many);
      await settle(harness);
      page().querySelector<HTMLButtonElement>('npc-issue-list .more button')?.click();
      await settle(harness);
      const rows = () => page().querySelectorAll('tr[data-issue]').length;
      expect(rows()).toBe(150);

      live.change('issues', 'acme');
      await settle(harness);
      http
        .expectOne('api/issues?npc=true')
        .flush([{ ...many[0], comment_count: 5 }, ...many.slice(1)]);
      await settle(harness);
      expect(rows()).toBe(150);

      await TestBed.inject(Router).navigateByUrl('/tasks?view=list&sort=comments&dir=asc');
      await settle(harness);
      expect(rows()).toBe(100);
    });

    it('marks the changed row in the list view', async () => {
      const { live, provider } = fakeLiveUpdates();
      ({ harness, http, page } = await setUpPage('/tasks?view=list', META, [provider]));
      http.match('api/orgs');
      http.expectOne('api/issues?npc=true').flush(ISSUES);
      await settle(harness);
      live.change('issues', 'globex');
      await settle(harness);
      http
        .expectOne('api/issues?npc=true')
        .flush([...ISSUES.slice(0, 3), { ...ISSUES[3], comment_count: 4 }]);
      await settle(harness);

      const marked = [...page().querySelectorAll('tr.live-changed')];
      expect(marked.map((row) => row.getAttribute('data-issue'))).toEqual(['globex/api#4']);
    });
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
        slo_minutes: null,
        detail: 'no NPC activity for 2d 3h',
      },
    });
    await openAt('/tasks');
    http.expectOne('api/issues?npc=true').flush([...ISSUES, stuck]);
    await settle(harness);

    const lane = page().querySelector('[data-lane="attention"]');
    expect(lane?.querySelectorAll('npc-issue-card')).toHaveLength(1);
    expect(lane?.querySelector('npc-attention-badge')?.textContent).toContain(
      'no NPC activity for 2d 3h',
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
        slo_minutes: 60,
        detail: 'waiting for pickup 4h, SLO 1h',
      },
    });
    await openAt('/tasks?view=list');
    http.expectOne('api/issues?npc=true').flush([overdue, ISSUES[0]]);
    await settle(harness);
    const row = page().querySelector('tr[data-issue="acme/web#9"]');
    expect(row?.querySelector('npc-attention-badge')?.textContent).toContain(
      'Overdue pickup: waiting for pickup 4h, SLO 1h',
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

    it("lists the task's runs, the one going first, with their outcome and core-hours", async () => {
      await openDialog({
        ...ISSUES[1],
        runs: { count: 2, running: null, last_status: 'running', core_hours: 1.5 },
      });
      const run = (over: Partial<NpcRun>): NpcRun => ({
        sn: 'cnb-1',
        repo: 'acme/web',
        issue_number: 2,
        pull_number: null,
        npc: 'npc-builder',
        started_by: 'alice',
        event: 'issue.comment@npc',
        title: 'npc-builder: Fix',
        status: 'success',
        started_at: '2026-11-22T09:00:00Z',
        duration_s: 600,
        core_hours: 1.5,
        log_url: 'https://forge.example/acme/web/-/build/logs/cnb-1',
        ...over,
      });
      http.expectOne('api/repos/acme/web/issues/2/runs').flush({
        runs: [
          run({
            sn: 'cnb-2',
            status: 'running',
            started_at: '2026-11-22T11:30:00Z',
            core_hours: null,
          }),
          run({}),
        ],
        core_hours: 1.5,
      });
      http.expectOne('api/repos/acme/web/issues/2/comments').flush([]);
      await settle(harness);
      const runs = dialog().querySelector('npc-issue-runs') as HTMLElement;
      const rows = [...runs.querySelectorAll('li[data-run]')];
      expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['running', 'success']);
      expect(rows[0].textContent).toContain('running');
      expect(rows[0].querySelector('[data-core-hours]')).toBeNull();
      expect(rows[1].querySelector('[data-core-hours]')?.textContent).toBe('1.5 core-h');
      expect(rows[1].querySelector('a')?.getAttribute('href')).toBe(
        'https://forge.example/acme/web/-/build/logs/cnb-1',
      );
      expect(runs.querySelector('[data-runs-total]')?.textContent).toBe('1.5 core-h in all');
      // Stopping is for admins only: a visitor sees no button.
      expect(runs.querySelector('[data-action="stop-run"]')).toBeNull();
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
      expect(fact('pickup')).toBe('42m');
      expect(fact('cycle')).toBe('1d 4h');
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
            slo_minutes: 60,
            detail: 'waiting for pickup 2d 2h, SLO 1h',
          },
        }),
      );
      http.expectOne('api/repos/acme/web/issues/2/comments').flush([]);
      await settle(harness);
      const text = (sel: string) => dialog().querySelector(sel)?.textContent?.replace(/\s+/g, ' ');
      expect(text('[data-fact="attention"]')).toContain(
        'Overdue pickup: waiting for pickup 2d 2h, SLO 1h',
      );
      expect(text('[data-fact="pickup"]')).toContain('waiting 2d 2h');
      expect(text('[data-fact="cycle"]')).toContain('open 2d 2h so far');
      expect(dialog().querySelector('[data-fact="closed"]')).toBeNull();
    });
  });
});
