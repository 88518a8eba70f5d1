import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  Injector,
  afterNextRender,
  computed,
  effect,
  inject,
} from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute, Router } from '@angular/router';
import { catchError, forkJoin, map, of } from 'rxjs';

import { PAGE_HEADINGS } from '@shared/board/page-headings';

import { APP_LOCALE } from '../../core/locale';
import { ApiService } from '../../core/api.service';
import { BoardMetaService } from '../../core/board-meta.service';
import { ClockService } from '../../core/clock.service';
import { DataFreshnessService } from '../../core/data-freshness.service';
import { LiveUpdatesService } from '../../core/live-updates.service';
import { OrgNamesService } from '../../core/org-names.service';
import { remoteResource } from '../../core/remote-resource';
import { asApiError } from '../../core/remote-state';
import { AppLink } from '../../ui/app-link';
import { CsvDownloadComponent } from '../../ui/csv-download.component';
import { EmptyStateComponent } from '../../ui/empty-state.component';
import { formatCredits, formatRate } from '../../ui/format';
import { ICON_IMPORTS } from '../../ui/icons';
import { liveMarks } from '../../ui/list-changes';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { LowBalanceBadgeComponent } from '../../ui/low-balance-badge.component';
import { progressively } from '../../ui/progressive';
import { nextSort } from '../../ui/sort';
import { SortHeaderComponent } from '../../ui/sort-header.component';
import { ChartPoint } from '../charts/chart-click';
import { balanceChart } from '../charts/chart-options';
import { Segment, SegmentedComponent } from '../../ui/segmented.component';
import { ChartThemeService } from '../charts/chart-theme.service';
import { LineChartComponent } from '../charts/line-chart.component';
import { CreditsUrlState, creditsQueryParams, parseCreditsState } from './credits-url-state';
import {
  CreditAnswer,
  CreditSortKey,
  avgPerDayHeader,
  balanceHeader,
  balanceSeries,
  bandText,
  costPerTaskHeader,
  costPerTaskText,
  creditCsvColumns,
  creditFigures,
  creditRows,
  forecastText,
  organizationHeader,
  runsCell,
  runsHeader,
  runsLegend,
  runsOutHeader,
  runwayLegend,
  runwayText,
  sortCreditRows,
} from './credits.view';

const DAY_MS = 86_400_000;

/**
 * `/credits`: balances, consumption and forecast per organization, and their history,
 * reloaded in place when balances or issues (the cost per task) change.
 */
