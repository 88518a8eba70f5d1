import {
  DestroyRef,
  Injectable,
  InjectionToken,
  Signal,
  WritableSignal,
  computed,
  effect,
  inject,
  signal,
  untracked,
} from '@angular/core';
import {
  type BoardChange,
  CHANGE_EVENT,
  CHANGE_TOPICS,
  type ChangeTopic,
  EVENTS_PATH,
  HEARTBEAT_EVENT,
  type Heartbeat,
  RESET_EVENT,
} from '@shared/board/events';

import { BoardMetaService } from './board-meta.service';

/**
 * The change stream as the top bar shows it: opening, open, reopening after it dropped
 * or stalled, or down (pages refresh on a timer).
 */
export type LiveStatus = 'live' | 'connecting' | 'reconnecting' | 'down';

/** What the service uses of an `EventSource`; specs hand in a fake. */
export interface ChangeSource {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

/** Opens the stream at a URL; null where the browser has no `EventSource`. */
export const CHANGE_SOURCE = new InjectionToken<(url: string) => ChangeSource | null>(
  'CHANGE_SOURCE',
  {
    providedIn: 'root',
    factory: () => (url) => (typeof EventSource === 'undefined' ? null : new EventSource(url)),
  },
);

/** `EventSource.CLOSED`, which jsdom has no constant for. */
const CLOSED = 2;

/** Events for a page this close together give it one refetch. */
export const COALESCE_MS = 1_000;
/** A stream still reconnecting after this long is reported down. */
export const DOWN_AFTER_MS = 5_000;
/** The first wait before opening a refused stream again; it doubles up to the cache life. */
export const RETRY_FIRST_MS = 5_000;
/** A page that leaves keeps the stream this long, so moving to the next page reuses it. */
export const CLOSE_AFTER_MS = 5_000;
/** How long "Updated" stays in the live region. */
export const ANNOUNCE_MS = 3_000;
/**
 * Heartbeats a stream may miss before the page takes it for stalled and opens it again
 * (a little over two intervals: it says so within three).
 */
export const MISSED_HEARTBEATS = 2.5;
/** The cache life assumed before `api/meta` has answered (the board's default). */
const DEFAULT_TTL_SECONDS = 300;

interface Watcher {
  readonly topics: ReadonlySet<ChangeTopic>;
  readonly org: () => string | null;
  readonly count: WritableSignal<number>;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * The board's change stream, `GET api/events` (shared/board/events.ts), for the pages that
 * follow it. One `EventSource` for the app, opened when the first page asks and closed
 * shortly after the last one leaves. Each page gets a counter that increases when a change
 * it shows arrives, and reloads on it as it does on the top bar's refresh. The browser
 * reconnects a dropped stream by itself and sends `Last-Event-ID`, so the board replays
 * what was missed or says `reset`; a stream it refuses (429: too many open) is opened
 * again after a while. The board sends a heartbeat event every few seconds: a stream
 * that stays open but misses two says it is reconnecting and is opened again. While the stream is down, every counter ticks once per cache life
 * instead, the interval at which the board's sync looks for changes.
 */
@Injectable({ providedIn: 'root' })
export class LiveUpdatesService {
  private readonly openSource = inject(CHANGE_SOURCE);
  private readonly meta = inject(BoardMetaService).meta;

  private readonly watchers = new Set<Watcher>();
  private readonly watcherCount = signal(0);
  private readonly state = signal<LiveStatus>('connecting');
  private readonly message = signal('');
  private source: ChangeSource | null = null;
  /** A fresh stream after a refused one: what happened in between is unknown. */
  private catchUp = false;
  private retries = 0;
  private downTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private fallbackTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the fallback's current interval began (epoch ms). */
  private fallbackFrom = 0;
  private closeTimer: ReturnType<typeof setTimeout> | null = null;
  private stallTimer: ReturnType<typeof setTimeout> | null = null;
  /** Milliseconds between the open stream's heartbeats; null until it sent one. */
  private beatMs: number | null = null;
  private announceTimer: ReturnType<typeof setTimeout> | null = null;

