import type { CreditForecastKind, CreditSnapshot } from './entities';
import { percentile } from './stats';

/** Credit consumption and forecast rules (docs/rules.md#consumption-and-forecast). */

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

/**
 * Credits spent per completed NPC task: consumption over a window ÷ NPC issues completed
 * in it (docs/rules.md#runway-in-tasks); null when none completed.
 */
export function creditsPerTask(consumed: number | null, completed: number): number | null {
  if (consumed === null || completed <= 0) return null;
  return Math.round((consumed / completed) * 100) / 100;
}

/** How many more tasks the balance pays for at `perTask` (rounded down). */
export function runwayTasks(balance: number | null, perTask: number | null): number | null {
  if (balance === null || perTask === null || perTask <= 0) return null;
  return Math.max(0, Math.floor(balance / perTask));
}

/** Credits spent over the snapshots (decreases only). */
export function consumption(snapshots: readonly CreditSnapshot[]): number {
  return spendingSteps(snapshots).reduce((sum, step) => sum + step.spent, 0);
}

/**
 * The forecast band: exhaustion dates at the 75th (early) and 25th (late) percentile of
 * daily consumption over the whole UTC days the snapshots cover in the window (today and
 * the first, partial day left out); null with fewer than 3 such days, an unknown or spent
 * balance, or a quiet quarter of days (the late end would be never).
 */
export function exhaustionBand(
  balance: number | null,
  snapshots: readonly CreditSnapshot[],
  days: number,
  now: Date,
): { early: string; late: string } | null {
  if (balance === null || balance <= 0 || snapshots.length < 2) return null;
  const first = Math.min(...snapshots.map((s) => Date.parse(s.recorded_at)));
  const firstWholeDay = isoDate(new Date(first + DAY_MS));
  const today = isoDate(now);
  const daily = dailySpending(snapshots, days, now)
    .filter((d) => d.date >= firstWholeDay && d.date < today)
    .map((d) => d.spent);
  if (daily.length < 3) return null;
  const high = percentile(daily, 0.75)!;
  const low = percentile(daily, 0.25)!;
  if (low <= 0) return null;
  return {
    early: forecastExhaustion(balance, high, now).date!,
    late: forecastExhaustion(balance, low, now).date!,
  };
}

/**
 * Decimals a credit figure is shown with, on the pages and in alert messages alike: none,
 * unless the figure is under 10 (then up to two), so `12.6` reads `13` and `3.25` reads
 * `3.25` (docs/app.md#the-app).
 */
export function creditDecimals(value: number): number {
  return Math.abs(value) < 10 ? 2 : 0;
}
