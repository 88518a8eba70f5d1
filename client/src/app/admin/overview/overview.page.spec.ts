import { HttpTestingController } from '@angular/common/http/testing';
import { DeferBlockState, TestBed } from '@angular/core/testing';
import { Router } from '@angular/router';
import { RouterTestingHarness } from '@angular/router/testing';
import type { AdminOverview } from '@shared/board/admin';

import { ADMIN_TOKEN_KEY } from '../../core/admin-session.service';
import { fakeLiveUpdates } from '../../testing/fake-live-updates';
import { META } from '../../testing/fixtures';
import { BAD_GATEWAY, NOW, errorBody, setUpPage, settle } from '../../testing/page-testing';

function anOverview(days: 7 | 30, created: number, closed: number): AdminOverview {
  const figures = { answered: 4, waiting: 1, average_seconds: 7500, p95_seconds: 90_000 };
  return {
    days,
    window: { from: '2026-11-15T12:00:00Z', to: '2026-11-22T12:00:00Z' },
    completion: { created, closed, rate: created ? closed / created : null },
    response_time: { ...figures, by_npc: [{ npc: 'npc-builder', ...figures }] },
    npcs: [
      {
        npc: 'npc-builder',
        pickup_p50_s: 600,
        pickup_p95_s: 3600,
        pickup_n: 8,
        cycle_p50_s: null,
        cycle_p95_s: null,
        cycle_n: 3,
        wip: 5,
        stuck: 2,
        completed: 3,
        merge_rate: 0.9,
        merge_n: 10,
        merged_pulls: 9,
        autonomy: 2 / 3,
        cost_per_merged_pull: 1.25,
      },
      {
        npc: 'npc-tester',
        pickup_p50_s: null,
        pickup_p95_s: null,
        pickup_n: 0,
        cycle_p50_s: null,
        cycle_p95_s: null,
        cycle_n: 0,
        wip: 0,
        stuck: 0,
        completed: 0,
        merge_rate: null,
        merge_n: 0,
        merged_pulls: 0,
        autonomy: null,
        cost_per_merged_pull: null,
      },
    ],
    credit_ranking: [
      { org_slug: 'acme', consumed: 120, snapshots: 100, credits_per_task: 40, tasks_completed: 3 },
    ],
    activity_ranking: [{ repo: 'acme/web', commits: 3 }],
    activity_unavailable: days === 30 ? ['acme/legacy'] : [],
    runs: {
      by_npc: [
        {
          npc: 'npc-builder',
          runs: 12,
          succeeded: 9,
          failed: 2,
          stopped: 1,
          success_rate: 0.75,
          median_duration_s: 1500,
          core_hours: 6.5,
          core_hours_per_completed_task: 2.25,
          completed_tasks: 3,
        },
        {
          npc: 'npc-tester',
          runs: 0,
          succeeded: 0,
          failed: 0,
          stopped: 0,
          success_rate: null,
          median_duration_s: null,
          core_hours: 0,
          core_hours_per_completed_task: null,
          completed_tasks: 0,
        },
      ],
      costliest: [
        {
          repo: 'acme/web',
          number: 7,
          title: 'Slow build',
          npc: 'npc-builder',
          runs: 4,
          core_hours: 3.5,
        },
      ],
      running: [
        {
          sn: 'cnb-run-1',
          repo: 'acme/web',
          issue_number: 7,
          pull_number: null,
          npc: 'npc-builder',
          started_by: 'alice',
          event: 'issue.comment@npc',
          title: 'npc-builder: Slow build',
          status: 'running',
          started_at: new Date(NOW - 2 * 3_600_000).toISOString(),
          duration_s: 7200,
          core_hours: null,
          log_url: '',
          task_title: 'Slow build',
        },
      ],
    },
  };
}

