import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';

import { ClockService } from '../core/clock.service';
import { formatDateTime, formatUtc, relativeTime } from './format';

/**
 * A time as people glance at it. `relative` (the default) reads "3 days ago" with the
 * exact local and UTC times on hover; `exact` reads the local time with the relative one
 * beside it, and the UTC time on hover.
 */
@Component({
  selector: 'npc-relative-time',
  template: `<time [attr.datetime]="iso()" [attr.title]="hover()">{{ text() }}</time>`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class RelativeTimeComponent {
  private readonly clock = inject(ClockService);

  /** An RFC 3339 time, a Date or epoch milliseconds. */
  readonly time = input.required<string | Date | number>();
  readonly mode = input<'relative' | 'exact'>('relative');

  protected readonly iso = computed(() => new Date(this.time()).toISOString());
  protected readonly text = computed(() => {
    const relative = relativeTime(this.time(), this.clock.now());
    return this.mode() === 'exact' ? `${formatDateTime(this.time())} (${relative})` : relative;
  });
  protected readonly hover = computed(() =>
    this.mode() === 'exact'
      ? formatUtc(this.time())
      : `${formatDateTime(this.time())} local time · ${formatUtc(this.time())}`,
  );
}
