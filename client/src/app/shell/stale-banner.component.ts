import { ChangeDetectionStrategy, Component, computed, inject, input, output } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';

import { ClockService } from '../core/clock.service';
import { formatDate, formatDateTime } from '../ui/format';
import { ICON_IMPORTS } from '../ui/icons';

/**
 * Shown when the board answered from its stale copy (`X-Cache: STALE`): the figures are
 * older than usual, and the reader must know it and why. Either the platform did not
 * answer, or the board's own budget of platform calls is spent until a given time
 * (`budgetUntil`, from `X-Budget-Until`), when it asks again by itself.
 */
@Component({
  selector: 'npc-stale-banner',
  imports: [MatButtonModule, ICON_IMPORTS],
  template: `
    <div class="banner" role="status">
      <npc-icon aria-hidden="true" name="history" />
      <p class="text">
        <!-- The heading is part of each sentence: its spacing differs between languages. -->
        @if (until(); as until) {
          <ng-container i18n="@@shell.stale.budget"
            ><strong>Stale data.</strong> The call budget to the platform is spent until
            {{ until }}; showing data from {{ when() }}.</ng-container
          >
        } @else {
          <ng-container i18n="@@shell.stale.platform"
            ><strong>Stale data.</strong> The platform did not answer; showing data from
            {{ when() }}.</ng-container
          >
        }
      </p>
      <button mat-button type="button" [disabled]="retrying()" (click)="retry.emit()">
        @if (retrying()) {
          <ng-container i18n="@@ui.retrying">Retrying…</ng-container>
        } @else {
          <ng-container i18n="@@ui.retry">Retry</ng-container>
        }
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
  /** When the spent call budget admits calls again (epoch ms); null: the platform failed. */
  readonly budgetUntil = input<number | null>(null);
  readonly retrying = input(false);
  readonly retry = output<void>();

  protected readonly when = computed(() => this.timeOf(this.asOf()));
  protected readonly until = computed(() => {
    const until = this.budgetUntil();
    return until === null ? null : this.timeOf(until);
  });

  // A time of today needs only the hour; another day's needs the date to be read correctly.
  private timeOf(time: number): string {
    const text = formatDateTime(time);
    return formatDate(time) === formatDate(this.clock.now()) ? text.slice(11) : text;
  }
}
