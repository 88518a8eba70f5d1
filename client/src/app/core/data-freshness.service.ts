import { DestroyRef, Injectable, computed, inject, signal } from '@angular/core';
import { MonoTypeOperatorFunction, defer, finalize, tap } from 'rxjs';

import { Fetched, Freshness } from './api.types';
import { combineFreshness } from './freshness';

/** A page's share of the shown data; see DataFreshnessService.scope. */
export interface FreshnessScope {
  /** Marks the request in flight, and records the answer's freshness under `key`. */
  track<T>(key: string): MonoTypeOperatorFunction<Fetched<T>>;
  /** Drops what was recorded under `key` (a closed dialog, a removed section). */
  forget(key: string): void;
}

/**
 * How old the data on screen is, for the top bar's "data as of …" and the stale
 * notice. Each page opens a scope; what it records disappears when the page is
 * destroyed, so the figure always describes the page in view. Also carries the
 * refresh requests of the top bar's button.
 */
@Injectable({ providedIn: 'root' })
export class DataFreshnessService {
  private readonly entries = signal<ReadonlyMap<string, Freshness>>(new Map());
  private readonly pending = signal(0);
  private readonly refreshCount = signal(0);
  private scopes = 0;

  /** Oldest datum shown and whether any answer was stale; null before any answer. */
  readonly summary = computed(() => combineFreshness([...this.entries().values()]));
  /** True while any tracked request is in flight. */
  readonly loading = computed(() => this.pending() > 0);
  /** Increases on every refresh request; pages reload when it changes. */
  readonly refreshes = this.refreshCount.asReadonly();

  /** Asks every page in view to load its data again. */
  refresh(): void {
    this.refreshCount.update((n) => n + 1);
  }

  /** Opens a scope that closes with the caller's DestroyRef (call in an injection context). */
  scope(destroyRef: DestroyRef = inject(DestroyRef)): FreshnessScope {
    const prefix = `${++this.scopes}:`;
    destroyRef.onDestroy(() => this.drop((key) => key.startsWith(prefix)));
    return {
      track:
        <T>(key: string): MonoTypeOperatorFunction<Fetched<T>> =>
        (source) =>
          defer(() => {
            this.pending.update((n) => n + 1);
            return source.pipe(
              tap((answer) => this.record(prefix + key, answer.freshness)),
              finalize(() => this.pending.update((n) => n - 1)),
            );
          }),
      forget: (key) => this.drop((k) => k === prefix + key),
    };
  }

  private record(key: string, freshness: Freshness): void {
    this.entries.update((map) => new Map(map).set(key, freshness));
  }

  private drop(match: (key: string) => boolean): void {
    const kept = [...this.entries()].filter(([key]) => !match(key));
    if (kept.length !== this.entries().size) this.entries.set(new Map(kept));
  }
}
