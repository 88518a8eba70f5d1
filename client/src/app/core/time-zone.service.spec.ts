import { Component, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { RelativeTimeComponent } from '../ui/relative-time.component';
import { formatDate, formatDateTime, formatDateTimeIn, formatOtherZone } from '../ui/format';
import { ClockService } from './clock.service';
import {
  TIME_ZONE_STORAGE_KEY,
  TimeZoneService,
  displayTimeZone,
  viewerTimeZone,
} from './time-zone.service';

const NOW = Date.parse('2026-11-22T12:00:00Z');
// Late in the UTC day: in most zones east or west of UTC the local date differs.
const TIME = '2026-11-21T23:30:00Z';

@Component({
  imports: [RelativeTimeComponent],
  template: `<npc-relative-time [time]="time" /><npc-relative-time [time]="time" mode="exact" />`,
})
class TimesComponent {
  readonly time = TIME;
}

describe('TimeZoneService', () => {
  beforeEach(() => {
    localStorage.clear();
    TestBed.configureTestingModule({
      providers: [{ provide: ClockService, useValue: { now: signal(NOW) } }],
    });
  });
  afterEach(() => {
    TestBed.inject(TimeZoneService).set('local');
    localStorage.clear();
  });

  it("shows times in the viewer's zone until the switch is flipped", () => {
    const zone = TestBed.inject(TimeZoneService);
    expect(zone.utc()).toBe(false);
    expect(displayTimeZone()).toBeUndefined();
    expect(formatDateTime(TIME)).not.toContain('UTC');
    expect(formatOtherZone(TIME)).toBe('2026-11-21 23:30 UTC');
  });

  it('shows every time in UTC once switched, and the local time on hover', () => {
    const zone = TestBed.inject(TimeZoneService);
    zone.toggle();
    expect(zone.utc()).toBe(true);
    expect(formatDateTime(TIME)).toBe('2026-11-21 23:30 UTC');
    expect(formatDate(TIME)).toBe('2026-11-21');
    // Hover: the viewer's own time, named by its zone.
    expect(formatOtherZone(TIME)).toBe(`${formatDateTimeIn(TIME, undefined)} ${viewerTimeZone()}`);
  });

  it('keeps the choice in localStorage and reads it on the next visit', () => {
    TestBed.inject(TimeZoneService).set('utc');
    expect(localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe('utc');

    TestBed.resetTestingModule();
    TestBed.inject(TimeZoneService).set('local');
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, 'utc');
    TestBed.resetTestingModule();
    // A new app start constructs the service afresh, which reads the stored choice.
    expect(TestBed.inject(TimeZoneService).utc()).toBe(true);
  });

  it('treats an unknown stored value as local', () => {
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, 'mars');
    expect(TestBed.inject(TimeZoneService).utc()).toBe(false);
  });

  it('follows a switch made in another tab', () => {
    const zone = TestBed.inject(TimeZoneService);
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, 'utc');
    window.dispatchEvent(new StorageEvent('storage', { key: TIME_ZONE_STORAGE_KEY }));
    expect(zone.utc()).toBe(true);
  });

  it('redraws the times on the page when the switch flips', () => {
    const fixture = TestBed.createComponent(TimesComponent);
    fixture.detectChanges();
    const [relative, exact] = [...(fixture.nativeElement as HTMLElement).querySelectorAll('time')];
    expect(relative.getAttribute('title')).toMatch(/local time · 2026-11-21 23:30 UTC$/);
    expect(exact.textContent).not.toContain('UTC');
    expect(exact.getAttribute('title')).toBe('2026-11-21 23:30 UTC');

    TestBed.inject(TimeZoneService).set('utc');
    fixture.detectChanges();
    expect(exact.textContent).toBe('2026-11-21 23:30 UTC (12 hours ago)');
    expect(exact.getAttribute('title')).toContain(viewerTimeZone());
    expect(relative.textContent).toBe('12 hours ago');
    expect(relative.getAttribute('title')).toMatch(/^2026-11-21 23:30 UTC · /);
  });
});
