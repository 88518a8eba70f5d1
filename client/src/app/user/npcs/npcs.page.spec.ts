import { HttpTestingController } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';

import { FakeLiveUpdates, fakeLiveUpdates } from '../../testing/fake-live-updates';
import {
  META,
  aScorecard,
  someMeasures,
  somePullMeasures,
  someScorecards,
  someWeeks,
} from '../../testing/fixtures';
import { BAD_GATEWAY, errorBody, setUpPage, settle } from '../../testing/page-testing';

const builder = aScorecard();
const tester = aScorecard({
  npc: 'npc-tester',
  measures: someMeasures({
    tasks_completed: 3,
    completion_rate: 0.25,
    cycle_p50_s: null,
    cycle_n: 3,
    pulls: somePullMeasures({ merged: 2, closed_unmerged: 2, merge_rate: 0.5 }),
    cost_per_merged_pull: null,
    cost_per_completed_task: null,
  }),
  weeks: someWeeks([0, 1, 0, 2]),
});
const outsider = aScorecard({ npc: 'ci-bot', configured: false });

describe('NpcsPage', () => {
  let harness: RouterTestingHarness;
  let http: HttpTestingController;
  let page: () => HTMLElement;
  let live: FakeLiveUpdates;

  async function open(url = '/npcs'): Promise<void> {
    const fake = fakeLiveUpdates();
    live = fake.live;
    ({ harness, http, page } = await setUpPage(url, META, [fake.provider]));
  }

  afterEach(() => http.verify());

  const row = (npc: string) => page().querySelector<HTMLElement>(`tr[data-row="${npc}"]`);
  const cell = (npc: string, key: string) =>
    row(npc)?.querySelector(`[data-cell="${key}"]`)?.textContent?.replace(/\s+/g, ' ').trim();
  const order = () =>
    [...page().querySelectorAll<HTMLElement>('tbody tr')].map((tr) => tr.dataset['row']);

  it('shows a row per NPC with every measure, its n and its definition', async () => {
    await open();
    expect(page().querySelector('h1')?.textContent?.trim()).toBe('NPC outcomes');
    expect(page().querySelector('[aria-busy="true"] .skeleton')).not.toBeNull();
    http.expectOne('api/npcs?days=7').flush(someScorecards([builder, tester, outsider]));
    await settle(harness);

    expect(order()).toEqual(['npc-builder', 'npc-tester', 'ci-bot']);
    expect(cell('npc-builder', 'completed')).toBe('10');
    expect(cell('npc-builder', 'completion')).toBe('60% n = 20');
    expect(cell('npc-builder', 'pickup')).toBe('10m n = 12');
    expect(cell('npc-builder', 'cycle')).toBe('1d n = 10');
    expect(cell('npc-builder', 'rework')).toBe('9% n = 11');
    expect(cell('npc-builder', 'merge_rate')).toBe('80% n = 10');
    expect(cell('npc-builder', 'time_to_merge')).toBe('5h n = 8');
    expect(cell('npc-builder', 'review_rounds')).toBe('1.5 n = 8');
    expect(cell('npc-builder', 'autonomy')).toBe('75% n = 8');
    expect(cell('npc-builder', 'core_hours')).toBe('24');
    expect(cell('npc-builder', 'cost_pull')).toBe('3 n = 8');
    expect(cell('npc-builder', 'cost_task')).toBe('2.4 n = 10');
    // Too few results for a figure: said so, with the n.
    expect(cell('npc-tester', 'cycle')).toBe('too few n = 3');
    expect(cell('npc-tester', 'cost_pull')).toBe('too few n = 2');
    expect(cell('npc-tester', 'cost_task')).toBe('too few n = 3');
    expect(cell('npc-tester', 'merge_rate')).toBe('50% n = 4');

    const sparkline = row('npc-tester')?.querySelector('npc-sparkline svg');
    expect(sparkline?.getAttribute('aria-label')).toBe(
      'Tasks completed per week, oldest first: 0, 1, 0, 2',
    );
    expect(row('ci-bot')?.querySelector('.note')?.textContent?.trim()).toBe('other NPC');
    expect(row('npc-builder')?.querySelector('.note')).toBeNull();

    const link = row('npc-builder')?.querySelector('th a');
    expect(link?.getAttribute('href')).toBe('/npcs/npc-builder');
    const header = page().querySelector('th[data-column="merge_rate"]');
    expect(header?.getAttribute('title')).toContain('closed without merging');
    const legend = page().querySelector('npc-measures-legend')?.textContent ?? '';
    expect(legend).toContain('no commit by a person');
    expect(legend).toContain('Tasks completed in each of the last 4 weeks');
    expect(page().querySelector('.since')?.textContent).toContain('Over the last 7 days, since');
    expect(page().querySelector('npc-csv-download button')?.getAttribute('title')).toContain(
      '3 rows',
    );
  });

  it('shows "…" while pull requests and runs are read, then fills in by itself', async () => {
    await open();
    const pending = aScorecard({
      measures: someMeasures({
        pulls: null,
        core_hours: null,
        cost_per_merged_pull: null,
        cost_per_completed_task: null,
      }),
    });
    http
      .expectOne('api/npcs?days=7')
      .flush(someScorecards([pending]), { headers: { 'X-Board-Pending': 'outcomes,runs' } });
    await settle(harness);

    for (const key of ['merge_rate', 'time_to_merge', 'autonomy', 'core_hours', 'cost_pull']) {
      expect(
        row('npc-builder')?.querySelector(`[data-cell="${key}"]`)?.getAttribute('data-state'),
      ).toBe('pending');
    }
    // Pending, not too few: the task count is 10, past the sample the cost needs.
    const counting = row('npc-builder')?.querySelector('[data-cell="cost_task"] .pending');
    expect(counting?.querySelector('[aria-hidden="true"]')?.textContent).toBe('…');
    expect(counting?.querySelector('.visually-hidden')?.textContent).toBe(
      'still counting: the board is reading this data',
    );
    expect(cell('npc-builder', 'completed')).toBe('10');
    expect(page().querySelector('.pending-note')?.textContent?.trim()).toBe(
      'The board is still reading pull requests and runs; the figures marked “…” fill in by themselves.',
    );

    // The answer named both pending: it is asked for again and fills in.
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    http.expectOne('api/npcs?days=7').flush(someScorecards([builder]));
    await settle(harness);
    expect(cell('npc-builder', 'merge_rate')).toBe('80% n = 10');
    expect(cell('npc-builder', 'cost_task')).toBe('2.4 n = 10');
    expect(page().querySelector('.pending-note')?.textContent?.trim()).toBe('');
  });

  it('reads a missing figure as too few, not counting, once nothing is pending', async () => {
    await open();
    http.expectOne('api/npcs?days=7').flush(
      someScorecards([
        aScorecard({
          measures: someMeasures({ tasks_completed: 2, cost_per_completed_task: null }),
        }),
      ]),
    );
    await settle(harness);
    expect(cell('npc-builder', 'cost_task')).toBe('too few n = 2');
  });

  it('sorts by a header through the URL, the sorted column turned around, nulls last', async () => {
    await open();
    http.expectOne('api/npcs?days=7').flush(someScorecards([builder, tester, outsider]));
    await settle(harness);
    const header = (key: string) =>
      page().querySelector<HTMLButtonElement>(`th button[data-sort="${key}"]`)!;

    header('completed').click();
    await settle(harness);
    expect(TestBed.inject(Router).url).toBe('/npcs?sort=completed');
    expect(order()).toEqual(['npc-tester', 'npc-builder', 'ci-bot']);
    expect(header('completed').closest('th')?.getAttribute('aria-sort')).toBe('ascending');

    header('completed').click();
    await settle(harness);
    expect(TestBed.inject(Router).url).toBe('/npcs?sort=completed&dir=desc');
    expect(order()).toEqual(['npc-builder', 'ci-bot', 'npc-tester']);

    // Too few is no figure: last whichever way.
    header('cost_task').click();
    await settle(harness);
    expect(order()).toEqual(['npc-builder', 'ci-bot', 'npc-tester']);
    header('npc').click();
    await settle(harness);
    expect(order()).toEqual(['ci-bot', 'npc-builder', 'npc-tester']);
  });

  it('opens with the order and window of a shared link, and switches the window', async () => {
    await open('/npcs?days=30&sort=merge_rate&dir=desc');
    http.expectOne('api/npcs?days=30').flush(someScorecards([tester, builder], 30));
    await settle(harness);
    expect(order()).toEqual(['npc-builder', 'npc-tester']);
    expect(page().querySelector('[data-segment="30"]')?.getAttribute('aria-pressed')).toBe('true');
    expect(row('npc-builder')?.querySelector('th a')?.getAttribute('href')).toBe(
      '/npcs/npc-builder?days=30',
    );
    expect(page().querySelector('th[data-column="completed"]')?.getAttribute('title')).toContain(
      'last 30 days',
    );

    page().querySelector<HTMLButtonElement>('[data-segment="7"]')!.click();
    await settle(harness);
    expect(TestBed.inject(Router).url).toBe('/npcs?sort=merge_rate&dir=desc');
    http.expectOne('api/npcs?days=7').flush(someScorecards([builder]));
    await settle(harness);
    expect(order()).toEqual(['npc-builder']);
  });

  it('says so when no NPC has work, and offers Retry when the load fails', async () => {
    await open();
    http.expectOne('api/npcs?days=7').flush(errorBody('The platform did not answer.'), BAD_GATEWAY);
    await settle(harness);
    expect(page().querySelector('npc-load-error')?.textContent).toContain(
      'Could not load the NPC outcomes.',
    );
    page().querySelector<HTMLButtonElement>('npc-load-error button')!.click();
    await settle(harness);
    http.expectOne('api/npcs?days=7').flush(someScorecards([]));
    await settle(harness);
    expect(page().querySelector('npc-empty-state')?.textContent).toContain(
      'No NPC has work on the board in this window.',
    );
    expect(page().querySelector('npc-csv-download')).toBeNull();
  });

  it('reloads in place on a change to issues or runs and marks the rows that changed', async () => {
    await open();
    http.expectOne('api/npcs?days=7').flush(someScorecards([builder, tester]));
    await settle(harness);
    expect(live.following()).toEqual([{ topics: ['issues', 'runs'], org: null }]);

    live.change('runs', 'acme');
    await settle(harness);
    const faster = aScorecard({ measures: someMeasures({ tasks_completed: 11 }) });
    http.expectOne('api/npcs?days=7').flush(someScorecards([faster, tester]));
    await settle(harness);
    expect(cell('npc-builder', 'completed')).toBe('11');
    expect(row('npc-builder')?.classList).toContain('live-changed');
    expect(row('npc-tester')?.classList).not.toContain('live-changed');
  });
});
