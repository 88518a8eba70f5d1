import {
  ChangeDetectionStrategy,
  Component,
  DestroyRef,
  computed,
  inject,
  signal,
} from '@angular/core';

import { TimeZoneService } from '../core/time-zone.service';
import { formatClock } from '../ui/format';

const MINUTE_MS = 60_000;

/**
 * The wall display's clock in the top bar: `HH:MM` in the zone the times are shown in,
 * named beside it (the UTC switch's hover text is no use on a wall). It wakes once a
 * minute, just after the minute turns, with one timer at a time.
 */
@Component({
  selector: 'npc-wall-clock',
  template: `
    <time class="time" [attr.datetime]="iso()" [title]="zone()">{{ text() }}</time>
    <span class="zone">{{ zone() }}</span>
  `,
  styles: `
    @use '../ui/visually-hidden' as hidden;

    /* Where the bar is short of room the zone gives way first, cut short (the clock's
       hover text names it whole); the clock never (five tabular characters). */
    :host {
      display: inline-flex;
      flex: 0 1000 auto;
      min-width: 5ch;
      align-items: baseline;
      font: var(--mat-sys-title-large);
      gap: 6px;
      margin: 0 8px;
      color: var(--mat-sys-on-surface);
      white-space: nowrap;
    }
    .time {
      flex: none;
      font: var(--mat-sys-title-large);
      font-variant-numeric: tabular-nums;
    }
    .zone {
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-label-medium);
    }
    /* Beside the page links below a wide screen the zone is the clock's hover text and
       is read out, so the bar keeps its room. */
    @media (max-width: 1099.98px) {
      .zone {
        @include hidden.visually-hidden;
      }
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class WallClockComponent {
  private readonly timeZone = inject(TimeZoneService);
  private readonly now = signal(Date.now());
  private timer: ReturnType<typeof setTimeout> | null = null;

  protected readonly text = computed(() => formatClock(this.now()));
  protected readonly iso = computed(() => new Date(this.now()).toISOString());
  protected readonly zone = computed(() =>
    this.timeZone.utc() ? 'UTC' : this.timeZone.viewerZone(),
  );

  constructor() {
    // On a wall the zone's name is shown from the start.
    this.timeZone.nameZone();
    this.schedule();
    inject(DestroyRef).onDestroy(() => {
      if (this.timer) clearTimeout(this.timer);
    });
  }

  private schedule(): void {
    const now = Date.now();
    this.timer = setTimeout(
      () => {
        this.now.set(Date.now());
        this.schedule();
      },
      MINUTE_MS - (now % MINUTE_MS) + 50,
    );
  }
}
