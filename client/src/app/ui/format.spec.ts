import { TestBed } from '@angular/core/testing';

import { TimeZoneService } from '../core/time-zone.service';
import {
  formatClock,
  formatCount,
  formatCredits,
  formatDate,
  formatDateIn,
  formatDateTimeIn,
  formatDays,
  formatDuration,
  formatHours,
  formatInterval,
  formatMinutes,
  formatPercent,
  formatRate,
  formatUtcDate,
  formatUtc,
  relativeTime,
  shortAge,
} from './format';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [MIN, '1 minute ago'],
    [2 * MIN + 59_000, '2 minutes ago'],
    [5 * HOUR + 30 * MIN, '5 hours ago'],
    [DAY, 'yesterday'],
    [3 * DAY + 23 * HOUR, '3 days ago'],
    [47 * DAY, '47 days ago'],
    [75 * DAY, '2 months ago'],
    [400 * DAY, 'last year'],
  ])('%i ms ago reads "%s"', (elapsed, text) => {
    expect(relativeTime(ago(elapsed), NOW)).toBe(text);
  });

  it('reads a time a few minutes ahead, which only clock skew produces, as now', () => {
    expect(relativeTime(new Date(NOW + 90_000), NOW)).toBe('just now');
    expect(relativeTime(new Date(NOW + 5 * MIN), NOW)).toBe('just now');
  });

  it.each([
    [10 * MIN, 'in 10 minutes'],
    [4 * HOUR, 'in 4 hours'],
    [3 * HOUR + 59 * MIN, 'in 3 hours'],
    [DAY, 'tomorrow'],
    [7 * DAY, 'in 7 days'],
    [45 * DAY, 'in 45 days'],
  ])('%i ms ahead reads "%s"', (ahead, text) => {
    expect(relativeTime(new Date(NOW + ahead), NOW)).toBe(text);
  });

  it('says "unknown" for a time it cannot read', () => {
    expect(relativeTime('not a date', NOW)).toBe('unknown');
  });
});

describe('shortAge', () => {
  it.each([
    [30_000, 'just now'],
    [2 * MIN, '2m ago'],
    [3 * HOUR, '3h ago'],
    [3 * DAY, '3d ago'],
  ])('%i ms ago reads "%s"', (elapsed, text) => {
    expect(shortAge(ago(elapsed), NOW)).toBe(text);
  });

  it.each([
    [2 * MIN, '2分钟前'],
    [3 * HOUR, '3小时前'],
    [3 * DAY, '3天前'],
  ])('%i ms ago reads "%s" in Chinese', (elapsed, text) => {
    expect(shortAge(ago(elapsed), NOW, 'zh-CN')).toBe(text);
  });
});

describe('relativeTime in Chinese', () => {
  it.each([
    [5 * HOUR + 30 * MIN, '5小时前'],
    [DAY, '昨天'],
    [3 * DAY + 23 * HOUR, '3天前'],
    [75 * DAY, '2个月前'],
    [400 * DAY, '去年'],
  ])('%i ms ago reads "%s"', (elapsed, text) => {
    expect(relativeTime(ago(elapsed), NOW, 'zh-CN')).toBe(text);
  });

  it('reads a time ahead with 后', () => {
    expect(relativeTime(new Date(NOW + 4 * HOUR), NOW, 'zh-CN')).toBe('4小时后');
  });
});

describe('durations and units', () => {
  it.each([
    [3 * DAY + 23 * HOUR + 59 * MIN, '3d 23h', '3天 23小时'],
    [3 * DAY + 20 * MIN, '3d', '3天'],
    [5 * HOUR + 10 * MIN, '5h 10m', '5小时 10分钟'],
    [45 * MIN + 59_000, '45m', '45分钟'],
    [20_000, '20s', '20秒'],
    [-5 * MIN, '0s', '0秒'],
  ])('%i ms reads "%s" and "%s"', (ms, en, zh) => {
    expect(formatDuration(ms, 'en')).toBe(en);
    expect(formatDuration(ms, 'zh-CN')).toBe(zh);
  });

  it('writes windows in days, hours and minutes in both languages', () => {
    expect(formatDays(7, 'en')).toBe('7d');
    expect(formatDays(7, 'zh-CN')).toBe('7天');
    expect(formatHours(24, 'zh-CN')).toBe('24小时');
    expect(formatMinutes(30, 'en')).toBe('30 min');
    expect(formatMinutes(30, 'zh-CN')).toBe('30分钟');
  });

  it('writes shares as whole percentages', () => {
    expect(formatPercent(0.456, 'en')).toBe('46%');
    expect(formatPercent(1, 'zh-CN')).toBe('100%');
  });
});

