import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';

import { ClockService } from '../core/clock.service';
import { WallDisplayService } from '../core/wall-display.service';
import { formatDateTime, formatOtherZone, relativeTime } from './format';

/** What a relative time shows: its machine-readable form, its text and its hover text. */
export interface ShownTime {
  iso: string;
  text: string;
  hover: string;
}

/**
 * A time in the `relative` mode of `npc-relative-time`, as data: for long lists, which
 * print it in a plain `<time>` element rather than one component per cell. Reads the
 * viewer's zone choice, so a computed that calls it follows the switch.
 */
export function shownRelativeTime(time: string | Date | number, now: number): ShownTime {
  const exact = formatDateTime(time);
  return {
    iso: new Date(time).toISOString(),
    text: relativeTime(time, now),
    hover: exact.endsWith(' UTC')
      ? `${exact} · ${formatOtherZone(time)}`
      : $localize`:@@ui.time.localHover:${exact}:exact: local time · ${formatOtherZone(time)}:other:`,
  };
}

/**
 * A time as people glance at it. `relative` (the default) reads "3 days ago" with the
 * exact time on hover, in the viewer's zone and in UTC; `exact` reads the exact time with
 * the relative one beside it, and the time in the other zone on hover. The exact time is
 * in the viewer's zone, or in UTC when they chose UTC in the top bar. On a wall display,
 * where nobody hovers, the relative mode writes the exact time beside the relative one.
 */
@Component({
  selector: 'npc-relative-time',
  template: `<time [attr.datetime]="iso()" [attr.title]="hover()">{{ text() }}</time>`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class RelativeTimeComponent {
  private readonly clock = inject(ClockService);
  private readonly wall = inject(WallDisplayService).active;

  /** An RFC 3339 time, a Date or epoch milliseconds. */
  readonly time = input.required<string | Date | number>();
  readonly mode = input<'relative' | 'exact'>('relative');

  protected readonly iso = computed(() => new Date(this.time()).toISOString());
  protected readonly text = computed(() => {
    const relative = relativeTime(this.time(), this.clock.now());
    if (this.mode() === 'exact') {
      const exact = formatDateTime(this.time());
      return $localize`:@@ui.time.exactWithRelative:${exact}:exact: (${relative}:relative:)`;
    }
    return this.wall() ? `${relative} · ${formatDateTime(this.time())}` : relative;
  });
  protected readonly hover = computed(() => {
    const time = this.time();
    if (this.mode() === 'exact') return formatOtherZone(time);
    return shownRelativeTime(time, this.clock.now()).hover;
  });
}
