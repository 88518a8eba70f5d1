import { DestroyRef, Injectable, inject, signal } from '@angular/core';

/** How often relative times ("3 min ago") are recomputed. */
const TICK_MS = 30_000;

/**
 * The current time as a signal, so relative times on screen age without a reload. One
 * timer for the whole app; tests replace the service to fix the time.
 */
@Injectable({ providedIn: 'root' })
export class ClockService {
  private readonly time = signal(Date.now());
  /** Epoch milliseconds, updated every 30 s. */
  readonly now = this.time.asReadonly();

  constructor() {
    const timer = setInterval(() => this.time.set(Date.now()), TICK_MS);
    inject(DestroyRef).onDestroy(() => clearInterval(timer));
  }
}
