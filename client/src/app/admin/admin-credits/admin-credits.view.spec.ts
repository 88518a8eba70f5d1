import { anOrg } from '../../testing/fixtures';
import { toCsv } from '../../ui/csv';
import { ADMIN_CREDIT_CSV_COLUMNS, adminCreditRows, lastSnapshotAt } from './admin-credits.view';

const orgs = [
  anOrg({ slug: 'acme', name: 'Acme', credits_balance: 1240 }),
  anOrg({
    slug: 'globex',
    name: 'Globex',
    credits_balance: 38,
    credits_recorded_at: '2026-11-22T10:00:00Z',
  }),
  anOrg({ slug: 'hooli', name: 'Hooli', credits_balance: null, credits_recorded_at: null }),
];

describe('adminCreditRows', () => {
  it('marks balances below the threshold, strictly, and unknown ones never', () => {
    const rows = adminCreditRows(orgs, null, 50);
    expect(rows.map((r) => [r.slug, r.balance, r.low, r.problem])).toEqual([
      ['acme', 1240, false, null],
      ['globex', 38, true, null],
      ['hooli', null, false, 'Unknown: no credit source'],
    ]);
    expect(adminCreditRows(orgs, null, 38).find((r) => r.slug === 'globex')?.low).toBe(false);
    expect(adminCreditRows(orgs, null, 2000).filter((r) => r.low)).toHaveLength(2);
  });

  it('takes the balances of a refresh, keeping the last known one where it failed', () => {
    const rows = adminCreditRows(
      orgs,
      {
        recorded_at: '2026-11-22T11:00:00Z',
        balances: [
          { org_slug: 'acme', balance: 40, below_threshold: true },
          { org_slug: 'globex', balance: null, below_threshold: false, reason: 'timeout' },
          { org_slug: 'hooli', balance: 7, below_threshold: true },
        ],
      },
      50,
    );
    expect(rows.map((r) => [r.slug, r.balance, r.low, r.problem])).toEqual([
      ['acme', 40, true, null],
      ['globex', 38, true, 'Refresh could not read the balance: timeout'],
      ['hooli', 7, true, null],
    ]);
  });

  it("says why an organization's data is missing", () => {
    const [row] = adminCreditRows(
      [anOrg({ credits_balance: null, error: 'Platform timed out' })],
      null,
      50,
    );
    expect(row.problem).toBe('Platform timed out');
  });
});

describe('lastSnapshotAt', () => {
  it('is the newest recorded balance, or the refresh time once refreshed', () => {
    expect(lastSnapshotAt(orgs, null)).toBe('2026-11-22T10:00:00Z');
    expect(lastSnapshotAt(orgs, { recorded_at: '2026-11-22T11:00:00Z', balances: [] })).toBe(
      '2026-11-22T11:00:00Z',
    );
    expect(lastSnapshotAt([], null)).toBeNull();
  });
});

describe('ADMIN_CREDIT_CSV_COLUMNS', () => {
  it('exports each balance as a number and the notes as text', () => {
    const rows = adminCreditRows(
      [
        anOrg({ slug: 'acme', name: 'Acme', credits_balance: 38 }),
        anOrg({ slug: 'hooli', name: 'Hooli', credits_balance: null }),
      ],
      null,
      50,
    );
    const lines = toCsv(rows, ADMIN_CREDIT_CSV_COLUMNS).slice(1).split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'Organization,Slug,Balance,Below threshold,Notes',
      'Acme,acme,38,true,',
      'Hooli,hooli,,false,Unknown: no credit source',
    ]);
  });
});
