import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';

import { TIME_ZONE_STORAGE_KEY, TimeZoneService } from '../core/time-zone.service';
import { TopBarComponent } from './top-bar.component';

describe('TopBarComponent UTC switch', () => {
  beforeEach(() => {
    localStorage.clear();
    TestBed.configureTestingModule({ providers: [provideRouter([])] });
  });
  afterEach(() => {
    TestBed.inject(TimeZoneService).set('local');
    localStorage.clear();
  });

  function render() {
    const fixture = TestBed.createComponent(TopBarComponent);
    fixture.detectChanges();
    const button = (fixture.nativeElement as HTMLElement).querySelector<HTMLButtonElement>(
      'button[data-time-zone-switch]',
    )!;
    return { fixture, button };
  }

  it('is a switch named by its visible text, off by default', () => {
    const { button } = render();
    expect(button.getAttribute('role')).toBe('switch');
    expect(button.getAttribute('aria-checked')).toBe('false');
    expect(button.textContent?.trim()).toBe('UTC');
    expect(button.getAttribute('aria-label')).toContain('UTC');
    expect(button.title).toContain('your time zone');
  });

  it('turns every time to UTC and keeps the choice', () => {
    const { fixture, button } = render();
    button.click();
    fixture.detectChanges();
    expect(button.getAttribute('aria-checked')).toBe('true');
    expect(TestBed.inject(TimeZoneService).utc()).toBe(true);
    expect(localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe('utc');
    expect(button.title).toContain('Times are shown in UTC');

    button.click();
    fixture.detectChanges();
    expect(button.getAttribute('aria-checked')).toBe('false');
    expect(localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe('local');
  });
});
