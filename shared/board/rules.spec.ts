import { boardColumn, issueCounts } from './columns';
import {
  averageDailyConsumption,
  consumption,
  creditsPerTask,
  dailySpending,
  exhaustionBand,
  runwayTasks,
  forecastExhaustion,
  isBelowThreshold,
  spendingSteps,
} from './credits';
import type { CreditSnapshot } from './entities';
import { repositoryHealth } from './health';
import { isNpcIssue, isNpcUser } from './npc';
import { mean, percentile } from './stats';

const HANDLES = ['npc-builder', 'npc-reviewer', 'npc-tester'];
const npc = { is_npc: true };
const human = { is_npc: false };

describe('NPC detection', () => {
  it('trusts the platform flag or the configured handles, case-insensitively', () => {
    expect(isNpcUser({ username: 'robot', is_npc: true }, HANDLES)).toBe(true);
    expect(isNpcUser({ username: 'NPC-Tester' }, HANDLES)).toBe(true);
    expect(isNpcUser({ username: 'alice', is_npc: false }, HANDLES)).toBe(false);
  });

  it('counts an issue as NPC work by its author or any assignee', () => {
    expect(isNpcIssue({ author: npc, assignees: [] })).toBe(true);
    expect(isNpcIssue({ author: human, assignees: [human, npc] })).toBe(true);
    expect(isNpcIssue({ author: human, assignees: [human] })).toBe(false);
  });
});

describe('board column', () => {
  const open = { state: 'open' as const, assignees: [npc], labels: [], comment_count: 0 };

  it('puts closed issues in done', () => {
    expect(boardColumn({ ...open, state: 'closed' })).toBe('done');
  });

  it('needs an NPC assignee plus a label or a comment for in progress', () => {
    expect(boardColumn({ ...open, comment_count: 1 })).toBe('in_progress');
    expect(boardColumn({ ...open, labels: [{ name: ' WIP ' }] })).toBe('in_progress');
    expect(boardColumn({ ...open, labels: [{ name: 'In-Progress' }] })).toBe('in_progress');
    expect(boardColumn({ ...open, labels: [{ name: 'doing' }] })).toBe('in_progress');
    expect(boardColumn(open)).toBe('pending');
    expect(boardColumn({ ...open, labels: [{ name: 'bug' }] })).toBe('pending');
    expect(boardColumn({ ...open, assignees: [human], comment_count: 3 })).toBe('pending');
  });

  it('counts open and active issues', () => {
    expect(
      issueCounts([
        { state: 'open', column: 'pending', npc: true },
        { state: 'open', column: 'in_progress', npc: true },
        { state: 'open', column: 'pending', npc: false },
        { state: 'closed', column: 'done', npc: true },
      ]),
    ).toEqual({ open_issue_count: 3, active_issue_count: 2 });
  });
});

describe('repository health', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('is yellow after 7 days and red after 30', () => {
    expect(repositoryHealth('2026-11-21T12:00:00Z', now)).toBe('fresh');
    expect(repositoryHealth('2026-11-15T12:00:00Z', now)).toBe('fresh');
    expect(repositoryHealth('2026-11-15T11:59:59Z', now)).toBe('yellow');
    expect(repositoryHealth('2026-10-23T12:00:00Z', now)).toBe('yellow');
    expect(repositoryHealth('2026-10-23T11:59:59Z', now)).toBe('red');
  });
});