describe('number formats', () => {
  it('separates thousands in counts', () => {
    expect(formatCount(1240)).toBe('1,240');
  });

  it('shows credits without decimals unless under 10', () => {
    expect(formatCredits(1240.4)).toBe('1,240');
    expect(formatCredits(37.4)).toBe('37');
    expect(formatCredits(7.25)).toBe('7.25');
    expect(formatCredits(0)).toBe('0');
  });

  it('shows rates with one decimal', () => {
    expect(formatRate(12.44)).toBe('12.4');
    expect(formatRate(0)).toBe('0.0');
  });
});

describe('date formats', () => {
  it('writes dates as YYYY-MM-DD and UTC times with their zone', () => {
    // Jest runs with TZ=UTC in CI; the local and UTC forms then agree.
    const time = '2026-11-02T09:05:00Z';
    expect(formatUtc(time)).toBe('2026-11-02 09:05 UTC');
    expect(formatDate(time)).toMatch(/^2026-11-0[12]$/);
  });
});

describe('dates and times in a zone', () => {
  const time = '2026-11-21T23:30:00Z';

  it('reads a time in the zone asked for', () => {
    expect(formatDateTimeIn(time, 'Asia/Tokyo')).toBe('2026-11-22 08:30');
    expect(formatDateIn(time, 'Asia/Tokyo')).toBe('2026-11-22');
    expect(formatDateTimeIn(time, 'America/New_York')).toBe('2026-11-21 18:30');
  });

  it('names UTC when it writes UTC', () => {
    expect(formatDateTimeIn(time, 'UTC')).toBe('2026-11-21 23:30 UTC');
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatDateTimeIn('2026-11-22T00:05:00Z', 'UTC')).toBe('2026-11-22 00:05 UTC');
  });

  it("reads the viewer's own zone as Intl does, across a day and a year boundary", () => {
    const viewer = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (const t of [
      time,
      '2026-12-31T23:59:00Z',
      '2027-01-01T00:00:00Z',
      '2026-03-29T01:30:00Z',
    ]) {
      const p = Object.fromEntries(viewer.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
      expect(formatDateTimeIn(t, undefined)).toBe(
        `${p['year']}-${p['month']}-${p['day']} ${p['hour']}:${p['minute']}`,
      );
    }
  });

  it('keeps day boundaries in UTC whatever the zone shown', () => {
    expect(formatUtcDate(time)).toBe('2026-11-21');
  });
});

describe('wall clock and intervals', () => {
  afterEach(() => TestBed.inject(TimeZoneService).set('local'));

  it('reads the time of day as HH:MM in the zone chosen in the top bar', () => {
    const zone = TestBed.inject(TimeZoneService);
    zone.set('utc');
    expect(formatClock('2026-11-22T07:05:00Z')).toBe('07:05');
    expect(formatClock('2026-11-22T00:00:00Z')).toBe('00:00');
    zone.set('local');
    const local = new Date('2026-11-22T07:05:00Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatClock(local)).toBe(`${pad(local.getHours())}:${pad(local.getMinutes())}`);
  });

  it('says an interval in seconds, minutes or hours', () => {
    expect(formatInterval(4)).toBe('4 sec');
    expect(formatInterval(60)).toBe('1 min');
    expect(formatInterval(90)).toBe('90 sec');
    expect(formatInterval(300)).toBe('5 min');
    expect(formatInterval(3600)).toBe('60 min');
    expect(formatInterval(7200)).toBe('2 hr');
    expect(formatInterval(300, 'zh-CN')).toBe('5分钟');
    expect(formatInterval(7200, 'zh-CN')).toBe('2小时');
  });

  it('makes ahead the formatters that counts and relative times then use', async () => {
    // A module registry of its own: no formatter of it is made yet.
    await jest.isolateModulesAsync(async () => {
      const format = await import('./format');
      for (const make of format.COMMON_FORMATTERS) make();
      const numberFormat = jest.spyOn(Intl, 'NumberFormat');
      const relativeFormat = jest.spyOn(Intl, 'RelativeTimeFormat');
      try {
        expect(format.formatCount(1240)).toBe('1,240');
        expect(format.relativeTime(ago(3 * 3_600_000), NOW)).toBe('3 hours ago');
        expect(numberFormat).not.toHaveBeenCalled();
        expect(relativeFormat).not.toHaveBeenCalled();
      } finally {
        numberFormat.mockRestore();
        relativeFormat.mockRestore();
      }
    });
  });
});
