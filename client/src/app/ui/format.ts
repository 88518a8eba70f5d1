import { displayTimeZone, viewerTimeZone } from '../core/time-zone.service';

/**
 * How numbers and times read on every page (docs/architecture.md#the-app): thousands
 * separators, credits without decimals unless under 10, dates as `2026-11-22`, times
 * relative with the exact time on hover. English wording, so the locale is fixed rather
 * than the browser's. Dates and times read in the viewer's zone, or in UTC when they
 * chose so in the top bar (core/time-zone.service); reading that choice is a signal
 * read, so whatever formats a time inside a computed or template follows the switch.
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

const partFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Year, month, day, hour and minute of a time in a zone (undefined: the viewer's). The
 * viewer's zone and UTC, the only two the app shows, come from the Date's own getters:
 * a list of 50 rows formats 300 times on its first rendering, and `formatToParts` costs
 * many times more per call.
 */
function partsIn(time: Date | string | number, zone: string | undefined): Record<string, string> {
  if (zone === undefined || zone === 'UTC') {
    const d = new Date(time);
    const utc = zone === 'UTC';
    return {
      year: String(utc ? d.getUTCFullYear() : d.getFullYear()),
      month: pad((utc ? d.getUTCMonth() : d.getMonth()) + 1),
      day: pad(utc ? d.getUTCDate() : d.getDate()),
      hour: pad(utc ? d.getUTCHours() : d.getHours()),
      minute: pad(utc ? d.getUTCMinutes() : d.getMinutes()),
    };
  }
  const key = zone;
  let format = partFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partFormats.set(key, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(time))) parts[part.type] = part.value;
  return parts;
}

/** `2026-11-22` in the given zone (undefined: the viewer's). */
export function formatDateIn(time: Date | string | number, zone: string | undefined): string {
  const p = partsIn(time, zone);
  return `${p['year']}-${p['month']}-${p['day']}`;
}

/** `2026-11-22 10:42` in the given zone (undefined: the viewer's), `UTC` added for UTC. */
export function formatDateTimeIn(time: Date | string | number, zone: string | undefined): string {
  const p = partsIn(time, zone);
  const text = `${p['year']}-${p['month']}-${p['day']} ${p['hour']}:${p['minute']}`;
  return zone === 'UTC' ? `${text} UTC` : text;
}

/** `2026-11-22` in the zone the viewer chose: their own, or UTC (core/time-zone.service). */
export function formatDate(time: Date | string | number): string {
  return formatDateIn(time, displayTimeZone());
}

/** `2026-11-22 10:42` in the viewer's zone, or `2026-11-22 09:42 UTC` when they chose UTC. */
export function formatDateTime(time: Date | string | number): string {
  return formatDateTimeIn(time, displayTimeZone());
}

/** `10:42`, the time of day in the zone the viewer chose (a wall display's clock). */
export function formatClock(time: Date | string | number): string {
  const p = partsIn(time, displayTimeZone());
  return `${p['hour']}:${p['minute']}`;
}

/** `2026-11-22 09:42 UTC`, whatever the viewer chose. */
export function formatUtc(time: Date | string | number): string {
  const d = new Date(time);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** `2026-11-22` as a UTC day, for windows and day boundaries, which are UTC for everyone. */
export function formatUtcDate(time: Date | string | number): string {
  return formatDateIn(time, 'UTC');
}

/**
 * What a time shows on hover: the UTC time when times read in the viewer's zone, and
 * the viewer's local time when they read in UTC.
 */
export function formatOtherZone(time: Date | string | number): string {
  return displayTimeZone() === 'UTC'
    ? `${formatDateTimeIn(time, undefined)} ${viewerTimeZone()}`
    : formatUtc(time);
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

/** Up to this far ahead, a time is clock skew between the board and the viewer. */
const SKEW_MS = 5 * 60_000;

/**
 * "3 days ago", "5 hours ago", "just now". Whole units, rounded down, so a datum is never
 * shown younger than it is; a time slightly in the future (clock skew) reads "just now".
 * A time further ahead (when a silence ends) reads "in 3 hours", rounded down too.
 */
export function relativeTime(time: Date | string | number, now: number): string {
  const elapsed = now - new Date(time).getTime();
  if (!Number.isFinite(elapsed)) return 'unknown';
  if (elapsed < 0 && elapsed >= -SKEW_MS) return 'just now';
  const ahead = elapsed < 0;
  const span = Math.abs(elapsed);
  for (const [unit, size, from] of UNITS) {
    if (span >= from) {
      const count = Math.floor(span / size);
      return relative.format(ahead ? count : -count, unit);
    }
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

/** An interval in seconds as the top bar says it: `45 s`, `5 min`, `2 h`. */
export function formatInterval(seconds: number): string {
  if (seconds < 60 || (seconds < 120 && seconds % 60 !== 0)) {
    return `${Math.max(1, Math.round(seconds))} s`;
  }
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}