  /** Whether changes arrive as they happen, the stream is (re)connecting, or it is down. */
  readonly status = this.state.asReadonly();
  /** True while a page in view follows the stream. */
  readonly active = computed(() => this.watcherCount() > 0);
  /** Seconds between the refreshes that stand in for the stream while it is down. */
  readonly fallbackSeconds = computed(() => this.meta()?.cache_ttl_seconds || DEFAULT_TTL_SECONDS);
  /** The shell's polite live region: "Updated" for a moment after a live update landed. */
  readonly announcement = this.message.asReadonly();

  constructor() {
    inject(DestroyRef).onDestroy(() => this.close());
    // A stream refused before api/meta answered started the fallback on the default cache
    // life; once the board's is known, the refresh comes when that one is up.
    effect(() => {
      this.fallbackSeconds();
      untracked(() => this.retimeFallback());
    });
  }

  /**
   * A counter that increases (at most once per second) when a change to one of `topics`
   * arrives for `org()` (null: every organization; a change with `org: null` concerns
   * every page), on `reset`, and once per cache life while the stream is down. Opens the
   * stream if needed; the page's DestroyRef lets it go. Call in an injection context.
   */
  watch(
    topics: readonly ChangeTopic[],
    org: () => string | null = () => null,
    destroyRef: DestroyRef = inject(DestroyRef),
  ): Signal<number> {
    const watcher: Watcher = { topics: new Set(topics), org, count: signal(0), timer: null };
    this.watchers.add(watcher);
    this.watcherCount.set(this.watchers.size);
    this.cancel('closeTimer');
    if (!this.source && !this.retryTimer && this.state() !== 'down') this.connect();
    destroyRef.onDestroy(() => this.unwatch(watcher));
    return watcher.count.asReadonly();
  }

  /** Says "Updated" politely, once for updates landing together. */
  announceUpdate(): void {
    if (this.announceTimer) return;
    this.message.set($localize`:@@core.liveUpdates.updated:Updated`);
    this.announceTimer = setTimeout(() => {
      this.announceTimer = null;
      this.message.set('');
    }, ANNOUNCE_MS);
  }

  private unwatch(watcher: Watcher): void {
    if (watcher.timer) clearTimeout(watcher.timer);
    this.watchers.delete(watcher);
    this.watcherCount.set(this.watchers.size);
    if (this.watchers.size === 0 && !this.closeTimer) {
      this.closeTimer = setTimeout(() => {
        this.closeTimer = null;
        if (this.watchers.size === 0) this.close();
      }, CLOSE_AFTER_MS);
    }
  }

  private connect(): void {
    // While down or reconnecting, a new attempt keeps saying so until it is open.
    if (this.state() !== 'down' && this.state() !== 'reconnecting') this.state.set('connecting');
    const source = this.openSource(EVENTS_PATH);
    if (!source) {
      this.goDown();
      return;
    }
    this.source = source;
    const current = (): boolean => this.source === source;
    source.addEventListener('open', () => current() && this.opened());
    source.addEventListener('error', () => current() && this.failed(source));
    source.addEventListener(CHANGE_EVENT, (event) => {
      if (!current()) return;
      this.heard();
      this.changed((event as MessageEvent<string>).data);
    });
    source.addEventListener(RESET_EVENT, () => {
      if (!current()) return;
      this.heard();
      this.notifyAll();
    });
    source.addEventListener(HEARTBEAT_EVENT, (event) => {
      if (!current()) return;
      this.beatMs = heartbeatMs((event as MessageEvent<string>).data) ?? this.beatMs;
      this.heard();
    });
  }

  /** The stream delivered: it counts as stalled only after missing heartbeats from now. */
  private heard(): void {
    this.cancel('stallTimer');
    if (this.beatMs === null) return;
    this.stallTimer = setTimeout(() => this.stalled(), this.beatMs * MISSED_HEARTBEATS);
  }

  /** Open but silent: say so, and open a new stream, which reloads what pages show. */
  private stalled(): void {
    this.stallTimer = null;
    this.source?.close();
    this.source = null;
    this.beatMs = null;
    this.state.set('reconnecting');
    this.catchUp = true;
    this.connect();
    if (!this.downTimer) {
      this.downTimer = setTimeout(() => {
        this.downTimer = null;
        this.goDown();
      }, DOWN_AFTER_MS);
    }
  }

