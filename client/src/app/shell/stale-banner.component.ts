import { ChangeDetectionStrategy, Component, computed, inject, input, output } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';

import { ClockService } from '../core/clock.service';
import { formatDate, formatDateTime } from '../ui/format';
import { ICON_IMPORTS } from '../ui/icons';

/**
 * Shown when the board answered from its stale copy (`X-Cache: STALE`): the platform did
 * not answer, so the figures are older than usual, and the reader must know it.
 */
@Component({
  selector: 'npc-stale-banner',
  imports: [MatButtonModule, ICON_IMPORTS],
  template: `
    <div class="banner" role="status">
      <mat-icon aria-hidden="true" svgIcon="history" />
      <p class="text">
        <strong>Stale data.</strong>
        The platform did not answer; showing data from {{ when() }}.
      </p>
      <button mat-button type="button" [disabled]="retrying()" (click)="retry.emit()">
        {{ retrying() ? 'Retrying…' : 'Retry' }}
      </button>
    </div>
  `,
  styleUrl: './api-banner.component.scss',
  styles: `
    .banner {
      background: var(--npc-alert-yellow-container);
      color: var(--npc-alert-on-yellow-container);
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class StaleBannerComponent {
  private readonly clock = inject(ClockService);

  /** When the oldest datum shown was fetched (epoch ms). */
  readonly asOf = input.required<number>();
  readonly retrying = input(false);
  readonly retry = output<void>();

  // Today's data needs only the time; older data needs the date to be read correctly.
  protected readonly when = computed(() => {
    const text = formatDateTime(this.asOf());
    return formatDate(this.asOf()) === formatDate(this.clock.now()) ? text.slice(11) : text;
  });
}
