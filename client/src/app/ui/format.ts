/**
 * How numbers and times read on every page (docs/architecture.md#the-app): thousands
 * separators, credits without decimals unless under 10, dates as `2026-11-22`, times
 * relative with the exact time on hover. English wording, so the locale is fixed rather
 * than the browser's.
 */

const LOCALE = 'en-US';
const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const smallCredits = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });

/** A count: `1,240`. */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** A credit amount: `1,240`, but `7.25` under 10 where the decimals matter. */
export function formatCredits(value: number): string {
  return Math.abs(value) < 10 ? smallCredits.format(value) : integer.format(value);
}

/** A rate such as credits per day: one decimal, `12.4`. */
export function formatRate(value: number): string {
  return oneDecimal.format(value);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `2026-11-22` in the viewer's time zone. */
export function formatDate(time: Date | string | number): string {
  const d = new Date(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `2026-11-22 10:42` in the viewer's time zone. */
export function formatDateTime(time: Date | string | number): string {
  const d = new Date(time);
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `2026-11-22 09:42 UTC`. */
export function formatUtc(time: Date | string | number): string {
  const d = new Date(time);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

// Days until two months: "47 days ago" says more about a dormant repository than
// "last month".
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number, number][] = [
  ['year', 365 * 86_400_000, 365 * 86_400_000],
  ['month', 30 * 86_400_000, 60 * 86_400_000],
  ['day', 86_400_000, 86_400_000],
  ['hour', 3_600_000, 3_600_000],
  ['minute', 60_000, 60_000],
];

/**
 * "3 days ago", "5 hours ago", "just now". Whole units, rounded down, so a datum is never
 * shown younger than it is; a time slightly in the future (clock skew) reads "just now".
 */
export function relativeTime(time: Date | string | number, now: number): string {
  const elapsed = now - new Date(time).getTime();
  if (!Number.isFinite(elapsed)) return 'unknown';
  for (const [unit, size, from] of UNITS) {
    if (elapsed >= from) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return 'just now';
}

/** "2 min ago" style, for tight spaces such as the top bar on a phone. */
export function shortAge(time: Date | string | number, now: number): string {
  const minutes = Math.floor((now - new Date(time).getTime()) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
