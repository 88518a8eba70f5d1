import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute, Router } from '@angular/router';
import type { OutcomeWindow } from '@shared/board/outcomes';
import { TREND_WEEKS } from '@shared/board/outcomes';
import { map } from 'rxjs';

import { ApiService } from '../../core/api.service';
import { ClockService } from '../../core/clock.service';
import { DataFreshnessService } from '../../core/data-freshness.service';
import { LiveUpdatesService } from '../../core/live-updates.service';
import { remoteResource } from '../../core/remote-resource';
import { AppLink } from '../../ui/app-link';
import { CsvDownloadComponent } from '../../ui/csv-download.component';
import { EmptyStateComponent } from '../../ui/empty-state.component';
import { formatCount } from '../../ui/format';
import { ICON_IMPORTS } from '../../ui/icons';
import { liveMarks } from '../../ui/list-changes';
import { progressively } from '../../ui/progressive';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { Segment, SegmentedComponent } from '../../ui/segmented.component';
import { MeasuresLegendComponent } from './measures-legend.component';
import { MeasuresTableComponent } from './measures-table.component';
import { NpcFiguresComponent } from './npc-figures.component';
import { NpcPullsComponent } from './npc-pulls.component';
import { NpcTasksComponent } from './npc-tasks.component';
import { NpcTrendsComponent } from './npc-trends.component';
import { outcomeWindows, pendingNote, windowSince } from './npc-pages';
import {
  PULL_CSV_COLUMNS,
  TASK_CSV_COLUMNS,
  organizationHeader,
  orgRows,
  pullFigures,
  pullRows,
  repoRows,
  repositoryHeader,
  scopeCsvColumns,
  taskFigures,
  taskRows,
} from './npc.view';
import { measureCells, measureDefinitions, pendingLegend, pendingParts } from './outcome-measures';
import { parseWindow, windowQuery } from './npcs-url-state';
import { otherNpcHint, otherNpcNote } from './npcs.view';

/**
 * `/npcs/:handle`: one NPC's measures, per organization and repository, its open tasks,
 * its recent pull requests and its weekly trends (docs/rules.md#npc-outcomes).
 * Reloaded in place when issues or runs change; an NPC the board does not know is a
 * not-found state of its own.
 */
@Component({
  selector: 'npc-npc-page',
  imports: [
    AppLink,
    CsvDownloadComponent,
    EmptyStateComponent,
    LoadErrorComponent,
    MeasuresLegendComponent,
    MeasuresTableComponent,
    NpcFiguresComponent,
    NpcPullsComponent,
    NpcTasksComponent,
    NpcTrendsComponent,
    SegmentedComponent,
    ICON_IMPORTS,
  ],
  templateUrl: './npc.page.html',
  styleUrl: './npc.page.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class NpcPage {
  protected readonly windows: readonly Segment<OutcomeWindow>[] = outcomeWindows();
  private readonly api = inject(ApiService);
  private readonly route = inject(ActivatedRoute);
  private readonly router = inject(Router);
  private readonly clock = inject(ClockService);
  private readonly freshness = inject(DataFreshnessService);
  private readonly scope = this.freshness.scope();
  private readonly changes = inject(LiveUpdatesService).watch(['issues', 'runs']);

  protected readonly handle = toSignal(
    this.route.paramMap.pipe(map((params) => params.get('handle') ?? '')),
    { initialValue: this.route.snapshot.paramMap.get('handle') ?? '' },
  );
  protected readonly days = toSignal(this.route.queryParams.pipe(map(parseWindow)), {
    initialValue: parseWindow(this.route.snapshot.queryParams),
  });

  private readonly load = remoteResource(
    () => ({
      handle: this.handle(),
      days: this.days(),
      refresh: this.freshness.refreshes(),
      live: this.changes(),
    }),
    ({ handle, days }) =>
      this.api.npcDetail(handle, days).pipe(
        this.scope.track('npc'),
        map((answer) => answer.data),
      ),
  );
  protected readonly answer = this.load.state;
  /** An NPC the board has never seen: the page says so instead of an error. */
  protected readonly unknown = computed(() => this.answer().error?.status === 404);
  protected readonly pending = computed(() => pendingParts(this.scope.pending()));
  protected readonly pendingNote = computed(() => pendingNote(this.pending()));

  // The answer alone, which keeps its reference while a reload is in flight.
  private readonly data = computed(() => {
    const data = this.answer().data;
    // A reload for another NPC keeps the last answer until its own: not shown as this one.
    return data && data.npc === this.handle().toLowerCase() ? data : null;
  });
  protected readonly detail = this.data;
  protected readonly note = computed(() =>
    this.data()?.configured === false ? otherNpcNote() : null,
  );
  protected readonly otherHint = otherNpcHint();
  protected readonly since = computed(() => {
    const data = this.data();
    return data ? windowSince(data.days, data.since) : null;
  });

  protected readonly definitions = computed(() => measureDefinitions(this.days()));
  /** The headline figures: each measure of the NPC as a whole. */
  protected readonly figures = computed(() => {
    const data = this.data();
    if (!data) return null;
    const cells = measureCells(data.measures, this.pending());
    return this.definitions().map((definition) => ({ definition, cell: cells[definition.key] }));
  });
  protected readonly orgs = computed(() => {
    const data = this.data();
    return data ? orgRows(data, this.pending()) : [];
  });
  protected readonly repos = computed(() => {
    const data = this.data();
    return data ? repoRows(data, this.pending()) : [];
  });
  protected readonly tasks = computed(() => {
    const data = this.data();
    return data ? taskRows(data.tasks, this.clock.now()) : [];
  });
  protected readonly pulls = computed(() => {
    const data = this.data();
    return data ? pullRows(data.pulls, this.clock.now()) : [];
  });

  /**
   * The long lists rendered a few rows per task on their first answer (an NPC may work in
   * dozens of repositories), so a phone's main thread is never blocked building them.
   */
  protected readonly shownRepos = progressively(this.repos, { first: 10, step: 10 });
  protected readonly shownTasks = progressively(this.tasks, { first: 10, step: 10 });

  /** The rows a live update just changed. */
  protected readonly changedTasks = liveMarks(
    this.changes,
    this.tasks,
    (row) => row.key,
    taskFigures,
    computed(() => [this.handle(), this.days()].join()),
  );
  protected readonly changedPulls = liveMarks(
    this.changes,
    this.pulls,
    (row) => row.key,
    pullFigures,
    computed(() => [this.handle(), this.days()].join()),
  );

  protected readonly trendWeeks = TREND_WEEKS;
  protected readonly orgHeader = organizationHeader();
  protected readonly repoHeader = repositoryHeader();
  protected readonly orgCsv = scopeCsvColumns(this.orgHeader);
  protected readonly repoCsv = scopeCsvColumns(this.repoHeader);
  protected readonly taskCsv = TASK_CSV_COLUMNS;
  protected readonly pullCsv = PULL_CSV_COLUMNS;
  protected readonly legendMore = [{ term: '…', how: pendingLegend() }];
  protected readonly windowQuery = computed(() => windowQuery(this.days()));
  protected readonly count = formatCount;

  protected setDays(days: OutcomeWindow): void {
    void this.router.navigate([], {
      relativeTo: this.route,
      queryParams: windowQuery(days),
      queryParamsHandling: 'merge',
    });
  }

  protected retry(): void {
    this.load.reload();
  }
}
