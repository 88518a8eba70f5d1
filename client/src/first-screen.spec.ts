import {
  APP_CODE,
  APP_FONTS,
  FIRST_SCREEN,
  startApp,
  whenFirstScreenPainted,
} from './first-screen';

/**
 * A stand-in for the browser's PerformanceObserver (jsdom has none): it records what it
 * observes and lets the test deliver largest-contentful-paint entries.
 */
class FakeObserver {
  static supportedEntryTypes: readonly string[] = ['largest-contentful-paint', 'paint'];
  static last: FakeObserver | null = null;
  observed: PerformanceObserverInit | null = null;
  disconnected = false;

  constructor(private readonly callback: PerformanceObserverCallback) {
    FakeObserver.last = this;
  }

  observe(options: PerformanceObserverInit): void {
    this.observed = options;
  }

  disconnect(): void {
    this.disconnected = true;
  }

  deliver(entries: Partial<LargestContentfulPaint>[]): void {
    const list = { getEntries: () => entries } as unknown as PerformanceObserverEntryList;
    this.callback(list, this as unknown as PerformanceObserver);
  }
}

describe('the first screen loader', () => {
  const view = window as unknown as { PerformanceObserver?: unknown };
  const original = view.PerformanceObserver;

  beforeEach(() => {
    jest.useFakeTimers();
    FakeObserver.last = null;
    FakeObserver.supportedEntryTypes = ['largest-contentful-paint', 'paint'];
    view.PerformanceObserver = FakeObserver;
    document.body.innerHTML =
      `<div class="${FIRST_SCREEN.slice(1)}"><img src="favicon.svg" alt="">` +
      '<h1>Task board</h1><p class="summary">Issues written by or assigned to NPCs.</p></div>';
  });

  afterEach(() => {
    jest.useRealTimers();
    view.PerformanceObserver = original;
    document.body.innerHTML = '';
  });

  /** Whether the promise has settled once pending microtasks have run. */
  async function isSettled(promise: Promise<void>): Promise<boolean> {
    let settled = false;
    void promise.then(() => (settled = true));
    await Promise.resolve();
    await Promise.resolve();
    return settled;
  }

  it("waits for a paint of the first screen's text, not of its image or of other text", async () => {
    const painted = whenFirstScreenPainted(document, 1000);
    const observer = FakeObserver.last!;
    expect(observer.observed).toEqual({ type: 'largest-contentful-paint', buffered: true });

    const image = document.querySelector('img')!;
    observer.deliver([{ url: 'http://board/favicon.svg', element: image }]);
    const elsewhere = document.createElement('p');
    document.body.append(elsewhere);
    observer.deliver([{ url: '', element: elsewhere }]);
    observer.deliver([{ url: '', element: null }]);
    expect(await isSettled(painted)).toBe(false);

    observer.deliver([{ url: '', element: document.querySelector('.summary')! }]);
    expect(await isSettled(painted)).toBe(true);
    expect(observer.disconnected).toBe(true);
  });

  it('starts the app after the wait when no paint is reported', async () => {
    const painted = whenFirstScreenPainted(document, 1000);
    jest.advanceTimersByTime(999);
    expect(await isSettled(painted)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await isSettled(painted)).toBe(true);
    expect(FakeObserver.last!.disconnected).toBe(true);
  });

  it('does not wait without a first screen, without paint entries, or on a hidden page', async () => {
    FakeObserver.supportedEntryTypes = ['paint'];
    expect(await isSettled(whenFirstScreenPainted(document, 1000))).toBe(true);
    FakeObserver.supportedEntryTypes = ['largest-contentful-paint'];

    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(await isSettled(whenFirstScreenPainted(document, 1000))).toBe(true);
    visibility.mockRestore();

    document.body.innerHTML = '<npc-root></npc-root>';
    expect(await isSettled(whenFirstScreenPainted(document, 1000))).toBe(true);
    expect(FakeObserver.last).toBeNull();
  });

  it("puts the template's code into the page, once", () => {
    document.body.innerHTML =
      `<${APP_CODE.replace('#', ' id="')}">` +
      '<link rel="modulepreload" href="chunk-A.js"><script src="main-A.js" type="module"></script>' +
      '</template><npc-root></npc-root>';
    startApp(document);
    expect(document.querySelector('template')).toBeNull();
    expect(document.querySelectorAll('link[rel="modulepreload"][href="chunk-A.js"]')).toHaveLength(
      1,
    );
    expect(document.querySelectorAll('script[src="main-A.js"][type="module"]')).toHaveLength(1);
    startApp(document);
    expect(document.querySelectorAll('script[src="main-A.js"]')).toHaveLength(1);
  });

  it("starts loading the app's fonts a task after its code, and a font that fails changes nothing", async () => {
    document.body.innerHTML = `<${APP_CODE.replace('#', ' id="')}"></template>`;
    const load = jest
      .fn<Promise<FontFace[]>, [string]>()
      .mockResolvedValueOnce([])
      .mockRejectedValueOnce(new Error('network'));
    Object.defineProperty(document, 'fonts', { value: { load }, configurable: true });
    try {
      const later: (() => void)[] = [];
      startApp(document, (work) => later.push(work));
      expect(document.querySelector('template')).toBeNull();
      // Asked for in the next task, not the one that puts the code in.
      expect(load).not.toHaveBeenCalled();
      for (const work of later) work();
      expect(load.mock.calls.map(([font]) => font)).toEqual([...APP_FONTS]);
      await Promise.resolve();
    } finally {
      delete (document as { fonts?: unknown }).fonts;
    }
  });
});