@Component({
  selector: 'npc-credits-page',
  imports: [
    CsvDownloadComponent,
    EmptyStateComponent,
    LineChartComponent,
    LoadErrorComponent,
    LowBalanceBadgeComponent,
    SegmentedComponent,
    ICON_IMPORTS,
    AppLink,
    SortHeaderComponent,
  ],
  templateUrl: './credits.page.html',
  styleUrl: './credits.page.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class CreditsPage {
  protected readonly heading = PAGE_HEADINGS[APP_LOCALE].credits;
  protected readonly windows: readonly Segment<7 | 30>[] = [
    { value: 7, label: $localize`:@@credits.window.days7:7 days` },
    { value: 30, label: $localize`:@@credits.window.days30:30 days` },
  ];
  private readonly api = inject(ApiService);
  private readonly route = inject(ActivatedRoute);
  private readonly router = inject(Router);
  private readonly boardMeta = inject(BoardMetaService);
  private readonly orgNames = inject(OrgNamesService);
  private readonly clock = inject(ClockService);
  private readonly chartTheme = inject(ChartThemeService).theme;
  private readonly freshness = inject(DataFreshnessService);
  private readonly scope = this.freshness.scope();
  private readonly creditChanges = inject(LiveUpdatesService).watch(['balances', 'issues']);

  protected readonly url = toSignal(this.route.queryParams.pipe(map(parseCreditsState)), {
    initialValue: parseCreditsState(this.route.snapshot.queryParams),
  });
  protected readonly metaError = this.boardMeta.error;
  protected readonly threshold = computed(
    () => this.boardMeta.meta()?.credit_alert_threshold ?? null,
  );

  private readonly slugs = computed(() => this.boardMeta.meta()?.covered_orgs ?? null, {
    equal: (a, b) => a?.join() === b?.join(),
  });
  private readonly days = computed(() => this.url().days);

  private readonly answersLoad = remoteResource(
    () => {
      const slugs = this.slugs();
      // Nothing to load before `api/meta` names the organizations.
      if (slugs === null) return undefined;
      return {
        slugs,
        days: this.days(),
        refresh: this.freshness.refreshes(),
        live: this.creditChanges(),
      };
    },
    ({ slugs, days }) =>
      slugs.length === 0
        ? of<CreditAnswer[]>([])
        : forkJoin(
            slugs.map((slug) =>
              this.api.orgCredits(slug, days).pipe(
                this.scope.track(`credits:${slug}`),
                map((answer): CreditAnswer => ({ slug, credits: answer.data })),
                // One organization failing shows on its row, not as a broken page.
                catchError((error: unknown) =>
                  of<CreditAnswer>({ slug, error: asApiError(error) }),
                ),
              ),
            ),
          ),
  );
  protected readonly answers = this.answersLoad.state;

  /** The organizations' NPC runs over the window, beside their credits. */
  private readonly runChanges = inject(LiveUpdatesService).watch(['runs', 'issues']);
  private readonly runsLoad = remoteResource(
    () => ({ days: this.days(), refresh: this.freshness.refreshes(), live: this.runChanges() }),
    ({ days }) =>
      this.api.runFigures(days).pipe(
        this.scope.track('runs'),
        map((answer) => answer.data),
      ),
  );
  protected readonly runsByOrg = computed(
    () => new Map((this.runsLoad.state().data?.orgs ?? []).map((org) => [org.org, org])),
  );
  protected readonly runsLabel = computed(() => runsHeader(this.url().days));

  /** The rows whose figures a live update just changed. */
  protected readonly changed = liveMarks(
    this.creditChanges,
    computed(() => this.answers().data),
    (answer) => answer.slug,
    creditFigures,
    this.days,
  );

  protected readonly rows = computed(() => {
    const answers = this.answers().data;
    if (!answers) return null;
    const rows = creditRows(answers, this.orgNames.names(), this.threshold());
    return sortCreditRows(rows, this.url().sort, this.url().dir);
  });
  protected readonly allFailed = computed(() => {
    const rows = this.rows();
    return rows !== null && rows.length > 0 && rows.every((r) => r.error !== null);
  });
  /** The chart's lines, by name; a click on one leads to that organization's tasks. */
  private readonly series = computed(() => {
    const rows = this.rows();
    return rows ? balanceSeries([...rows].sort((a, b) => a.name.localeCompare(b.name))) : [];
  });
  protected readonly chart = computed(() => {
    const rows = this.rows();
    const threshold = this.threshold();
    if (!rows || threshold === null) return null;
    const series = this.series();
    if (series.every((s) => s.snapshots.length === 0)) return null;
    const now = this.clock.now();
    return balanceChart(
      series,
      threshold,
      { from: now - this.url().days * DAY_MS, to: now },
      this.chartTheme(),
    );
  });

  /** The average column's name for the window. */
  protected readonly avgLabel = computed(() => avgPerDayHeader(this.url().days));
  /** The sortable columns; the cost per task is not one. */
  protected readonly sortColumns = computed(
    (): readonly { key: CreditSortKey; label: string; num: boolean }[] => [
      { key: 'name', label: organizationHeader(), num: false },
      { key: 'balance', label: balanceHeader(), num: true },
      { key: 'avg', label: this.avgLabel(), num: true },
      { key: 'runs_out', label: runsOutHeader(), num: false },
    ],
  );
  protected readonly costLabel = costPerTaskHeader();
  protected readonly csvColumns = computed(() => creditCsvColumns(this.url().days));
  protected readonly legend = [...runwayLegend(7), runsLegend()];
  protected readonly runsCell = runsCell;
  protected readonly bandText = bandText;
  protected readonly runwayText = runwayText;
  /** The rows rendered so far: a screenful at once, the rest a few per task. */
  protected readonly shownRows = progressively(this.rows, { first: 5, step: 3 });
  protected readonly costText = costPerTaskText;
  protected readonly credits = formatCredits;
  protected readonly rate = formatRate;
  protected readonly forecastText = forecastText;

  constructor() {
    this.orgNames.ensureLoaded();
    // A dashboard card links to its organization's row: bring it into view once.
    const host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement;
    const injector = inject(Injector);
    let scrolled = false;
    effect(() => {
      const org = this.url().org;
      if (scrolled || !org || !this.rows() || this.shownRows.filling()) return;
      scrolled = true;
      afterNextRender(
        () =>
          host
            .querySelector(`tr[data-org="${CSS.escape(org)}"]`)
            ?.scrollIntoView({ block: 'center' }),
        { injector },
      );
    });
  }

  protected setDays(days: 7 | 30): void {
    this.navigate({ ...this.url(), days });
  }

  protected sortBy(key: CreditSortKey): void {
    this.navigate({ ...this.url(), ...nextSort(this.url(), key) });
  }

  /** A point of an organization's balance line opens that organization's tasks. */
  protected openSeries(point: ChartPoint): void {
    const slug = this.series()[point.datasetIndex]?.key;
    if (slug) void this.router.navigate(['/tasks'], { queryParams: { org: slug } });
  }

  protected retry(): void {
    if (this.metaError()) this.boardMeta.load();
    this.answersLoad.reload();
  }

  private navigate(state: CreditsUrlState): void {
    void this.router.navigate([], {
      relativeTo: this.route,
      queryParams: creditsQueryParams(state),
      queryParamsHandling: 'merge',
    });
  }
}
