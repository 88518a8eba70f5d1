import { ApiError } from '../../core/api-error';
import { someCredits } from '../../testing/fixtures';
import {
  CreditAnswer,
  balanceSeries,
  creditRows,
  forecastText,
  sortCreditRows,
} from './credits.view';

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
