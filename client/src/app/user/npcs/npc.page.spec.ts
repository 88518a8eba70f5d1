import { HttpTestingController } from '@angular/common/http/testing';
import { DeferBlockState, TestBed } from '@angular/core/testing';
import { Title } from '@angular/platform-browser';
import { Router, TitleStrategy } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { PageTitleStrategy } from '../../shell/page-title.strategy';
import { fakeLiveUpdates } from '../../testing/fake-live-updates';
import {
  META,
  anNpcDetail,
  anNpcPull,
  anNpcTask,
  someMeasures,
  someWeeks,
} from '../../testing/fixtures';
import { NOW, setUpPage, settle } from '../../testing/page-testing';

const HOUR = 3_600_000;

const detail = anNpcDetail({
  tasks: [
    anNpcTask({
      number: 12,
      title: 'Stuck on the migration',
      column: 'in_progress',
      attention: 'stuck',
      updated_at: new Date(NOW - 50 * HOUR).toISOString(),
    }),
    anNpcTask({ repo: 'acme/api', number: 3, column: 'pending', title: 'Add rate limits' }),
  ],
  pulls: [
    anNpcPull(),
    anNpcPull({
      number: 8,
      title: 'Try another cache',
      state: 'closed',
      merged_at: null,
      review_rounds: null,
      human_commit: null,
      task_number: null,
    }),
    anNpcPull({
      number: 9,
      title: 'Bump the SDK',
      state: 'open',
      merged_at: null,
      review_rounds: null,
      human_commit: null,
    }),
    anNpcPull({ number: 10, title: 'Fix the docs', human_commit: true, review_rounds: 1 }),
  ],
});

