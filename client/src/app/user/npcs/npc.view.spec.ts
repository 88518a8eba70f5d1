import { toCsv } from '../../ui/csv';
import { NOW } from '../../testing/page-testing';
import { anNpcDetail, anNpcPull, anNpcTask, someWeeks } from '../../testing/fixtures';
import {
  PULL_CSV_COLUMNS,
  TASK_CSV_COLUMNS,
  orgRows,
  pullRows,
  repoRows,
  scopeCsvColumns,
  taskRows,
  trends,
  weekNames,
} from './npc.view';

const NOTHING_PENDING = { signals: false, pulls: false, runs: false };

describe('an NPC’s organizations and repositories', () => {
  it('lead to the NPC’s tasks there, without trends', () => {
    const detail = anNpcDetail();
    expect(orgRows(detail, NOTHING_PENDING).map((r) => [r.key, r.link, r.trend])).toEqual([
      ['acme', { path: '/tasks', query: { org: 'acme', npc: 'npc-builder' } }, null],
    ]);
    expect(repoRows(detail, NOTHING_PENDING).map((r) => r.link?.query)).toEqual([
      { repository: 'acme/web', npc: 'npc-builder' },
      { repository: 'acme/api', npc: 'npc-builder' },
    ]);
    const csv = toCsv(repoRows(detail, NOTHING_PENDING), scopeCsvColumns('Repository'));
    expect(csv.slice(1).split('\r\n')[1].startsWith('acme/web,20,12,0.6,6,')).toBe(true);
  });
});

describe('taskRows', () => {
  it('names the column and why a task needs attention, and opens it on the task board', () => {
    const [row] = taskRows([anNpcTask({ attention: 'overdue', column: 'pending' })], NOW);
    expect(row.key).toBe('acme/web#42');
    expect(row.column).toBe('Pending pickup');
    expect(row.attention).toEqual({
      reason: 'overdue',
      label: 'Overdue pickup',
      icon: 'hourglass_top',
    });
    expect(row.query).toEqual({ repo: 'acme/web', issue: 42 });
    expect(row.updated.text).toBe('2 days ago');
    const lines = toCsv([row], TASK_CSV_COLUMNS).slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Task,Repository,Number,Column,Needs attention,Last change,Address');
    expect(lines[1]).toBe(
      'Fix flaky login test,acme/web,42,Pending pickup,Overdue pickup,2026-11-20T12:00:00Z,http://forge.test/acme/web/issues/42',
    );
  });
});

describe('pullRows', () => {
  it('gives the outcome, the time to merge and who committed', () => {
    const rows = pullRows(
      [
        anNpcPull(),
        anNpcPull({
          number: 8,
          state: 'closed',
          merged_at: null,
          human_commit: null,
          task_number: null,
          review_rounds: null,
        }),
        anNpcPull({ number: 9, human_commit: true }),
      ],
      NOW,
    );
    expect(rows.map((r) => [r.outcome.label, r.timeToMerge, r.commits, r.taskQuery])).toEqual([
      ['merged', '5h 30m', 'NPC only', { repo: 'acme/web', issue: 42 }],
      ['closed unmerged', '—', '—', null],
      ['merged', '5h 30m', 'a person too', { repo: 'acme/web', issue: 42 }],
    ]);
    const lines = toCsv(rows, PULL_CSV_COLUMNS).slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Pull request,Repository,Number,Outcome,Opened,Merged,Time to merge (s),Review rounds,Commit by a person,Task number,Address',
    );
    expect(lines[1]).toBe(
      'Fix the login test,acme/web,7,merged,2026-11-20T09:00:00Z,2026-11-20T14:30:00Z,19800,2,false,42,http://forge.test/acme/web/pulls/7',
    );
    expect(lines[2].split(',').slice(5, 8)).toEqual(['', '', '']);
  });
});

describe('trends', () => {
  it('gives the three weekly series, unknown while none of their weeks is known', () => {
    const weeks = someWeeks([1, 0, 2, 3]);
    const [tasks, pulls, hours] = trends(weeks);
    expect(tasks.series.values).toEqual([1, 0, 2, 3]);
    expect(pulls.series.values).toEqual([2, 0, 4, 6]);
    expect(hours.series.format(4.5)).toBe('4.5 core-h');
    expect([tasks.unknown, pulls.unknown, hours.unknown]).toEqual([false, false, false]);
    const waiting = trends(weeks.map((w) => ({ ...w, pulls_merged: null, core_hours: null })));
    expect(waiting.map((t) => t.unknown)).toEqual([false, true, true]);
    expect(weekNames(weeks)).toEqual(['2026-10-25', '2026-11-01', '2026-11-08', '2026-11-15']);
  });
});
