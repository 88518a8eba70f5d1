import { Provider, Signal, WritableSignal, signal } from '@angular/core';
import type { ChangeTopic } from '@shared/board/events';

import { LiveStatus, LiveUpdatesService } from '../core/live-updates.service';

interface FakeWatcher {
  topics: readonly ChangeTopic[];
  org: () => string | null;
  count: WritableSignal<number>;
}

/**
 * LiveUpdatesService for page specs: no stream and no timers. `change()` bumps the counters
 * a change on the stream would, once its burst is over (the service's own spec covers the
 * stream, the bursts and the fallback).
 */
export class FakeLiveUpdates implements Pick<
  LiveUpdatesService,
  'status' | 'active' | 'fallbackSeconds' | 'announcement' | 'watch' | 'announceUpdate'
> {
  readonly watchers: FakeWatcher[] = [];
  readonly state = signal<LiveStatus>('live');
  readonly status: Signal<LiveStatus> = this.state.asReadonly();
  readonly active = signal(true).asReadonly();
  readonly fallbackSeconds = signal(300).asReadonly();
  readonly announcement = signal('').asReadonly();
  /** How many times a page said "Updated". */
  announced = 0;

  watch(topics: readonly ChangeTopic[], org: () => string | null = () => null): Signal<number> {
    const count = signal(0);
    this.watchers.push({ topics, org, count });
    return count.asReadonly();
  }

  announceUpdate(): void {
    this.announced += 1;
  }

  /** A change to `topic` of `org` (null: of none in particular) arrives. */
  change(topic: ChangeTopic, org: string | null): void {
    for (const watcher of this.watchers) {
      const wanted = watcher.org();
      if (!watcher.topics.includes(topic)) continue;
      if (org === null || wanted === null || wanted === org) watcher.count.update((n) => n + 1);
    }
  }

  /** The organizations the pages' counters follow, by topic list. */
  following(): { topics: readonly ChangeTopic[]; org: string | null }[] {
    return this.watchers.map((w) => ({ topics: w.topics, org: w.org() }));
  }
}

/** A fresh FakeLiveUpdates and its provider, for `setUpPage`'s providers. */
export function fakeLiveUpdates(): { live: FakeLiveUpdates; provider: Provider } {
  const live = new FakeLiveUpdates();
  return { live, provider: { provide: LiveUpdatesService, useValue: live } };
}
