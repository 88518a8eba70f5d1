import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute, Router } from '@angular/router';
import type { OutcomeWindow } from '@shared/board/outcomes';
import { map } from 'rxjs';

import { ApiService } from '../../core/api.service';
import { DataFreshnessService } from '../../core/data-freshness.service';
import { LiveUpdatesService } from '../../core/live-updates.service';
import { remoteResource } from '../../core/remote-resource';
import { CsvDownloadComponent } from '../../ui/csv-download.component';
import { EmptyStateComponent } from '../../ui/empty-state.component';
import { formatCount } from '../../ui/format';
import { liveMarks } from '../../ui/list-changes';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { Segment, SegmentedComponent } from '../../ui/segmented.component';
import { nextSort } from '../../ui/sort';
import { MeasuresLegendComponent } from './measures-legend.component';
import { MeasuresTableComponent } from './measures-table.component';
import { NPCS_HEADING, outcomeWindows, pendingNote, windowSince } from './npc-pages';
import { measureDefinitions, pendingLegend, pendingParts } from './outcome-measures';
import { NpcSortKey, NpcsUrlState, npcsQueryParams, parseNpcsState } from './npcs-url-state';
import {
  npcCsvColumns,
  npcHeader,
  npcRows,
  scorecardFigures,
  sortMeasureRows,
  trendHeader,
  trendHow,
} from './npcs.view';

/**
 * `/npcs`: what each NPC delivers over 7 or 30 days, one row per NPC
 * (docs/rules.md#npc-outcomes). Core first: the tasks' measures come at once, the
 * pull requests' and the runs' fill in as the board reads them. Reloaded in place when
 * issues or runs change.
 */
@Component({
  selector: 'npc-npcs-page',
  imports: [
    CsvDownloadComponent,
    EmptyStateComponent,
    LoadErrorComponent,
    MeasuresLegendComponent,
    MeasuresTableComponent,
    SegmentedComponent,
  ],
  templateUrl: './npcs.page.html',
  styleUrl: './npcs.page.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class NpcsPage {
  protected readonly heading = NPCS_HEADING;
  protected readonly windows: readonly Segment<OutcomeWindow>[] = outcomeWindows();
  private readonly api = inject(ApiService);
  private readonly route = inject(ActivatedRoute);
  private readonly router = inject(Router);
  private readonly freshness = inject(DataFreshnessService);
  private readonly scope = this.freshness.scope();
  private readonly changes = inject(LiveUpdatesService).watch(['issues', 'runs']);

  protected readonly url = toSignal(this.route.queryParams.pipe(map(parseNpcsState)), {
    initialValue: parseNpcsState(this.route.snapshot.queryParams),
  });
  private readonly days = computed(() => this.url().days);

  private readonly load = remoteResource(
    () => ({ days: this.days(), refresh: this.freshness.refreshes(), live: this.changes() }),
    ({ days }) =>
      this.api.npcScorecards(days).pipe(
        this.scope.track('npcs'),
        map((answer) => answer.data),
      ),
  );
  protected readonly answer = this.load.state;
  /** What the board is still reading: those cells show "…" until it has. */
  protected readonly pending = computed(() => pendingParts(this.scope.pending()));
  protected readonly pendingNote = computed(() => pendingNote(this.pending()));

  // The answer alone, which keeps its reference while a reload is in flight.
  private readonly data = computed(() => this.answer().data);
  protected readonly rows = computed(() => {
    const data = this.data();
    if (!data) return null;
    const url = this.url();
    return sortMeasureRows(npcRows(data, this.pending(), data.days), url.sort, url.dir);
  });
  /** The rows whose figures a live update just changed. */
  protected readonly changed = liveMarks(
    this.changes,
    computed(() => this.data()?.npcs ?? null),
    (card) => card.npc,
    scorecardFigures,
    this.days,
  );

  protected readonly since = computed(() => {
    const data = this.data();
    return data ? windowSince(data.days, data.since) : null;
  });
  protected readonly definitions = computed(() => measureDefinitions(this.days()));
  protected readonly legendMore = [
    { term: trendHeader(), how: trendHow() },
    { term: '…', how: pendingLegend() },
  ];
  protected readonly csvColumns = computed(() => npcCsvColumns(this.data()?.npcs[0]?.weeks ?? []));
  protected readonly npcHeader = npcHeader();
  protected readonly count = formatCount;

  protected setDays(days: OutcomeWindow): void {
    this.navigate({ ...this.url(), days });
  }

  protected sortBy(key: NpcSortKey): void {
    const url = this.url();
    // From the board's own order (no sort), any column starts ascending.
    const next =
      url.sort === null
        ? { sort: key, dir: 'asc' as const }
        : nextSort({ ...url, sort: url.sort }, key);
    this.navigate({ ...url, ...next });
  }

  protected retry(): void {
    this.load.reload();
  }

  private navigate(state: NpcsUrlState): void {
    void this.router.navigate([], {
      relativeTo: this.route,
      queryParams: npcsQueryParams(state),
      queryParamsHandling: 'merge',
    });
  }
}
