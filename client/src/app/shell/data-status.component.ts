import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';

import { BoardMetaService } from '../core/board-meta.service';
import { ClockService } from '../core/clock.service';
import { DataFreshnessService } from '../core/data-freshness.service';
import { LiveUpdatesService } from '../core/live-updates.service';
import { WallDisplayService } from '../core/wall-display.service';
import { formatClock, formatDateTime, formatInterval, relativeTime, shortAge } from '../ui/format';
import { ICON_IMPORTS } from '../ui/icons';

/**
 * The top bar's "data as of …" and refresh button (docs/app.md#the-app). The age
 * is that of the oldest datum on the page in view, from the answers' `Age` headers. On a
 * page that follows the change stream, a marker before it says whether the page is live,
 * or that it refreshes on a timer while the stream is down. The marker stands left of the
 * age, so its changes move nothing else in the bar.
 */
@Component({
  selector: 'npc-data-status',
  imports: [ICON_IMPORTS],
  template: `
    @if (liveShown()) {
      <span
        class="live"
        [attr.data-live]="live()"
        [attr.title]="
          wall()
            ? null
            : live() === 'down'
              ? pausedText()
              : live() === 'reconnecting'
                ? reconnectingText
                : null
        "
      >
        @if (live() === 'down') {
          <npc-icon aria-hidden="true" name="pause_circle" />
          <span class="live-long">{{ pausedText() }}</span>
          <span
            class="live-short live-word"
            aria-hidden="true"
            i18n="@@shell.dataStatus.pausedShort"
            >Paused</span
          >
        } @else if (live() === 'reconnecting') {
          <span class="dot" aria-hidden="true"></span>
          <span class="live-long">{{ reconnectingText }}</span>
        } @else {
          <span class="dot" aria-hidden="true"></span>
          <span class="live-word" aria-hidden="true" i18n="@@shell.dataStatus.live">Live</span>
          <span class="visually-hidden" i18n="@@shell.dataStatus.liveState">{live(), select,
            live {Live updates on}
            other {Connecting to live updates}
          }</span>
        }
      </span>
    }
    @if (asOf(); as time) {
      <span class="age" [attr.title]="ageHint()">
        <span class="long">
          @if (wall()) {
            <ng-container i18n="@@shell.dataStatus.asOfWithClock"
              >Data as of {{ relative() }}
              <span data-age-time>({{ clockTime() }})</span></ng-container
            >
          } @else {
            <ng-container i18n="@@shell.dataStatus.asOf">Data as of {{ relative() }}</ng-container>
          }
        </span>
        <span class="short" aria-hidden="true">{{ short() }}</span>
      </span>
    }
    <button
      type="button"
      class="bar-button icon-only refresh"
      [disabled]="loading()"
      [attr.aria-label]="loading() ? refreshingLabel : refreshLabel"
      [title]="refreshLabel"
      (click)="refresh()"
    >
      <npc-icon [class.spinning]="loading()" name="refresh" />
    </button>
  `,
  styles: `
    @use '../ui/visually-hidden' as hidden;

    :host {
      display: inline-flex;
      align-items: center;
      gap: 2px;
      min-width: 0;
    }
    /* Cut short rather than drawn over its neighbours when the bar is short of room. */
    .age {
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-body-medium);
      white-space: nowrap;
    }
    .short,
    .live-short {
      display: none;
    }
    .live {
      display: inline-flex;
      flex: none;
      align-items: center;
      gap: 6px;
      margin-right: 10px;
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-label-medium);
      white-space: nowrap;
    }
    .live npc-icon {
      width: 16px;
      height: 16px;
    }
    .dot {
      width: 8px;
      height: 8px;
      border-radius: 50%;
      background: var(--mat-sys-primary);
    }
    /* Connecting: the same marker, hollow, so the bar does not change when it is live. */
    [data-live='connecting'] .dot,
    [data-live='reconnecting'] .dot {
      box-sizing: border-box;
      border: 1.5px solid currentColor;
      background: none;
    }
    [data-live='live'] {
      color: var(--mat-sys-on-surface);
    }
    /* Below a wide screen the paused marker is a word, and beside the page links (from 720
       to 1280 px) the marker is its icon alone; the whole sentence is still read out, and
       is the marker's hover text. A wall shows it whole. */
    @media (max-width: 1279.98px) {
      :host-context(html:not(.npc-wall)) .live-long {
        @include hidden.visually-hidden;
      }
      :host-context(html:not(.npc-wall)) .live-short {
        display: inline;
      }
    }
    @media (min-width: 720px) and (max-width: 1279.98px) {
      :host-context(html:not(.npc-wall)) .live-word {
        display: none;
      }
    }
    @media (max-width: 719.98px) {
      .long {
        @include hidden.visually-hidden;
      }
      .short {
        display: inline;
      }
      .live {
        margin-right: 6px;
        gap: 4px;
      }
    }
    /* Beside the page links, up to a wide screen, the age is short as on a phone, so the
       links keep their room; a wall's too (its clock beside it tells the time). */
    @media (min-width: 720px) and (max-width: 1099.98px) {
      .long {
        @include hidden.visually-hidden;
      }
      .short {
        display: inline;
      }
    }
    /* A wall narrower than a large screen leaves the age's clock time out (the wall clock
       beside it tells the hour); it is still read out. */
    @media (max-width: 1439.98px) {
      [data-age-time] {
        @include hidden.visually-hidden;
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
  private readonly liveUpdates = inject(LiveUpdatesService);

  protected readonly loading = this.freshness.loading;
  protected readonly wall = inject(WallDisplayService).active;
  protected readonly asOf = computed(() => this.freshness.summary()?.asOf ?? null);
  protected readonly relative = computed(() => relativeTime(this.asOf() ?? 0, this.clock.now()));
  protected readonly short = computed(() => shortAge(this.asOf() ?? 0, this.clock.now()));
  /** The exact time of the oldest datum, on hover (a wall shows its clock time instead). */
  protected readonly ageHint = computed(() => {
    if (this.wall()) return null;
    const exact = formatDateTime(this.asOf() ?? 0);
    return $localize`:@@shell.dataStatus.oldest:Oldest data on this page: ${exact}:time:`;
  });
  protected readonly clockTime = computed(() => formatClock(this.asOf() ?? 0));

  protected readonly liveShown = this.liveUpdates.active;
  protected readonly live = this.liveUpdates.status;
  /** Said beside the marker on a wide screen, its hover text on a narrower one. */
  protected readonly reconnectingText = $localize`:@@shell.dataStatus.reconnecting:Reconnecting…`;
  protected readonly pausedText = computed(() => {
    const interval = formatInterval(this.liveUpdates.fallbackSeconds());
    return $localize`:@@shell.dataStatus.paused:Live updates paused; refreshing every ${interval}:interval:`;
  });
  protected readonly refreshLabel = $localize`:@@shell.dataStatus.refresh:Refresh data`;
  protected readonly refreshingLabel = $localize`:@@shell.dataStatus.refreshing:Refreshing data`;

  /** Reloads the page's data and the board settings (an admin may have changed the threshold). */
  protected refresh(): void {
    this.boardMeta.load();
    this.freshness.refresh();
  }
}
