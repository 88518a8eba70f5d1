import { creditDecimals } from '@shared/board/credits';

import { APP_LOCALE } from '../core/locale';
import { displayTimeZone, viewerTimeZone } from '../core/time-zone.service';

/**
 * How numbers and times read on every page (docs/app.md#the-app): thousands
 * separators, credits without decimals unless under 10, dates as `2026-11-22`, times
 * relative with the exact time on hover. Words and units come from `Intl` in the app's
 * language (core/locale.ts), not the browser's, so a page never mixes two languages;
 * every function takes the locale last for tests. Dates and times read in the viewer's zone, or in UTC when they
 * chose so in the top bar (core/time-zone.service); reading that choice is a signal
 * read, so whatever formats a time inside a computed or template follows the switch.
 */

type Locale = string;

/** `Intl` formatters are costly to make and cheap to use: one per locale and options. */
function cached<T>(make: (locale: Locale) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) made.set(locale, (value = make(locale)));
    return value;
  };
}

const integer = cached((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 0 }));
const smallCredits = cached((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 2 }));
const oneDecimal = cached(
  (l) => new Intl.NumberFormat(l, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
const percent = cached(
  (l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 0 }),
);
const relative = cached((l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }));
const narrowRelative = cached(
  (l) => new Intl.RelativeTimeFormat(l, { numeric: 'always', style: 'narrow' }),
);
const unitFormats = new Map<string, Intl.NumberFormat>();

/**
 * Makes the formatters most first screens use (counts and relative times), one per call.
 * Making one loads the locale's data, tens of milliseconds on a phone: `client/src/main.ts`
 * calls these in tasks of their own while the app starts, so that they do not lengthen the
 * task that first renders a page's data.
 */
export const COMMON_FORMATTERS: readonly (() => unknown)[] = [
  () => integer(APP_LOCALE),
  () => relative(APP_LOCALE),
];

/** `3d`, `23h`, `45 min`: one amount of a unit, `narrow` or `short` as `Intl` writes it. */
function unitAmount(
  value: number,
  unit: 'day' | 'hour' | 'minute' | 'second',
  display: 'narrow' | 'short',
  locale: Locale,
): string {
  const key = `${locale} ${unit} ${display}`;
  let format = unitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: display });
    unitFormats.set(key, format);
  }
  return format.format(value);
}

/** A count: `1,240`. */
export function formatCount(value: number, locale: Locale = APP_LOCALE): string {
  return integer(locale).format(value);
}

/** A credit amount: `1,240`, but `7.25` under 10 where the decimals matter. */
export function formatCredits(value: number, locale: Locale = APP_LOCALE): string {
  return creditDecimals(value) > 0
    ? smallCredits(locale).format(value)
    : integer(locale).format(value);
}

const list = cached((l) => new Intl.ListFormat(l, { type: 'conjunction', style: 'narrow' }));

/** Names one after another as the language lists them: `a, b, c`, `a、b、c`. */
export function formatList(items: readonly string[], locale: Locale = APP_LOCALE): string {
  return list(locale).format(items);
}

const coreHours = cached((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 2 }));

/** Core-hours: two decimals at most, `1.25`, `0.03`, `12`. */
export function formatCoreHours(value: number, locale: Locale = APP_LOCALE): string {
  return coreHours(locale).format(value);
}

/** A rate such as credits per day: one decimal, `12.4`. */
export function formatRate(value: number, locale: Locale = APP_LOCALE): string {
  return oneDecimal(locale).format(value);
}

/** A share as a whole percentage: `0.456` reads `46%`. */
export function formatPercent(ratio: number, locale: Locale = APP_LOCALE): string {
  return percent(locale).format(ratio);
}

/** A number of days, as in a window: `7d`, `7天`. */
export function formatDays(days: number, locale: Locale = APP_LOCALE): string {
  return unitAmount(days, 'day', 'narrow', locale);
}

/** A number of hours: `24h`, `24小时`. */
export function formatHours(hours: number, locale: Locale = APP_LOCALE): string {
  return unitAmount(hours, 'hour', 'narrow', locale);
}

/** A number of minutes: `30 min`, `30分钟`. */
export function formatMinutes(minutes: number, locale: Locale = APP_LOCALE): string {
  return unitAmount(minutes, 'minute', 'short', locale);
}

/**
 * A span of time in its two largest units, rounded down: `3d 23h`, `5h 10m`, `45m`,
 * `3天 23小时`; under a minute in seconds, `45s`.
 */
export function formatDuration(ms: number, locale: Locale = APP_LOCALE): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return unitAmount(seconds, 'second', 'narrow', locale);
  const minutes = Math.floor(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const [large, small] =
    days > 0
      ? [
          unitAmount(days, 'day', 'narrow', locale),
          hours && unitAmount(hours, 'hour', 'narrow', locale),
        ]
      : hours > 0
        ? [
            unitAmount(hours, 'hour', 'narrow', locale),
            rest && unitAmount(rest, 'minute', 'narrow', locale),
          ]
        : [unitAmount(rest, 'minute', 'narrow', locale), 0];
  // A zero second unit says nothing: `3d`, not `3d 0h`.
  return small ? `${large} ${small}` : large;
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
export function relativeTime(
  time: Date | string | number,
  now: number,
  locale: Locale = APP_LOCALE,
): string {
  const elapsed = now - new Date(time).getTime();
  if (!Number.isFinite(elapsed)) return $localize`:@@format.unknownTime:unknown`;
  if (elapsed < 0 && elapsed >= -SKEW_MS) return justNow();
  const ahead = elapsed < 0;
  const span = Math.abs(elapsed);
  for (const [unit, size, from] of UNITS) {
    if (span >= from) {
      const count = Math.floor(span / size);
      return relative(locale).format(ahead ? count : -count, unit);
    }
  }
  return justNow();
}

function justNow(): string {
  return $localize`:@@format.justNow:just now`;
}

/** "2m ago" style, for tight spaces such as the top bar on a phone. */
export function shortAge(
  time: Date | string | number,
  now: number,
  locale: Locale = APP_LOCALE,
): string {
  const minutes = Math.floor((now - new Date(time).getTime()) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return justNow();
  const format = narrowRelative(locale);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return format.format(-hours, 'hour');
  return format.format(-Math.floor(hours / 24), 'day');
}

/** An interval in seconds as the top bar says it: `45 sec`, `5 min`, `2 hr`. */
export function formatInterval(seconds: number, locale: Locale = APP_LOCALE): string {
  if (seconds < 60 || (seconds < 120 && seconds % 60 !== 0)) {
    return unitAmount(Math.max(1, Math.round(seconds)), 'second', 'short', locale);
  }
  if (seconds < 7200) return unitAmount(Math.round(seconds / 60), 'minute', 'short', locale);
  return unitAmount(Math.round(seconds / 3600), 'hour', 'short', locale);
}
