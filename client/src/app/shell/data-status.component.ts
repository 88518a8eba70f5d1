import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';

import { BoardMetaService } from '../core/board-meta.service';
import { ClockService } from '../core/clock.service';
import { DataFreshnessService } from '../core/data-freshness.service';
import { formatDateTime, relativeTime, shortAge } from '../ui/format';
import { ICON_IMPORTS } from '../ui/icons';

/**
 * The top bar's "data as of …" and refresh button (docs/architecture.md#the-app). The age
 * is that of the oldest datum on the page in view, from the answers' `Age` headers.
 */
@Component({
  selector: 'npc-data-status',
  imports: [ICON_IMPORTS],
  template: `
    @if (asOf(); as time) {
      <span class="age" [attr.title]="'Oldest data on this page: ' + exact()">
        <span class="long">Data as of {{ relative() }}</span>
        <span class="short" aria-hidden="true">{{ short() }}</span>
      </span>
    }
    <button
      type="button"
      class="bar-button icon-only refresh"
      [disabled]="loading()"
      [attr.aria-label]="loading() ? 'Refreshing data' : 'Refresh data'"
      title="Refresh data"
      (click)="refresh()"
    >
      <npc-icon [class.spinning]="loading()" name="refresh" />
    </button>
  `,
  styles: `
    :host {
      display: inline-flex;
      align-items: center;
      gap: 2px;
      min-width: 0;
    }
    .age {
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-body-medium);
      white-space: nowrap;
    }
    .short {
      display: none;
    }
    @media (max-width: 719.98px) {
      .long {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
      }
      .short {
        display: inline;
      }
    }
    .spinning {
      animation: spin 1s linear infinite;
    }
    @keyframes spin {
      to {
        transform: rotate(360deg);
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .spinning {
        animation: none;
        opacity: 0.5;
      }
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DataStatusComponent {
  private readonly freshness = inject(DataFreshnessService);
  private readonly boardMeta = inject(BoardMetaService);
  private readonly clock = inject(ClockService);

  protected readonly loading = this.freshness.loading;
  protected readonly asOf = computed(() => this.freshness.summary()?.asOf ?? null);
  protected readonly relative = computed(() => relativeTime(this.asOf() ?? 0, this.clock.now()));
  protected readonly short = computed(() => shortAge(this.asOf() ?? 0, this.clock.now()));
  protected readonly exact = computed(() => formatDateTime(this.asOf() ?? 0));

  /** Reloads the page's data and the board settings (an admin may have changed the threshold). */
  protected refresh(): void {
    this.boardMeta.load();
    this.freshness.refresh();
  }
}
