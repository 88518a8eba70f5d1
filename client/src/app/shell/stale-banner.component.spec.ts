import { signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { ClockService } from '../core/clock.service';
import { TimeZoneService } from '../core/time-zone.service';
import { StaleBannerComponent } from './stale-banner.component';

const NOW = Date.parse('2026-11-22T10:00:00Z');

describe('StaleBannerComponent', () => {
  beforeEach(() => {
    localStorage.clear();
    TestBed.configureTestingModule({
      providers: [{ provide: ClockService, useValue: { now: signal(NOW) } }],
    });
    // Times read in UTC, so the text does not depend on the machine's zone.
    TestBed.inject(TimeZoneService).set('utc');
  });
  afterEach(() => {
    TestBed.inject(TimeZoneService).set('local');
    localStorage.clear();
  });

  function render(inputs: { asOf: number; budgetUntil?: number | null }): string {
    const fixture = TestBed.createComponent(StaleBannerComponent);
    fixture.componentRef.setInput('asOf', inputs.asOf);
    if (inputs.budgetUntil !== undefined) {
      fixture.componentRef.setInput('budgetUntil', inputs.budgetUntil);
    }
    fixture.detectChanges();
    const text = (fixture.nativeElement as HTMLElement).querySelector('[role="status"] .text');
    return (text?.textContent ?? '').replace(/\s+/g, ' ').trim();
  }

  it('says the platform did not answer when no budget time is given', () => {
    expect(render({ asOf: NOW - 20 * 60_000 })).toBe(
      'Stale data. The platform did not answer; showing data from 09:40 UTC.',
    );
    expect(render({ asOf: NOW - 20 * 60_000, budgetUntil: null })).toContain(
      'The platform did not answer',
    );
  });

  it('says the call budget is spent, and until when, when the board says so', () => {
    expect(render({ asOf: NOW - 20 * 60_000, budgetUntil: NOW + 35 * 60_000 })).toBe(
      'Stale data. The call budget to the platform is spent until 10:35 UTC; ' +
        'showing data from 09:40 UTC.',
    );
  });

  it('gives the date of times on another day', () => {
    expect(render({ asOf: NOW - 11 * 3_600_000, budgetUntil: NOW + 14 * 3_600_000 })).toBe(
      'Stale data. The call budget to the platform is spent until 2026-11-23 00:00 UTC; ' +
        'showing data from 2026-11-21 23:00 UTC.',
    );
  });
});
