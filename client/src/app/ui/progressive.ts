import {
  DestroyRef,
  PendingTasks,
  Signal,
  computed,
  effect,
  inject,
  signal,
  untracked,
} from '@angular/core';

/** A list shown a few items at a time on its first rendering. */
export interface ProgressiveList<T> {
  /** The items to render: a growing prefix while filling, then all; null without data. */
  readonly items: Signal<readonly T[] | null>;
  /** True while items are still being added; a busy region's `aria-busy`. */
  readonly filling: Signal<boolean>;
  /**
   * The items not rendered yet (empty once complete), for placeholders that keep the list
   * at its final size while it fills, so what follows it does not move.
   */
  readonly rest: Signal<readonly T[]>;
}

/**
 * Renders a list's first answer in steps: `first` items at once, then `step` more in each
 * later task, so no single task builds the whole list and a phone's main thread answers
 * input in between (one task creating 50 table rows blocks it for hundreds of
 * milliseconds on a slow phone). Later answers (a refresh, a new order, a filter) are
 * shown whole: the page is up by then and the user asked for them. The fill counts as
 * pending work, so the app is not reported stable before the list is complete. Call in
 * an injection context.
 */
export function progressively<T>(
  source: () => readonly T[] | null,
  { first, step }: { first: number; step: number },
): ProgressiveList<T> {
  const pendingTasks = inject(PendingTasks);
  // How many items render; Infinity once the first fill is over.
  const shown = signal(first);
  let started = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let done: (() => void) | null = null;

  const stop = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    done?.();
    done = null;
  };
  inject(DestroyRef).onDestroy(stop);

  const next = (): void => {
    timer = null;
    const length = untracked(source)?.length ?? 0;
    const count = untracked(shown) + step;
    if (count >= length) {
      shown.set(Infinity);
      stop();
      return;
    }
    shown.set(count);
    timer = setTimeout(next);
  };

  effect(() => {
    const items = source();
    if (!items || started) return;
    started = true;
    if (items.length <= first) {
      untracked(() => shown.set(Infinity));
      return;
    }
    done = pendingTasks.add();
    timer = setTimeout(next);
  });

  return {
    items: computed(() => {
      const items = source();
      const count = shown();
      return items && count < items.length ? items.slice(0, count) : items;
    }),
    filling: computed(() => shown() < (source()?.length ?? 0)),
    rest: computed(() => {
      const items = source();
      const count = shown();
      return items && count < items.length ? items.slice(count) : [];
    }),
  };
}
