import {
  ChangeDetectionStrategy,
  Component,
  computed,
  input,
  linkedSignal,
  output,
} from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatSortModule, Sort } from '@angular/material/sort';
import { MatTableModule } from '@angular/material/table';
import { RouterLink } from '@angular/router';
import type { Issue } from '@shared/board/entities';

import type { CsvColumn } from '../../ui/csv';
import { CsvDownloadComponent } from '../../ui/csv-download.component';
import { formatCoreHours, formatCount } from '../../ui/format';
import { sameList } from '../../ui/list-changes';
import { RelativeTimeComponent } from '../../ui/relative-time.component';
import { SortDirection } from '../../ui/sort';
import { AttentionBadgeComponent } from './attention-badge.component';
import { IssueSortKey } from './tasks-url-state';
import { columnLabel, issueKey, npcOf, stateLabel } from './task-board.view';

/** The list's export: the columns of the table, every issue of the list. */
const ISSUE_CSV_COLUMNS: CsvColumn<Issue>[] = [
  { header: $localize`:@@tasks.list.col.title:Title`, value: (i) => i.title },
  {
    header: $localize`:@@tasks.list.col.repository:Repository`,
    value: (i) => i.repository.full_name,
  },
  { header: $localize`:@@tasks.list.col.number:Number`, value: (i) => i.number },
  { header: $localize`:@@tasks.list.col.npc:NPC`, value: (i) => npcOf(i)?.username ?? null },
  { header: $localize`:@@tasks.list.col.state:State`, value: (i) => stateLabel(i.state) },
  { header: $localize`:@@tasks.list.col.column:Column`, value: (i) => columnLabel(i.column) },
  { header: $localize`:@@tasks.list.col.comments:Comments`, value: (i) => i.comment_count },
  {
    header: $localize`:@@tasks.list.col.coreHours:Core-hours`,
    value: (i) => i.runs?.core_hours ?? null,
  },
  { header: $localize`:@@tasks.list.col.created:Created`, value: (i) => i.created_at },
];

/** Rows rendered before "Show more". */
export const ROWS_PER_STEP = 100;

/** The list view: the same issues as the board, as a sortable table. */
@Component({
  selector: 'npc-issue-list',
  imports: [
    AttentionBadgeComponent,
    CsvDownloadComponent,
    MatButtonModule,
    MatSortModule,
    MatTableModule,
    RelativeTimeComponent,
    RouterLink,
  ],
  templateUrl: './issue-list.component.html',
  styleUrl: './issue-list.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class IssueListComponent {
  /** Already sorted by the page. */
  readonly issues = input.required<readonly Issue[]>();
  readonly sort = input.required<IssueSortKey>();
  readonly direction = input.required<SortDirection>();
  readonly sortChange = output<{ sort: IssueSortKey; dir: SortDirection }>();
  /** The keys of the rows a live update just changed, marked for a moment. */
  readonly changed = input<ReadonlySet<string>>(new Set());

  protected readonly columns = [
    'title',
    'repo',
    'number',
    'npc',
    'state',
    'column',
    'comments',
    'cost',
    'created',
  ];
  // Back to the first rows for a new order or another list (a filter); a reload of the
  // same list (a live update) keeps the rows shown, so the page does not fold up under
  // the reader.
  private readonly limit = linkedSignal<{ issues: readonly Issue[]; order: string }, number>({
    source: () => ({ issues: this.issues(), order: `${this.sort()} ${this.direction()}` }),
    computation: ({ issues, order }, previous) =>
      previous &&
      previous.source.order === order &&
      sameList(new Set(previous.source.issues.map(issueKey)), issues.map(issueKey))
        ? previous.value
        : ROWS_PER_STEP,
  });
  protected readonly rows = computed(() => this.issues().slice(0, this.limit()));
  protected readonly remaining = computed(() => this.issues().length - this.rows().length);

  protected readonly csvColumns = ISSUE_CSV_COLUMNS;
  protected readonly count = formatCount;
  protected readonly coreHours = formatCoreHours;
  protected readonly npcOf = npcOf;
  protected readonly columnLabel = columnLabel;
  protected readonly stateLabel = stateLabel;
  protected readonly key = (_: number, issue: Issue): string => issueKey(issue);
  protected readonly issueKey = issueKey;

  protected showMore(): void {
    this.limit.update((n) => n + ROWS_PER_STEP);
  }

  protected onSort(sort: Sort): void {
    // MatSort cycles back to "no order" on a third click; the list always has one.
    const dir: SortDirection = sort.direction === '' ? 'asc' : sort.direction;
    this.sortChange.emit({ sort: sort.active as IssueSortKey, dir });
  }
}
