import { DestroyRef, Injectable, Signal, computed, inject, signal } from '@angular/core';
import type { Enrichment } from '@shared/board/entities';
import { MonoTypeOperatorFunction, defer, finalize, tap } from 'rxjs';

import { Fetched, Freshness } from './api.types';
import { combineFreshness } from './freshness';

/** A page's share of the shown data; see DataFreshnessService.scope. */
export interface FreshnessScope {
  /** Marks the request in flight, and records the answer's freshness under `key`. */
  track<T>(key: string): MonoTypeOperatorFunction<Fetched<T>>;
  /** Drops what was recorded under `key` (a closed dialog, a removed section). */
  forget(key: string): void;
  /** The enrichments the scope's latest answers are still waiting for. */
  readonly pending: Signal<ReadonlySet<Enrichment>>;
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
    const waiting = signal<ReadonlyMap<string, readonly Enrichment[]>>(new Map());
    const setWaiting = (key: string, pending: readonly Enrichment[] | null): void =>
      waiting.update((map) => {
        const next = new Map(map);
        if (pending?.length) next.set(key, pending);
        else next.delete(key);
        return next;
      });
    destroyRef.onDestroy(() => this.drop((key) => key.startsWith(prefix)));
    return {
      track:
        <T>(key: string): MonoTypeOperatorFunction<Fetched<T>> =>
        (source) =>
          defer(() => {
            // In flight until the first answer: the follow-ups of pending enrichments
            // fill in what is shown, they do not hold the page in a loading state.
            let inFlight = true;
            const settle = (): void => {
              if (!inFlight) return;
              inFlight = false;
              this.pending.update((n) => n - 1);
            };
            this.pending.update((n) => n + 1);
            return source.pipe(
              tap((answer) => {
                this.record(prefix + key, answer.freshness);
                setWaiting(key, answer.pending);
                settle();
              }),
              finalize(settle),
            );
          }),
      forget: (key) => {
        this.drop((k) => k === prefix + key);
        setWaiting(key, null);
      },
      pending: computed(() => new Set([...waiting().values()].flat())),
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
