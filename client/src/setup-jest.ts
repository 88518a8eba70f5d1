import '@angular/localize/init';
import { setupZonelessTestEnv } from 'jest-preset-angular/setup-env/zoneless';

setupZonelessTestEnv();

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
