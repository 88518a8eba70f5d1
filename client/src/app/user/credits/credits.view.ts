import type { CreditForecastKind, OrgCredits } from '@shared/board/entities';

import { ApiError } from '../../core/api-error';
import { SortDirection, SortValue, sortRows } from '../../ui/sort';
import { BalanceSeries } from '../charts/chart-options';
import { isBelowThreshold } from '@shared/board/credits';

/** One organization in the credits monitor. */
export interface CreditRow {
  slug: string;
  name: string;
  /** null: unknown (see `unknownReason`) or not loaded (see `error`). */
  balance: number | null;
  unknownReason: string | null;
  low: boolean;
  avgDaily: number | null;
  forecast: CreditForecastKind | null;
  exhaustionDate: string | null;
  error: ApiError | null;
  credits: OrgCredits | null;
}

export type CreditAnswer =
  { slug: string; credits: OrgCredits } | { slug: string; error: ApiError };

export const CREDIT_SORT_KEYS = ['name', 'balance', 'avg', 'runs_out'] as const;
export type CreditSortKey = (typeof CREDIT_SORT_KEYS)[number];

/** Rows in the order of the answers; the threshold is the one `api/meta` publishes. */
export function creditRows(
  answers: readonly CreditAnswer[],
  names: ReadonlyMap<string, string>,
  threshold: number | null,
): CreditRow[] {
  return answers.map((answer) => {
    const name = names.get(answer.slug) ?? answer.slug;
    if ('error' in answer) {
      return {
        slug: answer.slug,
        name,
        balance: null,
        unknownReason: null,
        low: false,
        avgDaily: null,
        forecast: null,
        exhaustionDate: null,
        error: answer.error,
        credits: null,
      };
    }
    const c = answer.credits;
    return {
      slug: answer.slug,
      name,
      balance: c.balance,
      unknownReason: c.balance === null ? (c.balance_unknown_reason ?? 'no credit source') : null,
      low: isBelowThreshold(c.balance, threshold),
      avgDaily: c.avg_daily_consumption,
      forecast: c.forecast,
      exhaustionDate: c.predicted_exhaustion_date,
      error: null,
      credits: c,
    };
  });
}

/** The "Runs out" cell: a date, "never", "insufficient data" or "unknown". */
export function forecastText(row: Pick<CreditRow, 'forecast' | 'exhaustionDate'>): string {
  switch (row.forecast) {
    case 'date':
      return row.exhaustionDate ?? 'unknown';
    case 'never':
      return 'never';
    case 'insufficient_data':
      return 'insufficient data';
    default:
      return 'unknown';
  }
}

const SORT_VALUE: Record<CreditSortKey, (row: CreditRow) => SortValue> = {
  name: (r) => r.name,
  balance: (r) => r.balance,
  avg: (r) => r.avgDaily,
  // "never" runs out last, after every date; unknowns sort last either way (null).
  runs_out: (r) =>
    r.forecast === 'date' && r.exhaustionDate
      ? Date.parse(r.exhaustionDate)
      : r.forecast === 'never'
        ? Number.MAX_SAFE_INTEGER
        : null,
};

export function sortCreditRows(
  rows: readonly CreditRow[],
  key: CreditSortKey,
  dir: SortDirection,
): CreditRow[] {
  return sortRows(rows, SORT_VALUE[key], dir);
}

/** The balance chart's lines: every organization whose snapshots were loaded. */
export function balanceSeries(rows: readonly CreditRow[]): BalanceSeries[] {
  return rows
    .filter((row) => row.credits !== null)
    .map((row) => ({ label: row.name, snapshots: row.credits?.snapshots ?? [] }));
}
