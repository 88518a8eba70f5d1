import { expect } from '@jest/globals';
import { ApiError } from '../../core/api-error';
import { someCredits } from '../../testing/fixtures';
import {
  CreditAnswer,
  balanceSeries,
  bandText,
  costPerTaskText,
  creditCsvColumns,
  creditRows,
  forecastText,
  runwayText,
  sortCreditRows,
} from './credits.view';
import { toCsv } from '../../ui/csv';

const names = new Map([
  ['acme', 'Acme Robotics'],
  ['helix', 'Helix Data'],
]);

describe('creditRows', () => {
  const answers: CreditAnswer[] = [
    { slug: 'acme', credits: someCredits({ org_slug: 'acme', balance: 1240 }) },
    {
      slug: 'helix',
      credits: someCredits({
        org_slug: 'helix',
        balance: 37.4,
        avg_daily_consumption: 55,
        predicted_exhaustion_date: '2026-11-22',
      }),
    },
    {
      slug: 'hooli',
      credits: someCredits({
        org_slug: 'hooli',
        balance: null,
        balance_unknown_reason: 'no credit source',
        forecast: 'unknown_balance',
        avg_daily_consumption: null,
        predicted_exhaustion_date: null,
      }),
    },
    { slug: 'initech', error: new ApiError(502, 'The platform did not answer.') },
  ];

  it('marks the rows under the threshold from api/meta', () => {
    const rows = creditRows(answers, names, 50);
    expect(rows.map((r) => [r.name, r.low])).toEqual([
      ['Acme Robotics', false],
      ['Helix Data', true],
      ['hooli', false],
      ['initech', false],
    ]);
  });

  it('explains an unknown balance and keeps a failed organization as its own row', () => {
    const rows = creditRows(answers, names, 50);
    expect(rows[2]).toMatchObject({ balance: null, unknownReason: 'no credit source' });
    expect(rows[3]).toMatchObject({ balance: null, error: expect.any(ApiError) });
  });

  it('charts only the organizations whose history was loaded', () => {
    const series = balanceSeries(creditRows(answers, names, 50));
    expect(series.map((s) => s.label)).toEqual(['Acme Robotics', 'Helix Data', 'hooli']);
  });
});

describe('forecastText', () => {
  it.each([
    [{ forecast: 'date' as const, exhaustionDate: '2026-12-02' }, '2026-12-02'],
    [{ forecast: 'never' as const, exhaustionDate: null }, 'never'],
    [{ forecast: 'insufficient_data' as const, exhaustionDate: null }, 'insufficient data'],
    [{ forecast: 'unknown_balance' as const, exhaustionDate: null }, 'unknown'],
    [{ forecast: null, exhaustionDate: null }, 'unknown'],
  ])('%o reads "%s"', (row, text) => {
    expect(forecastText(row)).toBe(text);
  });
});

describe('sortCreditRows', () => {
  const rows = creditRows(
    [
      {
        slug: 'a',
        credits: someCredits({ balance: 500, predicted_exhaustion_date: '2026-12-10' }),
      },
      { slug: 'b', credits: someCredits({ balance: 20, predicted_exhaustion_date: '2026-11-23' }) },
      {
        slug: 'c',
        credits: someCredits({ balance: 900, forecast: 'never', predicted_exhaustion_date: null }),
      },
      {
        slug: 'd',
        credits: someCredits({
          balance: null,
          forecast: 'insufficient_data',
          predicted_exhaustion_date: null,
        }),
      },
    ],
    new Map(),
    50,
  );

  it('sorts balances with unknowns last', () => {
    expect(sortCreditRows(rows, 'balance', 'asc').map((r) => r.slug)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('puts "never" after every date, and unknown forecasts last', () => {
    expect(sortCreditRows(rows, 'runs_out', 'asc').map((r) => r.slug)).toEqual([
      'b',
      'a',
      'c',
      'd',
    ]);
  });
});

describe('runway figures', () => {
  const base = {
    balance: 1240,
    creditsPerTask: 40,
    tasksCompleted: 12,
    taskWindowDays: 7,
    runwayTasks: 31,
  };

  it('says how many more tasks the balance pays for at the window cost', () => {
    expect(runwayText(base)).toBe('≈ 31 more tasks at 7-day cost');
    expect(runwayText({ ...base, runwayTasks: 1 })).toBe('≈ 1 more task at 7-day cost');
    expect(runwayText({ ...base, runwayTasks: 1234 })).toBe('≈ 1,234 more tasks at 7-day cost');
    expect(runwayText({ ...base, runwayTasks: 0 })).toBe('≈ 0 more tasks at 7-day cost');
  });

  it('says why there is no runway in tasks', () => {
    const none = { ...base, creditsPerTask: null, runwayTasks: null };
    expect(runwayText({ ...none, tasksCompleted: 0 })).toBe('tasks unknown: none completed in 7d');
    expect(runwayText(none)).toBe('tasks unknown: no consumption data');
    expect(runwayText({ ...none, balance: null })).toBe('');
  });

  it('gives the cost per task with its n and window', () => {
    expect(costPerTaskText(base)).toBe('40.0 credits per task (n = 12 tasks, 7d)');
    expect(costPerTaskText({ ...base, creditsPerTask: null, tasksCompleted: 0 })).toBe(
      '— (n = 0 tasks, 7d)',
    );
    expect(costPerTaskText({ ...base, tasksCompleted: 1 })).toContain('(n = 1 task, 7d)');
  });

  it('puts the band beside a date only', () => {
    const band = { early: '2026-12-01', late: '2026-12-09' };
    expect(bandText({ forecast: 'date', band })).toBe('between 2026-12-01 and 2026-12-09');
    expect(bandText({ forecast: 'date', band: null })).toBe('no range: fewer than 3 days of data');
    expect(bandText({ forecast: 'never', band })).toBe('');
    expect(bandText({ forecast: 'insufficient_data', band: null })).toBe('');
  });
});

describe('creditCsvColumns', () => {
  it('exports the figures of every row as numbers, an error as text', () => {
    const rows = creditRows(
      [
        { slug: 'acme', credits: someCredits({ runway_tasks: 31 }) },
        { slug: 'initech', error: new ApiError(502, 'The platform did not answer.') },
      ],
      names,
      50,
    );
    const csv = toCsv(rows, creditCsvColumns(7));
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Organization,Slug,Balance,Below threshold,Avg per day (7d),Runs out,Runs out earliest,Runs out latest,Runway (tasks),Credits per task,Tasks completed (n),Task window (days),Error',
    );
    expect(lines[1]).toBe(
      'Acme Robotics,acme,1240,false,31,2026-12-02,2026-11-29,2026-12-06,31,12.4,17,7,',
    );
    expect(lines[2]).toBe('initech,initech,,,,,,,,,,,The platform did not answer.');
  });
});
