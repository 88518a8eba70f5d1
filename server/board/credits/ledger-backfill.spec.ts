import type { LedgerEntry } from '@shared/platform/types';
import { backfillFromLedger } from './ledger-backfill';

const entry = (created_at: string, amount: number, balance: number): LedgerEntry => ({
  id: created_at,
  amount,
  balance,
  kind: amount < 0 ? 'spend' : 'topup',
  note: '',
  created_at,
});

describe('backfillFromLedger', () => {
  it('gives each whole hour the balance after the last entry at or before it', () => {
    const ledger = [
      entry('2026-11-22T01:30:00Z', -10, 90),
      entry('2026-11-22T02:00:00Z', 50, 140),
      entry('2026-11-22T03:15:00Z', -5, 135),
    ];
    const snapshots = backfillFromLedger(
      'acme',
      ledger,
      new Date('2026-11-22T00:20:00Z'),
      new Date('2026-11-22T04:30:00Z'),
    );
    expect(snapshots).toEqual([
      { org_slug: 'acme', balance: 100, recorded_at: '2026-11-22T01:00:00.000Z' },
      { org_slug: 'acme', balance: 140, recorded_at: '2026-11-22T02:00:00.000Z' },
      { org_slug: 'acme', balance: 140, recorded_at: '2026-11-22T03:00:00.000Z' },
    ]);
  });

  it('gives nothing for an empty ledger', () => {
    expect(backfillFromLedger('acme', [], new Date(0), new Date())).toEqual([]);
  });
});
