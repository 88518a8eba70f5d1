import { DestroyRef, Signal, effect, inject, signal, untracked } from '@angular/core';

import { LiveUpdatesService } from '../core/live-updates.service';

/** How long a card or row stays marked after a live update changed it. */
export const MARK_MS = 2_000;

const NONE: ReadonlySet<string> = new Set();

/** Each item's fingerprint (what a viewer would see change) by its key. */
export function fingerprints<T>(
  items: readonly T[],
  key: (item: T) => string,
  fingerprint: (item: T) => unknown,
): Map<string, string> {
  return new Map(items.map((item) => [key(item), JSON.stringify(fingerprint(item))]));
}

/** The keys of `after` that `before` lacks or printed differently. */
export function changedKeys(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): Set<string> {
  const changed = new Set<string>();
  for (const [key, print] of after) {
    if (before.get(key) !== print) changed.add(key);
  }
  return changed;
}

/**
 * True when `after` is mostly the items `before` held (at least half of them), as after a
 * refetch; false for a different list, such as another filter's. A list shown in steps or
 * pages keeps what it shows for the former and starts again for the latter.
 */
export function sameList(before: ReadonlySet<string>, after: readonly string[]): boolean {
  if (after.length === 0) return true;
  const kept = after.filter((key) => before.has(key)).length;
  return kept * 2 >= after.length;
}

/**
 * The keys of the items a live update changed, for {@link MARK_MS} after it landed (the
 * page gives those cards or rows a `live-changed` class), and a polite "Updated" for
 * screen readers when there were any. An answer is a live update when `changes` (the
 * page's LiveUpdatesService counter) moved since the previous answer, for the same `scope`
 * (the page's filters, when a new filter gives another list): first loads, the refresh
 * button and filter changes mark nothing. `items` must keep its reference while a reload
 * is in flight: give the answer's data (`RemoteState.data`) or a computed of it alone.
 * Holds one timer and the last answer's fingerprints, whatever the number of updates.
 * Call in an injection context.
 */
export function liveMarks<T>(
  changes: Signal<number>,
  items: () => readonly T[] | null,
  key: (item: T) => string,
  fingerprint: (item: T) => unknown,
  scope: () => unknown = () => null,
): Signal<ReadonlySet<string>> {
  const live = inject(LiveUpdatesService);
  const marked = signal<ReadonlySet<string>>(NONE);
  let before: ReadonlyMap<string, string> | null = null;
  let seenChanges = untracked(changes);
  let seenScope = untracked(scope);
  let timer: ReturnType<typeof setTimeout> | null = null;
  inject(DestroyRef).onDestroy(() => {
    if (timer) clearTimeout(timer);
  });

  effect(() => {
    const list = items();
    untracked(() => {
      const count = changes();
      const where = scope();
      if (!list) {
        before = null;
        return;
      }
      const after = fingerprints(list, key, fingerprint);
      const previous = before;
      const isLive = count !== seenChanges && Object.is(where, seenScope);
      const changed = previous && isLive ? changedKeys(previous, after) : NONE;
      before = after;
      seenChanges = count;
      seenScope = where;
      if (changed.size === 0) return;
      marked.set(changed);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        marked.set(NONE);
      }, MARK_MS);
      live.announceUpdate();
    });
  });
  return marked.asReadonly();
}
