import type { RefreshResult } from '@shared/board/admin';
import type { Organization } from '@shared/board/entities';

import { isBelowThreshold } from '@shared/board/credits';

import type { CsvColumn } from '../../ui/csv';

/** One organization on the admin credits page. */
export interface AdminCreditRow {
  slug: string;
  name: string;
  /** null: unknown. */
  balance: number | null;
  low: boolean;
  /** Why the balance is unknown or could not be refreshed, when that is the case. */
  problem: string | null;
}

/**
 * Rows in the board's order of organizations: balances from `api/orgs`, replaced by those
 * of a manual refresh once there is one. An organization the refresh could not read keeps
 * its last known balance and says why the new one is missing.
 */
export function adminCreditRows(
  orgs: readonly Organization[],
  refresh: RefreshResult | null,
  threshold: number | null,
): AdminCreditRow[] {
  const refreshed = new Map(refresh?.balances.map((b) => [b.org_slug, b]) ?? []);
  return orgs.map((org) => {
    const fresh = refreshed.get(org.slug);
    const balance = fresh && fresh.balance !== null ? fresh.balance : org.credits_balance;
    const problem = fresh?.reason
      ? $localize`:@@admin.credits.refreshProblem:Refresh could not read the balance: ${fresh.reason}:reason:`
      : (org.error ??
        (balance === null ? $localize`:@@admin.credits.noSource:Unknown: no credit source` : null));
    return {
      slug: org.slug,
      name: org.name || org.slug,
      balance,
      low: isBelowThreshold(balance, threshold),
      problem,
    };
  });
}

/** When the newest snapshot shown was recorded: the refresh's, else the newest on `api/orgs`. */
export function lastSnapshotAt(
  orgs: readonly Organization[],
  refresh: RefreshResult | null,
): string | null {
  if (refresh?.recorded_at) return refresh.recorded_at;
  const times = orgs
    .map((o) => o.credits_recorded_at)
    .filter((t): t is string => t !== null)
    .sort();
  return times.at(-1) ?? null;
}

/** The admin credits export, as the table shows it. */
export const ADMIN_CREDIT_CSV_COLUMNS: CsvColumn<AdminCreditRow>[] = [
  { header: $localize`:@@admin.credits.column.organization:Organization`, value: (r) => r.name },
  { header: $localize`:@@admin.credits.csv.slug:Slug`, value: (r) => r.slug },
  { header: $localize`:@@admin.credits.column.balance:Balance`, value: (r) => r.balance },
  { header: $localize`:@@admin.credits.csv.belowThreshold:Below threshold`, value: (r) => r.low },
  { header: $localize`:@@admin.credits.column.notes:Notes`, value: (r) => r.problem },
];
