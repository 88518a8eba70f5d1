import type { CreditSnapshot } from '@shared/board/entities';
import type { LedgerEntry } from '@shared/platform/types';

const HOUR_MS = 3_600_000;

/**
 * Hourly snapshots rebuilt from a ledger: for each whole hour from `since` to before
 * `now`, the balance after the last entry at or before it. Hours before the first entry
 * take the balance the first entry started from.
 */
export function backfillFromLedger(
  org: string,
  ledger: readonly LedgerEntry[],
  since: Date,
  now: Date,
): CreditSnapshot[] {
  if (ledger.length === 0) return [];
  const entries = [...ledger].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  let balance = entries[0].balance - entries[0].amount;
  let next = 0;
  const snapshots: CreditSnapshot[] = [];
  const first = Math.ceil(since.getTime() / HOUR_MS) * HOUR_MS;
  for (let hour = first; hour < now.getTime(); hour += HOUR_MS) {
    while (next < entries.length && Date.parse(entries[next].created_at) <= hour) {
      balance = entries[next].balance;
      next += 1;
    }
    // Skip the current hour: the live run records it.
    if (hour + HOUR_MS > now.getTime()) break;
    snapshots.push({ org_slug: org, balance, recorded_at: new Date(hour).toISOString() });
  }
  return snapshots;
}
