import type { CreditSnapshot } from '@shared/board/entities';

import { anOrg } from '../../testing/fixtures';
import { attentionFirst, consumptionSeries, orgCards } from './dashboard.view';

describe('orgCards', () => {
  it('shows the counts and balance the board sent, and marks balances under the threshold', () => {
    const cards = orgCards(
      [
        anOrg({ slug: 'acme', name: 'Acme', credits_balance: 1240 }),
        anOrg({ slug: 'helix', name: 'Helix', credits_balance: 37.4, repo_count: 5 }),
      ],
      50,
    );

    expect(cards).toEqual([
      expect.objectContaining({ slug: 'acme', name: 'Acme', balance: 1240, low: false }),
      expect.objectContaining({ slug: 'helix', repoCount: 5, balance: 37.4, low: true }),
    ]);
  });

  it('never marks an unknown balance, an unknown threshold or a failed organization', () => {
    const [unknown, failed] = orgCards(
      [
        anOrg({ slug: 'a', credits_balance: null }),
        anOrg({ slug: 'b', credits_balance: 0, error: 'The platform answered 403.' }),
      ],
      50,
    );
    expect(unknown.low).toBe(false);
    expect(failed).toMatchObject({ low: false, error: 'The platform answered 403.' });
    expect(orgCards([anOrg({ credits_balance: 1 })], null)[0].low).toBe(false);
  });

  it('carries the stuck and overdue counts, none when the board sent none', () => {
    const [counted, older] = orgCards(
      [
        anOrg({ slug: 'a', stuck_count: 3, overdue_count: 1 }),
        { ...anOrg({ slug: 'b' }), stuck_count: undefined, overdue_count: undefined } as never,
      ],
      50,
    );
    expect(counted).toMatchObject({ stuckCount: 3, overdueCount: 1 });
    expect(older).toMatchObject({ stuckCount: 0, overdueCount: 0 });
  });

  it('keeps counts the board is still counting unknown (null)', () => {
    const [counting] = orgCards([anOrg({ stuck_count: null, overdue_count: null })], 50);
    expect(counting).toMatchObject({ stuckCount: null, overdueCount: null });
  });

  it('falls back to the slug for a missing name', () => {
    expect(orgCards([anOrg({ slug: 'x', name: '' })], 50)[0].name).toBe('x');
  });
});

describe('consumptionSeries', () => {
  const snap = (org: string, at: string, balance: number): CreditSnapshot => ({
    org_slug: org,
    recorded_at: at,
    balance,
  });
  const now = new Date('2026-11-22T12:00:00Z');

  it('gives each organization seven days of spending, top-ups not counted', () => {
    const series = consumptionSeries(
      ['acme', 'globex'],
      new Map([['acme', 'Acme']]),
      [
        snap('acme', '2026-11-21T00:00:00Z', 100),
        snap('acme', '2026-11-21T12:00:00Z', 90),
        snap('acme', '2026-11-22T00:00:00Z', 200),
        snap('acme', '2026-11-22T06:00:00Z', 185),
      ],
      now,
    );

    expect(series.map((s) => s.label)).toEqual(['Acme', 'globex']);
    expect(series[0].days).toHaveLength(7);
    expect(series[0].days.at(0)?.date).toBe('2026-11-16');
    expect(series[0].days.slice(-2)).toEqual([
      { date: '2026-11-21', spent: 10 },
      { date: '2026-11-22', spent: 15 },
    ]);
    expect(series[1].days.every((d) => d.spent === 0)).toBe(true);
  });
});

describe('attentionFirst', () => {
  it('puts the most stuck and overdue work first, then low balances, then the rest in order', () => {
    const cards = orgCards(
      [
        anOrg({ slug: 'calm' }),
        anOrg({ slug: 'low', credits_balance: 20 }),
        anOrg({ slug: 'one', stuck_count: 1, overdue_count: 0 }),
        anOrg({ slug: 'quiet' }),
        anOrg({ slug: 'three', stuck_count: 1, overdue_count: 2 }),
        anOrg({ slug: 'counting', stuck_count: null, overdue_count: null }),
      ],
      50,
    );
    expect(attentionFirst(cards).map((c) => c.slug)).toEqual([
      'three',
      'one',
      'low',
      'calm',
      'quiet',
      'counting',
    ]);
  });
});
