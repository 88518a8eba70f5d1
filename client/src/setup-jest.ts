import { TestBed } from '@angular/core/testing';
import { setupZonelessTestEnv } from 'jest-preset-angular/setup-env/zoneless';

import { provideIcons } from './app/ui/icons';

setupZonelessTestEnv();

// The app registers its SVG icons at start (app.config); every test module does the same.
beforeEach(() => TestBed.configureTestingModule({ providers: [provideIcons()] }));

// jsdom has no IntersectionObserver, which `@defer (prefetch on viewport)` uses; nothing
// is ever in view there, so an observer that never reports is faithful enough.
class NoIntersectionObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [0];
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}
globalThis.IntersectionObserver ??=
  NoIntersectionObserver as unknown as typeof IntersectionObserver;