describe('credits', () => {
  const snap = (recorded_at: string, balance: number): CreditSnapshot => ({
    org_slug: 'acme',
    recorded_at,
    balance,
  });
  // 2 days of snapshots: spends 30, tops up 100, spends 20 and 10.
  const history = [
    snap('2026-11-20T00:00:00Z', 200),
    snap('2026-11-20T12:00:00Z', 170),
    snap('2026-11-21T00:00:00Z', 270),
    snap('2026-11-21T12:00:00Z', 250),
    snap('2026-11-22T00:00:00Z', 240),
  ];

  it('counts decreases only', () => {
    expect(spendingSteps([...history].reverse()).map((s) => s.spent)).toEqual([30, 20, 10]);
  });

  it('averages spending over the days the snapshots span', () => {
    expect(averageDailyConsumption(history)).toBe(30);
  });

  it('has no average under 24 hours of snapshots', () => {
    expect(averageDailyConsumption(history.slice(0, 2))).toBeNull();
    expect(averageDailyConsumption([])).toBeNull();
  });

  it('predicts the exhaustion date in whole days from today (UTC)', () => {
    const now = new Date('2026-11-22T18:00:00Z');
    expect(forecastExhaustion(38, 12.4, now)).toEqual({ kind: 'date', date: '2026-11-25' });
    expect(forecastExhaustion(240, 30, now)).toEqual({ kind: 'date', date: '2026-11-30' });
    expect(forecastExhaustion(0, 5, now)).toEqual({ kind: 'date', date: '2026-11-22' });
    expect(forecastExhaustion(500, 0, now)).toEqual({ kind: 'never', date: null });
    expect(forecastExhaustion(500, null, now)).toEqual({ kind: 'insufficient_data', date: null });
    expect(forecastExhaustion(null, 3, now)).toEqual({ kind: 'unknown_balance', date: null });
  });

  it('sums spending per UTC day over the window', () => {
    expect(dailySpending(history, 3, new Date('2026-11-22T08:00:00Z'))).toEqual([
      { date: '2026-11-20', spent: 30 },
      { date: '2026-11-21', spent: 20 },
      { date: '2026-11-22', spent: 10 },
    ]);
  });
});

describe('statistics', () => {
  it('interpolates percentiles linearly between ranks', () => {
    expect(percentile([15, 20, 35, 40, 50], 0.4)).toBe(29);
    expect(percentile([1, 2, 3, 4], 0.95)).toBeCloseTo(3.85, 10);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([], 0.95)).toBeNull();
    expect(() => percentile([1], 1.5)).toThrow(RangeError);
  });

  it('averages, with no mean for no values', () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(mean([])).toBeNull();
  });
});

describe('isBelowThreshold', () => {
  it('is strict: a balance equal to the threshold is not an alert', () => {
    expect(isBelowThreshold(49.9, 50)).toBe(true);
    expect(isBelowThreshold(50, 50)).toBe(false);
    expect(isBelowThreshold(null, 50)).toBe(false);
    expect(isBelowThreshold(10, null)).toBe(false);
  });
});

describe('runway in tasks', () => {
  // Daily snapshots at 00:00 from the 15th; the days 16–21 spend 10, 20 … 60; today is the 22nd.
  const balances = [1000, 990, 970, 940, 900, 850, 790, 790];
  const history: CreditSnapshot[] = balances.map((balance, i) => ({
    org_slug: 'acme',
    recorded_at: new Date(Date.UTC(2026, 10, 15 + i)).toISOString(),
    balance,
  }));
  const now = new Date('2026-11-22T12:00:00Z');

  it('prices a task at the window consumption over the tasks completed in it', () => {
    expect(consumption(history)).toBe(210);
    expect(creditsPerTask(210, 7)).toBe(30);
    expect(creditsPerTask(210, 0)).toBeNull();
    expect(creditsPerTask(null, 3)).toBeNull();
    expect(runwayTasks(790, 30)).toBe(26);
    expect(runwayTasks(790, null)).toBeNull();
    expect(runwayTasks(-5, 30)).toBe(0);
  });

  it('bands the exhaustion date between the 75th and 25th percentile days', () => {
    // Whole days 16–21: P75 = 40 + 0.75 × 10 = 47.5 → 16 days; P25 = 20 + 0.25 × 10 = 22.5 → 35 days.
    expect(exhaustionBand(790, history, 7, now)).toEqual({
      early: '2026-12-08',
      late: '2026-12-27',
    });
  });

  it('has no band under three whole days, or for an unknown or spent balance', () => {
    expect(exhaustionBand(790, history.slice(-3), 7, now)).toBeNull();
    expect(exhaustionBand(null, history, 7, now)).toBeNull();
    expect(exhaustionBand(0, history, 7, now)).toBeNull();
  });
});
