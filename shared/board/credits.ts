import type { CreditForecastKind, CreditSnapshot } from './entities';

/** Credit consumption and forecast rules (docs/architecture.md#consumption-and-forecast). */

const DAY_MS = 86_400_000;

/** Below the alert threshold, strictly: a balance equal to it is not yet an alert. */
export function isBelowThreshold(balance: number | null, threshold: number | null): boolean {
  return balance !== null && threshold !== null && balance < threshold;
}
const HOUR_MS = 3_600_000;

/** Snapshots ordered by time, oldest first. */
export function sortSnapshots(snapshots: readonly CreditSnapshot[]): CreditSnapshot[] {
  return [...snapshots].sort((a, b) => Date.parse(a.recorded_at) - Date.parse(b.recorded_at));
}

/** Credits spent between consecutive snapshots: decreases only, a top-up is not negative spending. */
export function spendingSteps(
  snapshots: readonly CreditSnapshot[],
): { at: string; spent: number }[] {
  const sorted = sortSnapshots(snapshots);
  const steps: { at: string; spent: number }[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const spent = sorted[i - 1].balance - sorted[i].balance;
    if (spent > 0) steps.push({ at: sorted[i].recorded_at, spent });
  }
  return steps;
}

/** How long the snapshots span, in milliseconds. */
export function snapshotSpanMs(snapshots: readonly CreditSnapshot[]): number {
  if (snapshots.length < 2) return 0;
  const times = snapshots.map((s) => Date.parse(s.recorded_at));
  return Math.max(...times) - Math.min(...times);
}

/**
 * Average daily consumption: the sum of decreases divided by the days the snapshots
 * span; `null` ("insufficient data") when they span less than 24 hours.
 */
export function averageDailyConsumption(snapshots: readonly CreditSnapshot[]): number | null {
  const span = snapshotSpanMs(snapshots);
  if (span < 24 * HOUR_MS) return null;
  const spent = spendingSteps(snapshots).reduce((sum, step) => sum + step.spent, 0);
  return spent / (span / DAY_MS);
}

export interface CreditForecast {
  kind: CreditForecastKind;
  /** `YYYY-MM-DD` (UTC) when kind is `date`. */
  date: string | null;
}

/**
 * Predicted exhaustion date: today + balance ÷ average daily consumption, in whole days
 * (UTC). No date when nothing is spent; insufficient data without an average.
 */
export function forecastExhaustion(
  balance: number | null,
  averagePerDay: number | null,
  now: Date,
): CreditForecast {
  if (balance === null) return { kind: 'unknown_balance', date: null };
  if (averagePerDay === null) return { kind: 'insufficient_data', date: null };
  if (averagePerDay <= 0) return { kind: 'never', date: null };
  const days = Math.max(0, Math.floor(balance / averagePerDay));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { kind: 'date', date: isoDate(new Date(today + days * DAY_MS)) };
}

/** Credits spent on each of the last `days` UTC days up to today, oldest first. */
export function dailySpending(
  snapshots: readonly CreditSnapshot[],
  days: number,
  now: Date,
): { date: string; spent: number }[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const totals = new Map<string, number>();
  for (let i = days - 1; i >= 0; i--) totals.set(isoDate(new Date(today - i * DAY_MS)), 0);
  for (const step of spendingSteps(snapshots)) {
    const day = isoDate(new Date(step.at));
    const current = totals.get(day);
    if (current !== undefined) totals.set(day, current + step.spent);
  }
  return [...totals].map(([date, spent]) => ({ date, spent }));
}

/** `YYYY-MM-DD` of a time, in UTC. */
export function isoDate(time: Date): string {
  return time.toISOString().slice(0, 10);
}
