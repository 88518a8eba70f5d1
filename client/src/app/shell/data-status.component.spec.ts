import { signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { of } from 'rxjs';

import { ClockService } from '../core/clock.service';
import { DataFreshnessService } from '../core/data-freshness.service';
import { LiveUpdatesService } from '../core/live-updates.service';
import { FakeLiveUpdates } from '../testing/fake-live-updates';
import { DataStatusComponent } from './data-status.component';

const NOW = Date.parse('2026-11-22T10:00:00Z');

describe('DataStatusComponent', () => {
  let live: FakeLiveUpdates;

  function render(active = true) {
    live = new FakeLiveUpdates();
    TestBed.configureTestingModule({
      providers: [
        provideRouter([]),
        { provide: ClockService, useValue: { now: signal(NOW) } },
        {
          provide: LiveUpdatesService,
          useValue: {
            ...live,
            status: live.status,
            active: signal(active),
            fallbackSeconds: signal(300),
          },
        },
      ],
    });
    // One answer two minutes old on the page.
    const scope = TestBed.runInInjectionContext(() => TestBed.inject(DataFreshnessService).scope());
    of({ data: null, freshness: { cache: 'HIT' as const, asOf: NOW - 120_000 }, pending: [] })
      .pipe(scope.track('a'))
      .subscribe();
    const fixture = TestBed.createComponent(DataStatusComponent);
    fixture.detectChanges();
    const el = fixture.nativeElement as HTMLElement;
    const text = () => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    return { fixture, el, text };
  }

  it('marks a live page "Live" before the data age', () => {
    const { el } = render();
    const marker = el.querySelector('[data-live]');
    expect(marker?.getAttribute('data-live')).toBe('live');
    expect(marker?.querySelector('.live-word')?.textContent).toBe('Live');
    expect(marker?.querySelector('.visually-hidden')?.textContent).toBe('Live updates on');
    expect(marker?.nextElementSibling?.textContent).toContain('Data as of 2 minutes ago');
  });

  it('says the updates are paused and how often the page refreshes while the stream is down', () => {
    const { fixture, el } = render();
    live.state.set('down');
    fixture.detectChanges();
    const marker = el.querySelector('[data-live="down"]');
    expect(marker?.querySelector('.live-long')?.textContent).toBe(
      'Live updates paused; refreshing every 5 min',
    );
    expect(marker?.querySelector('.live-short')?.textContent).toBe('Paused');
    expect(marker?.getAttribute('title')).toBe('Live updates paused; refreshing every 5 min');
  });

  it('says it is reconnecting while a dropped or stalled stream is opened again', () => {
    const { fixture, el } = render();
    live.state.set('reconnecting');
    fixture.detectChanges();
    const marker = el.querySelector('[data-live="reconnecting"]');
    expect(marker?.querySelector('.live-long')?.textContent).toBe('Reconnecting…');
    expect(marker?.getAttribute('title')).toBe('Reconnecting…');
    expect(marker?.querySelector('.dot')).not.toBeNull();
  });

  it('shows no marker on a page that does not follow the stream', () => {
    const { el, text } = render(false);
    expect(el.querySelector('[data-live]')).toBeNull();
    expect(text()).toMatch(/^Data as of 2 minutes ago/);
  });
});
