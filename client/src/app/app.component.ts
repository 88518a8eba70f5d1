import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  computed,
  inject,
  viewChild,
} from '@angular/core';
import { RouterOutlet } from '@angular/router';

import { BoardMetaService } from './core/board-meta.service';
import { DataFreshnessService } from './core/data-freshness.service';
import { LiveUpdatesService } from './core/live-updates.service';
import { ApiBannerComponent } from './shell/api-banner.component';
import { DataStatusComponent } from './shell/data-status.component';
import { StaleBannerComponent } from './shell/stale-banner.component';
import { TopBarComponent } from './shell/top-bar.component';

/**
 * The frame of every page: skip link, top bar with the data age, the API and stale
 * banners, then the routed page, and the live region that says a live update landed.
 */
@Component({
  selector: 'npc-root',
  imports: [
    ApiBannerComponent,
    DataStatusComponent,
    RouterOutlet,
    StaleBannerComponent,
    TopBarComponent,
  ],
  templateUrl: './app.component.html',
  styleUrl: './app.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class AppComponent {
  private readonly boardMeta = inject(BoardMetaService);
  private readonly freshness = inject(DataFreshnessService);
  private readonly main = viewChild.required<ElementRef<HTMLElement>>('main');

  protected readonly metaError = this.boardMeta.error;
  protected readonly metaLoading = this.boardMeta.loading;
  protected readonly dataLoading = this.freshness.loading;
  protected readonly announcement = inject(LiveUpdatesService).announcement;
  /** When the oldest datum shown dates from, if any answer on the page was stale. */
  protected readonly staleSince = computed(() => {
    const summary = this.freshness.summary();
    return summary?.cache === 'STALE' ? summary.asOf : null;
  });
  /** Until when the platform call budget holds the stale data back; null: the platform failed. */
  protected readonly budgetUntil = computed(() => {
    const summary = this.freshness.summary();
    return summary?.cache === 'STALE' && summary.staleReason === 'budget'
      ? (summary.budgetUntil ?? null)
      : null;
  });

  constructor() {
    this.boardMeta.load();
  }

  protected reloadMeta(): void {
    this.boardMeta.load();
  }

  protected refreshData(): void {
    this.boardMeta.load();
    this.freshness.refresh();
  }

  // A button, not `href="#main"`: with `<base href>` set, a fragment link would resolve
  // against the base and leave the current page.
  protected skipToContent(): void {
    this.main().nativeElement.focus();
  }
}