  private opened(): void {
    this.cancel('downTimer');
    this.cancel('fallbackTimer');
    this.retries = 0;
    this.state.set('live');
    if (this.catchUp) {
      this.catchUp = false;
      this.notifyAll();
    }
  }

  private failed(source: ChangeSource): void {
    if (source.readyState === CLOSED) {
      // Refused (429, or not a stream at all): the browser will not try again, so this
      // service does, later; pages refresh on the timer meanwhile.
      source.close();
      this.source = null;
      this.goDown();
      this.scheduleRetry();
      return;
    }
    // Reconnecting by itself: down only if that takes more than a few seconds.
    this.cancel('stallTimer');
    if (this.state() === 'live') this.state.set('reconnecting');
    if (this.state() !== 'down' && !this.downTimer) {
      this.downTimer = setTimeout(() => {
        this.downTimer = null;
        this.goDown();
      }, DOWN_AFTER_MS);
    }
  }

  private goDown(): void {
    this.cancel('downTimer');
    this.state.set('down');
    if (!this.fallbackTimer) this.scheduleFallback();
  }

  /** Every counter ticks once a cache life after `from` (and after each tick) while down. */
  private scheduleFallback(from = Date.now()): void {
    this.fallbackFrom = from;
    const wait = Math.max(0, from + this.fallbackSeconds() * 1000 - Date.now());
    this.fallbackTimer = setTimeout(() => {
      this.fallbackTimer = null;
      if (this.state() !== 'down') return;
      for (const watcher of this.watchers) this.bump(watcher);
      this.scheduleFallback();
    }, wait);
  }

  /** The cache life changed: a pending fallback tick comes that long after its interval began. */
  private retimeFallback(): void {
    if (!this.fallbackTimer) return;
    clearTimeout(this.fallbackTimer);
    this.scheduleFallback(this.fallbackFrom);
  }

  private scheduleRetry(): void {
    const longest = Math.max(this.fallbackSeconds() * 1000, RETRY_FIRST_MS);
    const wait = Math.min(RETRY_FIRST_MS * 2 ** this.retries, longest);
    this.retries += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.catchUp = true;
      this.connect();
    }, wait);
  }

  private changed(data: string): void {
    let change: Partial<BoardChange>;
    try {
      change = JSON.parse(data) as Partial<BoardChange>;
    } catch {
      return;
    }
    const topic = change.topic;
    if (!topic || !CHANGE_TOPICS.includes(topic)) return;
    const org = change.org ?? null;
    for (const watcher of this.watchers) {
      if (!watcher.topics.has(topic)) continue;
      const wanted = watcher.org();
      if (org === null || wanted === null || wanted === org) this.notify(watcher);
    }
  }

  private notifyAll(): void {
    for (const watcher of this.watchers) this.notify(watcher);
  }

  /** Bumps the watcher's counter after the burst it is part of. */
  private notify(watcher: Watcher): void {
    if (watcher.timer) return;
    watcher.timer = setTimeout(() => {
      watcher.timer = null;
      this.bump(watcher);
    }, COALESCE_MS);
  }

  private bump(watcher: Watcher): void {
    watcher.count.update((n) => n + 1);
  }

  private close(): void {
    this.source?.close();
    this.source = null;
    for (const name of TIMERS) this.cancel(name);
    for (const watcher of this.watchers) {
      if (watcher.timer) clearTimeout(watcher.timer);
      watcher.timer = null;
    }
    this.retries = 0;
    this.catchUp = false;
    this.beatMs = null;
    this.message.set('');
    this.state.set('connecting');
  }

  private cancel(name: TimerName): void {
    const timer = this[name];
    if (timer) clearTimeout(timer);
    this[name] = null;
  }
}

const TIMERS = [
  'downTimer',
  'retryTimer',
  'fallbackTimer',
  'closeTimer',
  'stallTimer',
  'announceTimer',
] as const;

/** The interval a heartbeat announces, or null when its data does not say. */
function heartbeatMs(data: string): number | null {
  try {
    const every = (JSON.parse(data) as Partial<Heartbeat>).every_ms;
    return typeof every === 'number' && every > 0 ? every : null;
  } catch {
    return null;
  }
}
type TimerName = (typeof TIMERS)[number];