describe('OverviewPage', () => {
  let harness: RouterTestingHarness;
  let http: HttpTestingController;
  let page: () => HTMLElement;

  beforeEach(async () => {
    sessionStorage.setItem(ADMIN_TOKEN_KEY, 'admin-token-0123456789');
    ({ harness, http, page } = await setUpPage('/admin/dashboard'));
    await settle(harness);
    http.expectOne('api/orgs').flush([]);
  });

  afterEach(() => {
    http.verify();
    sessionStorage.clear();
  });

  function answer(): void {
    // Both windows are asked for at once.
    const week = http.expectOne('api/admin/overview?days=7');
    const month = http.expectOne('api/admin/overview?days=30');
    week.flush(anOverview(7, 10, 4));
    month.flush(anOverview(30, 40, 30));
  }

  const value = (key: string) =>
    page().querySelector(`[data-figure="${key}"] [data-value]`)?.textContent?.trim();

  it('shows skeletons, then the four figures', async () => {
    expect(page().querySelectorAll('.skeleton').length).toBeGreaterThan(0);
    answer();
    await settle(harness);

    expect(page().querySelector('.skeleton')).toBeNull();
    expect(value('completion-7')).toBe('40%');
    expect(value('completion-30')).toBe('75%');
    expect(value('response-average')).toBe('2h 5m');
    expect(value('response-p95')).toBe('1d 1h');
    expect(page().querySelector('[data-figure="completion-7"]')?.textContent).toContain(
      '4 closed / 10 created',
    );
    expect(page().querySelectorAll('tr[data-npc]')).toHaveLength(2);

    // Each ranking's chart waits for its place to scroll into view, holding that place
    // at the chart's height meanwhile.
    expect(page().querySelectorAll('npc-bar-chart')).toHaveLength(0);
    const placeholders = page().querySelectorAll<HTMLElement>('.chart-placeholder');
    expect(placeholders).toHaveLength(2);
    expect(placeholders[0].style.height).toMatch(/^\d+px$/);
    for (const block of await harness.fixture.getDeferBlocks()) {
      await block.render(DeferBlockState.Complete);
    }
    expect(page().querySelectorAll('npc-bar-chart')).toHaveLength(2);
    expect(page().querySelector('npc-bar-chart canvas')?.getAttribute('aria-label')).toBe(
      'Bar chart of the credits each organization spent in the last 7 days',
    );
    expect(page().querySelector('npc-bar-chart .frame')?.getAttribute('style')).toContain(
      placeholders[0].style.height,
    );
  });

  it('shows the per-NPC work table with how each column is computed and drill-down links', async () => {
    answer();
    await settle(harness);

    const cell = (npc: string, key: string) =>
      page().querySelector(`tr[data-npc="${npc}"] [data-cell="${key}"]`)?.textContent?.trim();
    expect(cell('npc-builder', 'pickup_p50')).toBe('10m n = 8');
    expect(cell('npc-builder', 'pickup_p95')).toBe('1h');
    expect(cell('npc-builder', 'cycle_p50')).toBe('too few (n = 3)');
    expect(cell('npc-builder', 'wip')).toBe('5');
    expect(cell('npc-builder', 'stuck')).toBe('2');
    expect(cell('npc-builder', 'completed')).toBe('3');
    expect(cell('npc-tester', 'pickup_p95')).toBe('too few (n = 0)');
    expect(cell('npc-builder', 'merge_rate')).toBe('90% n = 10');
    expect(cell('npc-builder', 'autonomy')).toBe('67% n = 9');
    expect(cell('npc-builder', 'cost_per_merged_pull')).toBe('1.25 core-h');
    expect(cell('npc-tester', 'merge_rate')).toBe('—');
    expect(cell('npc-tester', 'cost_per_merged_pull')).toBe('too few (n = 0)');
    expect(page().querySelector('th[data-column="merge_rate"]')?.getAttribute('title')).toContain(
      'closed without merging',
    );

    const header = page().querySelector('th[data-column="cycle_p50"]');
    expect(header?.getAttribute('title')).toContain('close − assignment');
    expect(page().querySelector('.legend')?.textContent).toContain(
      'first NPC comment − assignment',
    );

    const link = page().querySelector('tr[data-npc="npc-builder"] a.npc-stuck');
    expect(link?.getAttribute('href')).toBe('/tasks?npc=npc-builder&attention=stuck');
    expect(link?.getAttribute('aria-label')).toBe('npc-builder: its stuck tasks (2)');
    expect(
      page()
        .querySelector('[data-table="credit-ranking"] tr[data-org="acme"] a')
        ?.getAttribute('href'),
    ).toBe('/tasks?org=acme');
    expect(
      page()
        .querySelector('[data-table="credit-ranking"] [data-cell="per-task"]')
        ?.textContent?.trim(),
    ).toBe('40.0 (n = 3)');
    expect(page().querySelector('tr[data-repo="acme/web"] a')?.getAttribute('href')).toBe(
      '/tasks?repository=acme%2Fweb',
    );
    expect(page().querySelectorAll('npc-csv-download')).toHaveLength(2);
  });

  it("shows each NPC's runs, their cost per completed task with its n, and the costliest tasks", async () => {
    answer();
    await settle(harness);
    const rows = [...page().querySelectorAll('tr[data-runs-npc]')];
    // An NPC without runs or completed tasks in the window has no row.
    expect(rows.map((row) => row.getAttribute('data-runs-npc'))).toEqual(['npc-builder']);
    const cell = (name: string) =>
      rows[0].querySelector(`[data-cell="${name}"]`)?.textContent?.replace(/\s+/g, ' ').trim();
    expect(cell('runs')).toBe('12 2 failed, 1 stopped');
    expect(cell('success')).toBe('75%');
    expect(cell('median')).toBe('25m');
    expect(cell('core-hours')).toBe('6.5 core-h');
    expect(cell('per-task')).toBe('2.25 core-h n = 3');
    const costly = page().querySelector('li[data-task="acme/web#7"]');
    expect(costly?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'acme/web#7 Slow build · 3.5 core-h in 4 runs',
    );
    expect(costly?.querySelector('a')?.getAttribute('href')).toBe('/tasks?repo=acme%2Fweb&issue=7');
    // The run going now, with its task and how long it has run, and Stop run for the admin.
    const running = page().querySelector('li[data-running-run="cnb-run-1"]');
    expect(running?.querySelector('a')?.textContent?.trim()).toBe('acme/web#7 Slow build');
    expect(running?.textContent).toContain('npc-builder · running 2h');
    for (const block of await harness.fixture.getDeferBlocks()) {
      await block.render(DeferBlockState.Complete);
    }
    expect(running?.querySelector('[data-action="stop-run"]')).not.toBeNull();
  });

  it('switches response times and rankings to 30 days through the URL', async () => {
    answer();
    await settle(harness);
    expect(page().textContent).not.toContain('Commit history unavailable');

    await TestBed.inject(Router).navigateByUrl('/admin/dashboard?days=30');
    await settle(harness);
    expect(page().querySelector('[data-figure="response-average"]')?.textContent).toContain(
      '(30d)',
    );
    expect(page().textContent).toContain('Commit history unavailable for 1 repository');
  });

  it('offers Retry when the overview cannot be loaded', async () => {
    const week = http.expectOne('api/admin/overview?days=7');
    const month = http.expectOne('api/admin/overview?days=30');
    week.flush(errorBody('The platform failed.'), BAD_GATEWAY);
    // One failure is the page's failure: the other request is not waited for.
    expect(month.cancelled).toBe(true);
    await settle(harness);
    expect(page().querySelector('npc-load-error')?.textContent).toContain('The platform failed.');

    page().querySelector<HTMLButtonElement>('npc-load-error button')!.click();
    await settle(harness);
    answer();
    await settle(harness);
    expect(value('completion-7')).toBe('40%');
  });
});

