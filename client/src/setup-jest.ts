import '@angular/localize/init';
import { setupZonelessTestEnv } from 'jest-preset-angular/setup-env/zoneless';
import { loadErrorText } from './app/core/error.interceptor';

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

// The app fetches its failure sentences once the browser is idle (core/error.interceptor.ts);
// specs start with them loaded, as a page does after its first screen. The path of a
// failure that comes first has a spec of its own there.
beforeAll(() => loadErrorText());
