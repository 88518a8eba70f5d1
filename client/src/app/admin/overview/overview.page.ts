import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute, Router } from '@angular/router';
import { MIN_PERCENTILE_SAMPLE } from '@shared/board/admin';
import { forkJoin, map } from 'rxjs';

import { DataFreshnessService } from '../../core/data-freshness.service';
import { LiveUpdatesService } from '../../core/live-updates.service';
import { OrgNamesService } from '../../core/org-names.service';
import { remoteResource } from '../../core/remote-resource';
import { AppLink } from '../../ui/app-link';
import { CsvDownloadComponent } from '../../ui/csv-download.component';
import { EmptyStateComponent } from '../../ui/empty-state.component';
import { formatCount } from '../../ui/format';
import { ICON_IMPORTS } from '../../ui/icons';
import { liveMarks } from '../../ui/list-changes';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { barChartHeight, rankingChart } from '../../user/charts/bar-chart-options';
import { ChartPoint } from '../../user/charts/chart-click';
import { BarChartComponent } from '../../user/charts/bar-chart.component';
import { ChartThemeService } from '../../user/charts/chart-theme.service';
import { Segment, SegmentedComponent } from '../../ui/segmented.component';
import { AdminApiService } from '../admin-api.service';
import { FigureCardComponent } from './figure-card.component';
import { OverviewRunsComponent } from './npc-runs.component';
import {
  ACTIVITY_TOP,
  CREDIT_RANK_CSV_COLUMNS,
  NPC_CSV_COLUMNS,
  OverviewDays,
  activityItems,
  activityUnavailableText,
  creditRankRows,
  figureCards,
  formatConsumed,
  npcColumnHelp,
  npcStuckQuery,
  npcWorkRows,
  parseDays,
  perTaskText,
  pullSampleText,
} from './overview.view';

/**
 * `/admin/dashboard`: how the NPCs perform (docs/rules.md#admin-overview-figures).
 * Both windows are loaded in parallel: the completion cards show 7 and 30 days side by
 * side, and the window switch (in the URL as `days`) picks the one for response times and
 * the rankings. Both reload in place when issues, balances or alerts change.
 */
