import { ChangeDetectionStrategy, Component, DestroyRef, computed, inject } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute, Router } from '@angular/router';
import { map } from 'rxjs';

import { PAGE_HEADINGS } from '@shared/board/page-headings';

import { APP_LOCALE } from '../../core/locale';
import { coveredRepos } from '../../core/covered-repos';
import { BoardMetaService } from '../../core/board-meta.service';
import { ClockService } from '../../core/clock.service';
import { DataFreshnessService } from '../../core/data-freshness.service';
import { LiveUpdatesService } from '../../core/live-updates.service';
import { OrgNamesService } from '../../core/org-names.service';
import { AppLink } from '../../ui/app-link';
import { CsvDownloadComponent } from '../../ui/csv-download.component';
import { EmptyStateComponent } from '../../ui/empty-state.component';
import { formatCount } from '../../ui/format';
import { ICON_IMPORTS } from '../../ui/icons';
import { liveMarks } from '../../ui/list-changes';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { progressively } from '../../ui/progressive';
import { nextSort } from '../../ui/sort';
import { SortHeaderComponent } from '../../ui/sort-header.component';
import { ShownTime, shownRelativeTime } from '../../ui/relative-time.component';
import { RepoFiltersComponent, ReposChange } from './repo-filters.component';
import {
  HEALTH_LABEL,
  HEALTH_TEXT,
  NPC_MARKS,
  REPO_CSV_COLUMNS,
  REPO_SORT_COLUMNS,
  RepoRow,
  RepoSortKey,
  ReposUrlState,
  filterRepos,
  hasRepoFilters,
  parseReposState,
  repoFigures,
  repoIssuesQuery,
  repoRows,
  reposQueryParams,
  sortRepos,
} from './repos.view';

/** A row's times as its cells show them. */
interface RowTimes {
  commit: ShownTime;
  human: ShownTime | null;
  npc: ShownTime | null;
}

/** Typing pauses this long before the search reaches the URL. */
const SEARCH_DEBOUNCE_MS = 200;

/**
 * `/repos`: every repository with how long ago it last saw a commit, reloaded in place
 * when repositories or issues (the open counts) change.
 */
