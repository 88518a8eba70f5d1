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

/** A list shown a few items per task while it fills, and whether it is still filling. */
export interface SteppedList<T> {
  readonly items: Signal<readonly T[] | null>;
  readonly filling: Signal<boolean>;
}

/**
 * The first non-empty answer of `source` shown `perTask` items at a time, each step in a
 * task of its own, so a long list does not block the main thread in one go on a first
 * visit; later answers (a sort, a filter, a refresh) show at once. Counted as pending
 * work while it fills, so the app is not reported stable before the list is complete.
 * Call it in an injection context (a field of a component).
 */
export function renderInSteps<T>(
  source: Signal<readonly T[] | null>,
  perTask: number,
): SteppedList<T> {
  const pendingTasks = inject(PendingTasks);
  const limit = signal(Infinity);
  let started = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let done: (() => void) | null = null;

  const stop = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    limit.set(Infinity);
    done?.();
    done = null;
  };
  const step = (): void => {
    const length = untracked(source)?.length ?? 0;
    if (limit() + perTask >= length) return stop();
    limit.update((n) => n + perTask);
    timer = setTimeout(step);
  };

  effect(() => {
    const items = source();
    if (started || !items) return;
    started = true;
    if (items.length <= perTask) return;
    untracked(() => {
      done = pendingTasks.add();
      limit.set(perTask);
      timer = setTimeout(step);
    });
  });
  inject(DestroyRef).onDestroy(stop);

  return {
    items: computed(() => {
      const items = source();
      const shown = limit();
      return items && shown < items.length ? items.slice(0, shown) : items;
    }),
    filling: computed(() => limit() !== Infinity),
  };
}