describe('OverviewPage, live', () => {
  afterEach(() => sessionStorage.clear());

  it('reloads on an alert, issue or balance change and marks the figures and rows that moved', async () => {
    sessionStorage.setItem(ADMIN_TOKEN_KEY, 'admin-token-0123456789');
    const { live, provider } = fakeLiveUpdates();
    const { harness, http, page } = await setUpPage('/admin/dashboard', META, [provider]);
    await settle(harness);
    http.expectOne('api/orgs').flush([]);
    expect(live.following()).toEqual([
      { topics: ['issues', 'runs', 'balances', 'alerts'], org: null },
    ]);
    const answer = (closed: number) => {
      const week = anOverview(7, 10, closed);
      week.npcs[0] = { ...week.npcs[0], completed: closed };
      http.expectOne('api/admin/overview?days=7').flush(week);
      http.expectOne('api/admin/overview?days=30').flush(anOverview(30, 40, 30));
    };
    answer(4);
    await settle(harness);

    live.change('alerts', null);
    await settle(harness);
    answer(5);
    await settle(harness);

    const marked = (selector: string, attribute: string) =>
      [...page().querySelectorAll(`${selector}.live-changed`)].map(
        (el) =>
          el.getAttribute(attribute) ?? el.querySelector(`[${attribute}]`)?.getAttribute(attribute),
      );
    expect(marked('npc-figure-card', 'data-figure')).toEqual(['completion-7']);
    expect(marked('tr', 'data-npc')).toEqual(['npc-builder']);
    expect(live.announced).toBeGreaterThan(0);
    http.verify();
  });
});
