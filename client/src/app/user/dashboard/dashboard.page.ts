import {
  ChangeDetectionStrategy,
  Component,
  Injector,
  afterNextRender,
  computed,
  effect,
  inject,
} from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { map, tap } from 'rxjs';

import { PAGE_HEADINGS } from '@shared/board/page-headings';

import { APP_LOCALE } from '../../core/locale';
import { ApiService } from '../../core/api.service';
import { BoardMetaService } from '../../core/board-meta.service';
import { ClockService } from '../../core/clock.service';
import { DataFreshnessService } from '../../core/data-freshness.service';
import { LiveUpdatesService } from '../../core/live-updates.service';
import { OrgNamesService } from '../../core/org-names.service';
import { remoteResource } from '../../core/remote-resource';
import { WallDisplayService } from '../../core/wall-display.service';
import { EmptyStateComponent } from '../../ui/empty-state.component';
import { formatCredits } from '../../ui/format';
import { ICON_IMPORTS } from '../../ui/icons';
import { liveMarks } from '../../ui/list-changes';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { progressively } from '../../ui/progressive';
import { WallSwitchComponent } from '../../ui/wall-switch.component';
import { consumptionChart } from '../charts/chart-options';
import { ChartThemeService } from '../charts/chart-theme.service';
import { LineChartComponent } from '../charts/line-chart.component';
import { OrgCardComponent } from './org-card.component';
import {
  TREND_DAYS,
  attentionFirst,
  cardFigures,
  consumptionSeries,
  orgCards,
} from './dashboard.view';

/** Mark set when the cards first show data; `bench/ui.bench.mjs` reads it. */
export const CARDS_READY_MARK = 'npc:dashboard-cards';

/** Skeleton cards shown before the board says how many organizations it covers. */
const DEFAULT_SKELETONS = 6;

/**
 * `/`: one card per organization, then the credit consumption trend. Both follow the
 * change stream; on a wall display (`?wall=1`) the organizations needing attention come
 * first.
 */
@Component({
  selector: 'npc-dashboard-page',
  imports: [
    EmptyStateComponent,
    LineChartComponent,
    LoadErrorComponent,
    MatButtonModule,
    ICON_IMPORTS,
    OrgCardComponent,
    WallSwitchComponent,
  ],
  templateUrl: './dashboard.page.html',
  styleUrl: './dashboard.page.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class DashboardPage {
  protected readonly heading = PAGE_HEADINGS[APP_LOCALE][''];
  private readonly api = inject(ApiService);
  private readonly meta = inject(BoardMetaService).meta;
  private readonly clock = inject(ClockService);
  private readonly freshness = inject(DataFreshnessService);
  private readonly scope = this.freshness.scope();
  private readonly chartTheme = inject(ChartThemeService).theme;
  private readonly orgNames = inject(OrgNamesService);
  private readonly liveUpdates = inject(LiveUpdatesService);
  /** Changes to what the cards count: issues, repositories, balances. */
  private readonly orgChanges = this.liveUpdates.watch(['issues', 'repos', 'balances']);
  private readonly balanceChanges = this.liveUpdates.watch(['balances']);
  protected readonly wall = inject(WallDisplayService).active;

  private readonly orgsLoad = remoteResource(
    () => [this.freshness.refreshes(), this.orgChanges()],
    () =>
      this.api.orgs().pipe(
        this.scope.track('orgs'),
        map((answer) => answer.data),
        tap((orgs) => this.orgNames.remember(orgs)),
      ),
  );
  protected readonly orgs = this.orgsLoad.state;

  private readonly trendLoad = remoteResource(
    () => [this.freshness.refreshes(), this.balanceChanges()],
    () =>
      this.api.creditHistory(TREND_DAYS).pipe(
        this.scope.track('history'),
        map((answer) => answer.data),
      ),
  );
  protected readonly trend = this.trendLoad.state;

  /** What each organization's NPC runs are doing; the cards show "…" until it is known. */
  private readonly runChanges = this.liveUpdates.watch(['runs', 'issues']);
  private readonly runsLoad = remoteResource(
    () => [this.freshness.refreshes(), this.runChanges()],
    () =>
      this.api.runFigures(TREND_DAYS).pipe(
        this.scope.track('runs'),
        map((answer) => answer.data),
      ),
  );
  protected readonly runsByOrg = computed(
    () => new Map((this.runsLoad.state().data?.orgs ?? []).map((org) => [org.org, org])),
  );

  protected readonly threshold = computed(() => this.meta()?.credit_alert_threshold ?? null);
  // The answer alone: the cards keep their objects while a reload is in flight.
  private readonly orgData = computed(() => this.orgs().data);
  protected readonly cards = computed(() => {
    const orgs = this.orgData();
    if (!orgs) return null;
    const cards = orgCards(orgs, this.threshold());
    return this.wall() ? attentionFirst(cards) : cards;
  });
  /** The cards whose figures a live update just changed. */
  protected readonly changed = liveMarks(
    this.orgChanges,
    this.cards,
    (card) => card.slug,
    cardFigures,
  );
  /** The cards rendered so far: the first row at once, the rest a few per task. */
  protected readonly shownCards = progressively(this.cards, { first: 4, step: 3 });
  protected readonly skeletons = computed(() => {
    const covered = this.meta()?.covered_orgs;
    return covered?.length ? covered : Array.from({ length: DEFAULT_SKELETONS }, () => '');
  });

  protected readonly trendDays = TREND_DAYS;
  protected readonly series = computed(() => {
    const snapshots = this.trend().data;
    if (!snapshots) return null;
    const orgs = this.orgs().data ?? [];
    const slugs = orgs.length
      ? orgs.map((o) => o.slug)
      : (this.meta()?.covered_orgs ?? [...new Set(snapshots.map((s) => s.org_slug))]);
    const names = new Map(orgs.map((o) => [o.slug, o.name || o.slug]));
    return consumptionSeries(slugs, names, snapshots, new Date(this.clock.now()));
  });
  protected readonly chart = computed(() => {
    const series = this.series();
    return series ? consumptionChart(series, this.chartTheme()) : null;
  });
  protected readonly trendIsEmpty = computed(
    () => this.series()?.every((s) => s.days.every((d) => d.spent === 0)) ?? false,
  );

  protected readonly credits = formatCredits;

  constructor() {
    const injector = inject(Injector);
    let marked = false;
    effect(() => {
      if (marked || !this.cards()) return;
      marked = true;
      // Optional call: jsdom and very old browsers have no User Timing API.
      afterNextRender(() => globalThis.performance?.mark?.(CARDS_READY_MARK), { injector });
    });
  }

  protected retryOrgs(): void {
    this.orgsLoad.reload();
  }

  protected retryTrend(): void {
    this.trendLoad.reload();
  }
}
