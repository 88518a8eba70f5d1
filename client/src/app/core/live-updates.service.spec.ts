import { DestroyRef, EnvironmentInjector, createEnvironmentInjector, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import type { BoardMeta } from '@shared/board/entities';
import type { ChangeTopic } from '@shared/board/events';

import { META } from '../testing/fixtures';
import { BoardMetaService } from './board-meta.service';
import {
  ANNOUNCE_MS,
  CHANGE_SOURCE,
  CLOSE_AFTER_MS,
  COALESCE_MS,
  ChangeSource,
  DOWN_AFTER_MS,
  LiveUpdatesService,
  MISSED_HEARTBEATS,
  RETRY_FIRST_MS,
} from './live-updates.service';

/** An EventSource the spec drives: it opens, fails, and delivers events on request. */
class FakeSource implements ChangeSource {
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, ((event: Event) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  open(): void {
    this.readyState = 1;
    this.emit('open', new Event('open'));
  }

  /** A dropped connection the browser retries (`closed`: one it gave up on, such as a 429). */
  fail(closed = false): void {
    this.readyState = closed ? 2 : 0;
    this.emit('error', new Event('error'));
  }

  change(topic: ChangeTopic, org: string | null): void {
    this.send(JSON.stringify({ topic, org }));
  }

  /** A `change` event with any data, well-formed or not. */
  send(data: string): void {
    this.emit('change', new MessageEvent('change', { data }));
  }

  reset(): void {
    this.emit('reset', new MessageEvent('reset', { data: '{}' }));
  }

  heartbeat(everyMs: number): void {
    this.emit(
      'heartbeat',
      new MessageEvent('heartbeat', { data: JSON.stringify({ every_ms: everyMs }) }),
    );
  }

  private emit(type: string, event: Event): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

describe('LiveUpdatesService', () => {
  let sources: FakeSource[];
  let service: LiveUpdatesService;
  let supported: boolean;

  const last = (): FakeSource => sources[sources.length - 1];

  /** What `api/meta` has answered so far; a spec may answer it later. */
  let meta: ReturnType<typeof signal<BoardMeta | null>>;

  function setUp(answered: BoardMeta | null = META): void {
    meta = signal(answered);
    TestBed.configureTestingModule({
      providers: [
        {
          provide: CHANGE_SOURCE,
          useValue: (url: string) => {
            if (!supported) return null;
            const source = new FakeSource(url);
            sources.push(source);
            return source;
          },
        },
        {
          provide: BoardMetaService,
          useValue: { meta: meta.asReadonly() },
        },
      ],
    });
    service = TestBed.inject(LiveUpdatesService);
  }

  // A page's lifetime, as an injector the spec can destroy.
  function page(): { destroyRef: DestroyRef; leave: () => void } {
    const injector = createEnvironmentInjector([], TestBed.inject(EnvironmentInjector));
    return { destroyRef: injector.get(DestroyRef), leave: () => injector.destroy() };
  }

  beforeEach(() => {
    jest.useFakeTimers();
    sources = [];
    supported = true;
  });

  afterEach(() => jest.useRealTimers());

  it('opens one stream, relative to the base href, when the first page asks', () => {
    setUp();
    expect(sources).toHaveLength(0);
    expect(service.active()).toBe(false);

    service.watch(['issues'], () => null, page().destroyRef);
    service.watch(['repos'], () => null, page().destroyRef);

    expect(sources.map((s) => s.url)).toEqual(['api/events']);
    expect(service.active()).toBe(true);
    expect(service.status()).toBe('connecting');
    last().open();
    expect(service.status()).toBe('live');
  });

  it('counts the changes a page shows, once per burst', () => {
    setUp();
    const issues = service.watch(['issues'], () => null, page().destroyRef);
    const balances = service.watch(['balances'], () => null, page().destroyRef);
    last().open();

    last().change('issues', 'acme');
    last().change('issues', 'globex');
    last().change('issues', 'acme');
    expect(issues()).toBe(0);
    jest.advanceTimersByTime(COALESCE_MS);
    expect(issues()).toBe(1);
    expect(balances()).toBe(0);

    last().change('balances', 'acme');
    jest.advanceTimersByTime(COALESCE_MS);
    expect([issues(), balances()]).toEqual([1, 1]);
  });

  it("follows the page's organization; a change without one concerns every page", () => {
    setUp();
    let org: string | null = 'acme';
    const acme = service.watch(['issues', 'alerts'], () => org, page().destroyRef);
    last().open();

    last().change('issues', 'globex');
    jest.advanceTimersByTime(COALESCE_MS);
    expect(acme()).toBe(0);

    last().change('issues', 'acme');
    jest.advanceTimersByTime(COALESCE_MS);
    expect(acme()).toBe(1);

    last().change('alerts', null);
    jest.advanceTimersByTime(COALESCE_MS);
    expect(acme()).toBe(2);

    // The filter is read when the change arrives, so a page that changed it follows.
    org = 'globex';
    last().change('issues', 'globex');
    jest.advanceTimersByTime(COALESCE_MS);
    expect(acme()).toBe(3);
  });

  it('ignores malformed events and unknown topics', () => {
    setUp();
    const all = service.watch(
      ['issues', 'repos', 'balances', 'alerts'],
      () => null,
      page().destroyRef,
    );
    last().open();

    last().send('not json');
    last().send('{"topic":"weather","org":"acme"}');
    last().send('{}');
    jest.advanceTimersByTime(COALESCE_MS);
    expect(all()).toBe(0);
  });

  it('bumps every counter on reset', () => {
    setUp();
    const issues = service.watch(['issues'], () => 'acme', page().destroyRef);
    const repos = service.watch(['repos'], () => null, page().destroyRef);
    last().open();

    last().reset();
    jest.advanceTimersByTime(COALESCE_MS);
    expect([issues(), repos()]).toEqual([1, 1]);
  });

  it('says reconnecting while the browser reconnects, and down only after a few seconds', () => {
    setUp();
    const issues = service.watch(['issues'], () => null, page().destroyRef);
    expect(service.status()).toBe('connecting');
    last().open();

    last().fail();
    expect(service.status()).toBe('reconnecting');
    jest.advanceTimersByTime(DOWN_AFTER_MS - 1);
    expect(service.status()).toBe('reconnecting');
    last().open();
    expect(service.status()).toBe('live');
    jest.advanceTimersByTime(DOWN_AFTER_MS);
    expect(service.status()).toBe('live');

    last().fail();
    jest.advanceTimersByTime(DOWN_AFTER_MS);
    expect(service.status()).toBe('down');
    // The browser's own reconnection sends Last-Event-ID: no new stream, no extra refetch.
    last().open();
    expect(service.status()).toBe('live');
    expect(sources).toHaveLength(1);
    expect(issues()).toBe(0);
  });

  it('takes a stream that misses two heartbeats for stalled: says so, reopens it, reloads', () => {
    setUp();
    const issues = service.watch(['issues'], () => null, page().destroyRef);
    last().open();
    last().heartbeat(1000);
    // Heartbeats on time, and changes, keep it live.
    for (let beat = 0; beat < 5; beat++) {
      jest.advanceTimersByTime(1000);
      last().heartbeat(1000);
    }
    jest.advanceTimersByTime(2000);
    last().change('repos', 'acme');
    jest.advanceTimersByTime(2000);
    expect(service.status()).toBe('live');
    expect(sources).toHaveLength(1);

    // Then nothing: within three intervals it says reconnecting and opens a new stream.
    jest.advanceTimersByTime(1000 * MISSED_HEARTBEATS - 2000);
    expect(service.status()).toBe('reconnecting');
    expect(sources).toHaveLength(2);
    expect(sources[0].closed).toBe(true);
    // Events of the stalled stream no longer count.
    sources[0].change('issues', null);
    last().open();
    expect(service.status()).toBe('live');
    jest.advanceTimersByTime(COALESCE_MS);
    expect(issues()).toBe(1);
  });

  it('does not watch for heartbeats from a board that sends none', () => {
    setUp();
    service.watch(['issues'], () => null, page().destroyRef);
    last().open();
    jest.advanceTimersByTime(10 * 60_000);
    expect(service.status()).toBe('live');
    expect(sources).toHaveLength(1);
  });

  it('refreshes every cache life while down, and stops once live again', () => {
    setUp({ ...META, cache_ttl_seconds: 60 });
    const issues = service.watch(['issues'], () => null, page().destroyRef);
    last().open();
    last().fail();
    jest.advanceTimersByTime(DOWN_AFTER_MS);
    expect(service.status()).toBe('down');

    jest.advanceTimersByTime(60_000);
    expect(issues()).toBe(1);
    jest.advanceTimersByTime(60_000);
    expect(issues()).toBe(2);

    last().open();
    jest.advanceTimersByTime(10 * 60_000);
    expect(issues()).toBe(2);
  });

  it('opens a refused stream (429) again later, with growing waits, and catches up once open', () => {
    setUp({ ...META, cache_ttl_seconds: 300 });
    const issues = service.watch(['issues'], () => null, page().destroyRef);
    last().fail(true);
    expect(service.status()).toBe('down');
    expect(last().closed).toBe(true);

    jest.advanceTimersByTime(RETRY_FIRST_MS);
    expect(sources).toHaveLength(2);
    expect(service.status()).toBe('down');
    last().fail(true);
    jest.advanceTimersByTime(RETRY_FIRST_MS);
    expect(sources).toHaveLength(2);
    jest.advanceTimersByTime(RETRY_FIRST_MS);
    expect(sources).toHaveLength(3);

    last().open();
    expect(service.status()).toBe('live');
    jest.advanceTimersByTime(COALESCE_MS);
    expect(issues()).toBe(1);
  });

  it('falls back to the timer where the browser has no EventSource', () => {
    supported = false;
    setUp({ ...META, cache_ttl_seconds: 30 });
    const issues = service.watch(['issues'], () => null, page().destroyRef);
    expect(service.status()).toBe('down');
    expect(service.fallbackSeconds()).toBe(30);
    jest.advanceTimersByTime(30_000);
    expect(issues()).toBe(1);
  });

  it('closes the stream a moment after the last page left, and keeps it for the next page', () => {
    setUp();
    const first = page();
    service.watch(['issues'], () => null, first.destroyRef);
    last().open();

    first.leave();
    expect(service.active()).toBe(false);
    jest.advanceTimersByTime(CLOSE_AFTER_MS / 2);
    const next = page();
    service.watch(['repos'], () => null, next.destroyRef);
    jest.advanceTimersByTime(CLOSE_AFTER_MS);
    expect(sources).toHaveLength(1);
    expect(last().closed).toBe(false);

    next.leave();
    jest.advanceTimersByTime(CLOSE_AFTER_MS);
    expect(last().closed).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('leaves no timer behind for a page that left during a burst', () => {
    setUp();
    const gone = page();
    const counter = service.watch(['issues'], () => null, gone.destroyRef);
    service.watch(['repos'], () => null, page().destroyRef);
    last().open();
    last().change('issues', 'acme');
    gone.leave();
    jest.advanceTimersByTime(COALESCE_MS);
    expect(counter()).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('announces "Updated" once for updates landing together, then clears it', () => {
    setUp();
    service.announceUpdate();
    service.announceUpdate();
    expect(service.announcement()).toBe('Updated');
    jest.advanceTimersByTime(ANNOUNCE_MS);
    expect(service.announcement()).toBe('');
    service.announceUpdate();
    expect(service.announcement()).toBe('Updated');
  });

  it('reads the fallback interval from api/meta, with the default before it answers', () => {
    setUp(null);
    expect(service.fallbackSeconds()).toBe(300);
  });

  it('refreshes on the cache life api/meta gives, when the stream was refused before it answered', () => {
    setUp(null);
    const issues = service.watch(['issues'], () => null, page().destroyRef);
    last().fail(true);
    expect(service.status()).toBe('down');

    jest.advanceTimersByTime(1_000);
    meta.set({ ...META, cache_ttl_seconds: 4 });
    TestBed.tick();
    expect(service.fallbackSeconds()).toBe(4);
    // Four seconds after the stream went down, not four after api/meta answered.
    jest.advanceTimersByTime(2_999);
    expect(issues()).toBe(0);
    jest.advanceTimersByTime(1);
    expect(issues()).toBe(1);
    jest.advanceTimersByTime(4_000);
    expect(issues()).toBe(2);
  });
});