@Component({
  selector: 'npc-repos-page',
  imports: [
    CsvDownloadComponent,
    EmptyStateComponent,
    LoadErrorComponent,
    RepoFiltersComponent,
    ICON_IMPORTS,
    AppLink,
    SortHeaderComponent,
  ],
  templateUrl: './repos.page.html',
  styleUrl: './repos.page.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class ReposPage {
  protected readonly heading = PAGE_HEADINGS[APP_LOCALE].repos;
  private readonly route = inject(ActivatedRoute);
  private readonly router = inject(Router);
  private readonly boardMeta = inject(BoardMetaService);
  private readonly orgNames = inject(OrgNamesService);
  private readonly clock = inject(ClockService);
  private readonly freshness = inject(DataFreshnessService);
  private readonly scope = this.freshness.scope();
  /** The board is still reading some repositories' commits: their times show as counting. */
  protected readonly commitsPending = computed(() => this.scope.pending().has('commits'));
  private searchTimer: ReturnType<typeof setTimeout> | undefined;

  protected readonly url = toSignal(this.route.queryParams.pipe(map(parseReposState)), {
    initialValue: parseReposState(this.route.snapshot.queryParams),
  });
  protected readonly metaError = this.boardMeta.error;
  private readonly repoChanges = inject(LiveUpdatesService).watch(['repos', 'issues']);
  private readonly reposLoad = coveredRepos(this.scope, this.repoChanges);
  protected readonly answers = this.reposLoad.state;
  // The answer alone, which keeps its reference while a reload is in flight.
  private readonly answerData = computed(() => this.answers().data);
  /** The rows whose repository a live update just changed. */
  protected readonly changed = liveMarks(
    this.repoChanges,
    computed(() => this.answerData()?.flatMap((a) => ('repos' in a ? a.repos : [])) ?? null),
    (repo) => repo.full_name,
    repoFigures,
  );

  private readonly allRows = computed(() => {
    const answers = this.answers().data;
    if (!answers) return null;
    const repos = answers.flatMap((a) => ('repos' in a ? a.repos : []));
    return repoRows(repos, this.orgNames.names(), new Date(this.clock.now()));
  });
  /**
   * Each row's three times as shown, by repository: plain `<time>` elements in the cells
   * instead of 150 `npc-relative-time` components, which made the table's first
   * rendering a long task on a phone.
   */
  protected readonly times = computed(() => {
    const now = this.clock.now();
    const times = new Map<string, RowTimes>();
    for (const row of this.allRows() ?? []) {
      times.set(row.fullName, {
        commit: shownRelativeTime(row.lastCommitAt, now),
        human: row.lastHumanAt ? shownRelativeTime(row.lastHumanAt, now) : null,
        npc: row.lastNpcAt ? shownRelativeTime(row.lastNpcAt, now) : null,
      });
    }
    return times;
  });
  protected readonly failures = computed(() =>
    (this.answers().data ?? []).flatMap((a) => ('error' in a ? [a] : [])),
  );
  protected readonly rows = computed(() => {
    const rows = this.allRows();
    if (!rows) return null;
    const url = this.url();
    return sortRepos(filterRepos(rows, url), url.sort, url.dir);
  });
  /**
   * The rows the table renders: the first answer a few rows per task, so building 50 rows
   * never blocks a phone's main thread in one go; later orders and filters at once.
   */
  protected readonly shownRows = progressively(this.rows, { first: 8, step: 4 });
  protected readonly orgOptions = computed(() =>
    (this.boardMeta.meta()?.covered_orgs ?? []).map((slug) => ({
      slug,
      name: this.orgNames.nameOf(slug),
    })),
  );

  protected readonly filtered = computed(() => hasRepoFilters(this.url()));

  protected readonly sortColumns = REPO_SORT_COLUMNS;
  protected readonly csvColumns = REPO_CSV_COLUMNS;
  protected readonly marks = NPC_MARKS;
  protected readonly healthLabel = HEALTH_LABEL;
  protected readonly issuesQuery = repoIssuesQuery;
  protected readonly count = formatCount;

  constructor() {
    this.orgNames.ensureLoaded();
    inject(DestroyRef).onDestroy(() => clearTimeout(this.searchTimer));
  }

  /** The issue count's link name: the count and where it leads. */
  protected issuesLabel(row: RepoRow): string {
    const count = formatCount(row.openIssues);
    const repository = row.fullName;
    return $localize`:@@repos.issuesLink:${count}:count: open issues: the issues of ${repository}:repository:`;
  }

  protected healthTitle(row: RepoRow): string {
    return HEALTH_TEXT[row.health];
  }

  protected change(change: ReposChange): void {
    this.navigate({ ...this.url(), ...change });
  }

  protected search(q: string): void {
    clearTimeout(this.searchTimer);
    this.searchTimer = setTimeout(
      () => this.navigate({ ...this.url(), q }, true),
      SEARCH_DEBOUNCE_MS,
    );
  }

  /** A column header's button: that column ascending, or the other way if it is the sorted one. */
  protected sortBy(key: RepoSortKey): void {
    this.navigate({ ...this.url(), ...nextSort(this.url(), key) });
  }

  protected clearFilters(): void {
    this.navigate({ ...this.url(), org: null, q: '', npcOnly: false, npcDormant: false });
  }

  protected retry(): void {
    if (this.metaError()) this.boardMeta.load();
    this.reposLoad.reload();
  }

  // Typing replaces the history entry instead of adding one per keystroke.
  private navigate(state: ReposUrlState, replaceUrl = false): void {
    void this.router.navigate([], {
      relativeTo: this.route,
      queryParams: reposQueryParams(state),
      queryParamsHandling: 'merge',
      replaceUrl,
    });
  }
}