describe('NpcPage', () => {
  let harness: RouterTestingHarness;
  let http: HttpTestingController;
  let page: () => HTMLElement;

  async function open(url: string): Promise<void> {
    ({ harness, http, page } = await setUpPage(url, META, [
      fakeLiveUpdates().provider,
      { provide: TitleStrategy, useClass: PageTitleStrategy },
    ]));
  }

  afterEach(() => http.verify());

  const text = (selector: string) =>
    page().querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();
  const texts = (selector: string) =>
    [...page().querySelectorAll(selector)].map((el) => el.textContent?.replace(/\s+/g, ' ').trim());

  it("shows the NPC's measures, where it works, its open tasks and its pull requests", async () => {
    await open('/npcs/npc-builder');
    expect(text('h1')).toBe('npc-builder');
    expect(TestBed.inject(Title).getTitle()).toBe('npc-builder · NPC Board');
    http.expectOne('api/npcs/npc-builder?days=7').flush(detail);
    await settle(harness);

    expect(text('[data-figure="merge_rate"] dd')).toBe('80% n = 10');
    expect(text('[data-figure="cost_task"] dd')).toBe('2.4 n = 10');
    expect(page().querySelector('[data-figure="autonomy"]')?.getAttribute('title')).toContain(
      'no commit by a person',
    );

    // Per organization and per repository, each leading to the NPC's tasks there.
    expect(texts('[data-table="orgs"] tbody th')).toEqual(['acme']);
    expect(page().querySelector('[data-table="orgs"] tbody th a')?.getAttribute('href')).toBe(
      '/tasks?org=acme&npc=npc-builder',
    );
    expect(texts('[data-table="repos"] tbody th')).toEqual(['acme/web', 'acme/api']);
    expect(text('[data-table="repos"] tr[data-row="acme/api"] [data-cell="completed"]')).toBe('4');
    expect(page().querySelector('[data-table="repos"] tbody th a')?.getAttribute('href')).toBe(
      '/tasks?repository=acme%2Fweb&npc=npc-builder',
    );

    // Its open tasks open in the task board's dialog; a stuck one says so in words.
    expect(text('#tasks-heading')).toBe('Open tasks (2)');
    const task = page().querySelector('tr[data-task="acme/web#12"]');
    expect(task?.querySelector('a')?.getAttribute('href')).toBe('/tasks?repo=acme%2Fweb&issue=12');
    expect(task?.querySelector('[data-attention="stuck"]')?.textContent?.trim()).toBe('Stuck');
    expect(task?.textContent).toContain('In progress');
    expect(task?.querySelector('time')?.textContent).toBe('2 days ago');
    expect(text('tr[data-task="acme/api#3"]')).toContain('Pending pickup');

    // Its pull requests with their outcome and time to merge.
    const pull = (n: number) => page().querySelector(`tr[data-pull="acme/web#${n}"]`);
    expect(texts('tr[data-pull] [data-state]')).toEqual([
      'merged',
      'closed unmerged',
      'open',
      'merged',
    ]);
    expect(pull(7)?.querySelector('[data-cell="time-to-merge"]')?.textContent?.trim()).toBe(
      '5h 30m',
    );
    expect(pull(8)?.querySelector('[data-cell="time-to-merge"]')?.textContent?.trim()).toBe('—');
    expect(pull(7)?.querySelector('a')?.getAttribute('href')).toBe(
      'http://forge.test/acme/web/pulls/7',
    );
    expect(pull(7)?.querySelector('a[href^="/tasks"]')?.getAttribute('href')).toBe(
      '/tasks?repo=acme%2Fweb&issue=42',
    );
    expect(pull(7)?.textContent).toContain('NPC only');
    expect(pull(10)?.textContent).toContain('a person too');

    expect(page().querySelectorAll('npc-csv-download')).toHaveLength(4);
    expect(page().querySelector('a.back')?.getAttribute('href')).toBe('/npcs');
  });

  it('draws the weekly trends once in view, with their figures as a table', async () => {
    await open('/npcs/npc-builder?days=30');
    http
      .expectOne('api/npcs/npc-builder?days=30')
      .flush(anNpcDetail({ days: 30, weeks: someWeeks([2, 0, 1, 5]) }));
    await settle(harness);

    expect(page().querySelectorAll('npc-line-chart')).toHaveLength(0);
    expect(page().querySelectorAll('.trend .chart-placeholder')).toHaveLength(3);
    for (const block of await harness.fixture.getDeferBlocks()) {
      await block.render(DeferBlockState.Complete);
    }
    const charts = [...page().querySelectorAll('npc-line-chart canvas')];
    expect(charts.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Line chart: Tasks completed by npc-builder in each of the last 4 weeks',
      'Line chart: Pull requests merged by npc-builder in each of the last 4 weeks',
      'Line chart of the core-hours the runs of npc-builder billed in each of the last 4 weeks',
    ]);
    const rows = [...page().querySelectorAll('[data-table="weeks"] tbody tr')];
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual([
      '2026-10-25',
      '2026-11-01',
      '2026-11-08',
      '2026-11-15',
    ]);
    expect([...rows[3].querySelectorAll('td')].map((td) => td.textContent?.trim())).toEqual([
      '5',
      '10',
      '7.5 core-h',
    ]);
    expect(page().querySelector('a.back')?.getAttribute('href')).toBe('/npcs?days=30');
  });

  it('shows "…" where pull requests are still read, and "still counting" for their list', async () => {
    await open('/npcs/npc-builder');
    http.expectOne('api/npcs/npc-builder?days=7').flush(
      anNpcDetail({
        measures: someMeasures({ pulls: null, cost_per_merged_pull: null }),
        weeks: someWeeks().map((w) => ({ ...w, pulls_merged: null })),
        pulls: [],
      }),
      { headers: { 'X-Board-Pending': 'outcomes' } },
    );
    await settle(harness);
    expect(page().querySelector('[data-figure="merge_rate"]')?.getAttribute('data-state')).toBe(
      'pending',
    );
    expect(page().querySelector('[data-figure="core_hours"]')?.getAttribute('data-state')).toBe(
      'value',
    );
    expect(text('[data-trend="pulls"] .trend-unknown')).toBe('Still counting…');
    expect(page().querySelector('[data-counting]')).not.toBeNull();
    expect(page().querySelector('[data-table="pulls"]')).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 1_600));
    http.expectOne('api/npcs/npc-builder?days=7').flush(detail);
    await settle(harness);
    expect(page().querySelector('[data-counting]')).toBeNull();
    expect(page().querySelectorAll('tr[data-pull]')).toHaveLength(4);
  });

  it('says when the board knows no such NPC, with the way back', async () => {
    await open('/npcs/nobody');
    http
      .expectOne('api/npcs/nobody?days=7')
      .flush(
        { statusCode: 404, error: 'Not Found', message: 'No NPC named nobody.' },
        { status: 404, statusText: 'Not Found' },
      );
    await settle(harness);
    expect(page().querySelector('npc-load-error')).toBeNull();
    expect(text('[data-state="unknown-npc"] p')).toBe(
      'The board knows no NPC named nobody: it is not one of its NPCs and has no work on the board.',
    );
    expect(page().querySelector('[data-state="unknown-npc"] a')?.getAttribute('href')).toBe(
      '/npcs',
    );
  });

  it('says when an NPC has no open task and no pull request in the window', async () => {
    await open('/npcs/npc-tester');
    http
      .expectOne('api/npcs/npc-tester?days=7')
      .flush(anNpcDetail({ npc: 'npc-tester', tasks: [], pulls: [], by_org: [], by_repo: [] }));
    await settle(harness);
    expect(texts('npc-empty-state p')).toEqual([
      'No work in any organization in this window.',
      'No work in any repository in this window.',
      'No open tasks.',
      'No pull requests in this window.',
    ]);
    expect(text('#tasks-heading')).toBe('Open tasks');
  });

  it('loads another NPC when its link is followed', async () => {
    await open('/npcs/npc-builder');
    http.expectOne('api/npcs/npc-builder?days=7').flush(detail);
    await settle(harness);
    await TestBed.inject(Router).navigateByUrl('/npcs/npc-tester');
    await settle(harness);
    http
      .expectOne('api/npcs/npc-tester?days=7')
      .flush(anNpcDetail({ npc: 'npc-tester', tasks: [] }));
    await settle(harness);
    expect(text('h1')).toBe('npc-tester');
    expect(page().querySelectorAll('tr[data-task]')).toHaveLength(0);
  });
});