@Component({
  selector: 'npc-admin-overview-page',
  imports: [
    BarChartComponent,
    CsvDownloadComponent,
    EmptyStateComponent,
    FigureCardComponent,
    LoadErrorComponent,
    OverviewRunsComponent,
    SegmentedComponent,
    ICON_IMPORTS,
    AppLink,
  ],
  templateUrl: './overview.page.html',
  styleUrl: './overview.page.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class OverviewPage {
  private readonly adminApi = inject(AdminApiService);
  private readonly route = inject(ActivatedRoute);
  private readonly router = inject(Router);
  private readonly orgNames = inject(OrgNamesService);
  private readonly chartTheme = inject(ChartThemeService).theme;
  private readonly freshness = inject(DataFreshnessService);
  private readonly overviewChanges = inject(LiveUpdatesService).watch([
    'issues',
    'runs',
    'balances',
    'alerts',
  ]);
  protected readonly windows: readonly Segment<OverviewDays>[] = [
    { value: 7, label: $localize`:@@admin.overview.window.week:7 days` },
    { value: 30, label: $localize`:@@admin.overview.window.month:30 days` },
  ];

  protected readonly days = toSignal(
    this.route.queryParamMap.pipe(map((params) => parseDays(params.get('days')))),
    { initialValue: parseDays(this.route.snapshot.queryParamMap.get('days')) },
  );

  private readonly overviewsLoad = remoteResource(
    () => [this.freshness.refreshes(), this.overviewChanges()],
    () => forkJoin({ week: this.adminApi.overview(7), month: this.adminApi.overview(30) }),
  );
  protected readonly overviews = this.overviewsLoad.state;

  // The answer alone: what is built from it keeps its objects while a reload is in flight.
  private readonly data = computed(() => this.overviews().data);
  /** The overview of the chosen window. */
  protected readonly current = computed(() => {
    const data = this.data();
    return data ? (this.days() === 7 ? data.week : data.month) : null;
  });
  protected readonly cards = computed(() => {
    const data = this.data();
    const current = this.current();
    return data && current ? figureCards(data.week, data.month, current) : null;
  });
  private readonly npcRows = computed(() => {
    const current = this.current();
    return current ? npcWorkRows(current) : null;
  });
  protected readonly rows = computed(() => this.npcRows() ?? []);
  /** The figures and rows a live update just changed. */
  protected readonly changedFigures = liveMarks(
    this.overviewChanges,
    this.cards,
    (card) => card.key,
    (card) => [card.value, card.detail, card.sample],
    this.days,
  );
  protected readonly changedNpcs = liveMarks(
    this.overviewChanges,
    this.npcRows,
    (row) => row.npc,
    (row) => [
      row.pickupP50,
      row.pickupP95,
      row.cycleP50,
      row.cycleP95,
      row.wip,
      row.stuck,
      row.completed,
      row.mergeRate,
      row.autonomy,
      row.costPerPull,
    ],
    this.days,
  );
  protected readonly changedOrgs = liveMarks(
    this.overviewChanges,
    computed(() => this.current()?.credit_ranking ?? null),
    (rank) => rank.org_slug,
    (rank) => [rank.consumed, rank.credits_per_task, rank.tasks_completed],
    this.days,
  );
  protected readonly help = computed(() => npcColumnHelp(this.days()));
  /** From this many samples a percentile is a number, shown with its n. */
  protected readonly minSample = MIN_PERCENTILE_SAMPLE;
  protected readonly credits = computed(() => {
    const current = this.current();
    return current ? creditRankRows(current, this.orgNames.names()) : [];
  });
  protected readonly activity = computed(() => {
    const current = this.current();
    return current ? activityItems(current) : [];
  });
  protected readonly chartHeight = barChartHeight;
  protected readonly creditChart = computed(() =>
    rankingChart(
      this.credits().map((r) => ({ label: r.name, value: r.consumed })),
      $localize`:@@admin.overview.credits.unit:credits`,
      formatConsumed,
      this.chartTheme(),
    ),
  );
  protected readonly activityChart = computed(() =>
    rankingChart(
      this.activity(),
      $localize`:@@admin.overview.activity.unit:commits`,
      formatCount,
      this.chartTheme(),
    ),
  );
  protected readonly unavailable = computed(() => {
    const current = this.current();
    return current ? activityUnavailableText(current) : null;
  });

  protected readonly columns = [
    'npc',
    'pickup_p50',
    'pickup_p95',
    'cycle_p50',
    'cycle_p95',
    'wip',
    'stuck',
    'completed',
    'merge_rate',
    'autonomy',
    'cost_per_merged_pull',
  ];
  protected readonly npcCsv = NPC_CSV_COLUMNS;
  protected readonly creditCsv = CREDIT_RANK_CSV_COLUMNS;
  protected readonly stuckQuery = npcStuckQuery;
  protected readonly perTask = perTaskText;
  protected readonly activityTop = ACTIVITY_TOP;
  protected readonly count = formatCount;
  protected readonly pullSample = pullSampleText;
  protected readonly consumed = formatConsumed;

  constructor() {
    this.orgNames.ensureLoaded();
  }

  protected setDays(days: OverviewDays): void {
    void this.router.navigate([], {
      relativeTo: this.route,
      queryParams: { days: days === 7 ? null : days },
      queryParamsHandling: 'merge',
    });
  }

  /** A bar of the credit ranking opens that organization's tasks. */
  protected openCreditBar(point: ChartPoint): void {
    const row = this.credits()[point.index];
    if (row) void this.router.navigate(['/tasks'], { queryParams: { org: row.slug } });
  }

  /** A bar of the activity ranking opens that repository's issues. */
  protected openActivityBar(point: ChartPoint): void {
    const item = this.activity()[point.index];
    if (item) void this.router.navigate(['/tasks'], { queryParams: { repository: item.label } });
  }

  /** The accessible name of an NPC's link to its stuck tasks. */
  protected stuckLabel(npc: string, stuck: number): string {
    return $localize`:@@admin.overview.npc.stuckLink:${npc}:npc:: its stuck tasks (${formatCount(stuck)}:count:)`;
  }

  protected retry(): void {
    this.overviewsLoad.reload();
  }
}
