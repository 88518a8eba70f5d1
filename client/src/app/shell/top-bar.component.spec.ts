import { TestBed } from '@angular/core/testing';
import { provideRouter } from '@angular/router';

import { TIME_ZONE_STORAGE_KEY, TimeZoneService } from '../core/time-zone.service';
import { LANGUAGE_DOCUMENT } from './language-switch';
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

  function render({ named = true } = {}) {
    if (named) TestBed.inject(TimeZoneService).nameZone();
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

  it('gives its hint once the zone has a name, which waits for the browser to be idle', () => {
    const { fixture, button } = render({ named: false });
    expect(button.hasAttribute('title')).toBe(false);
    TestBed.inject(TimeZoneService).nameZone();
    fixture.detectChanges();
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

describe('TopBarComponent language switch', () => {
  /** The document the switch writes its cookie to and reloads; the real one renders. */
  function fakeDocument(baseURI: string) {
    const cookies: string[] = [];
    const reload = jest.fn();
    const doc = {
      baseURI,
      location: { reload },
      set cookie(value: string) {
        cookies.push(value);
      },
    };
    return { doc, cookies, reload };
  }

  function render(baseURI: string) {
    const fake = fakeDocument(baseURI);
    TestBed.configureTestingModule({
      providers: [
        provideRouter([]),
        { provide: LANGUAGE_DOCUMENT, useValue: fake.doc as unknown as Document },
      ],
    });
    const fixture = TestBed.createComponent(TopBarComponent);
    fixture.detectChanges();
    const button = (fixture.nativeElement as HTMLElement).querySelector<HTMLButtonElement>(
      'button[data-language-switch]',
    )!;
    return { ...fake, button };
  }

  it('is a button named for what it does, showing the other language in that language', () => {
    const { button } = render('http://localhost/');
    expect(button.tagName).toBe('BUTTON');
    expect(button.type).toBe('button');
    expect(button.getAttribute('aria-label')).toBe('Switch to 简体中文');
    expect(button.title).toBe('Switch to 简体中文');
    const name = button.querySelector('[lang]');
    expect(name?.getAttribute('lang')).toBe('zh-CN');
    expect(name?.textContent?.trim()).toBe('中文');
    // The visible name is part of the accessible one.
    expect(button.getAttribute('aria-label')).toContain(name?.textContent?.trim());
  });

  it('remembers Chinese under the board base path and reloads the page', () => {
    const { button, cookies, reload } = render('https://example.test/board/');
    button.click();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^board_lang=zh-CN; /);
    expect(cookies[0]).toContain('; Path=/board/;');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('writes the cookie for the whole site when the board is served at the root', () => {
    const { button, cookies, reload } = render('http://localhost/');
    button.click();
    expect(cookies[0]).toMatch(/^board_lang=zh-CN; Path=\/; /);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
