import {
  ChangeDetectionStrategy,
  Component,
  DestroyRef,
  PendingTasks,
  computed,
  effect,
  inject,
  signal,
  untracked,
} from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { MatButtonModule } from '@angular/material/button';
import { MatDialog, MatDialogRef } from '@angular/material/dialog';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { ActivatedRoute, Router } from '@angular/router';
import { map, tap } from 'rxjs';

import { PAGE_HEADINGS } from '@shared/board/page-headings';

import { APP_LOCALE } from '../../core/locale';
import { ApiService } from '../../core/api.service';
import { BoardMetaService } from '../../core/board-meta.service';
import { DataFreshnessService } from '../../core/data-freshness.service';
import { LiveUpdatesService } from '../../core/live-updates.service';
import { OrgNamesService } from '../../core/org-names.service';
import { remoteResource } from '../../core/remote-resource';
import { EmptyStateComponent } from '../../ui/empty-state.component';
import { liveMarks } from '../../ui/list-changes';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { SortDirection } from '../../ui/sort';
import { WallSwitchComponent } from '../../ui/wall-switch.component';
import { AttentionLaneComponent } from './attention-lane.component';
import { IssueBoardComponent } from './issue-board.component';
import { NpcLanesComponent } from './npc-lanes.component';
import type { IssueDialogData } from './issue-dialog.component';
import { IssueListComponent } from './issue-list.component';
import { TaskFiltersComponent, TasksChange } from './task-filters.component';
import { issueFigures, issueKey, npcOptions, npcUsernames, sortIssues } from './task-board.view';
import {
  IssueSortKey,
  TasksUrlState,
  hasFilters,
  parseTasksState,
  tasksQueryParams,
  withoutFilters,
} from './tasks-url-state';

/**
 * `/tasks`: NPC issues of the covered organizations as a board or a list. Filters, view,
 * list order and the open issue all live in the URL, so every view can be shared and
 * survives a reload; the page only reads the URL and writes changes back to it. It follows
 * the change stream for the organization it is filtered to, reloading in place: the
 * cards keep their DOM nodes (tracked by issue), so scroll position, focus and the open
 * dialog stay.
 */
@Component({
  selector: 'npc-tasks-page',
  imports: [
    AttentionLaneComponent,
    EmptyStateComponent,
    IssueBoardComponent,
    NpcLanesComponent,
    IssueListComponent,
    LoadErrorComponent,
    MatButtonModule,
    MatProgressBarModule,
    TaskFiltersComponent,
    WallSwitchComponent,
  ],
  templateUrl: './tasks.page.html',
  styleUrl: './tasks.page.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class TasksPage {
  protected readonly heading = PAGE_HEADINGS[APP_LOCALE].tasks;
  private readonly api = inject(ApiService);
  private readonly route = inject(ActivatedRoute);
  private readonly router = inject(Router);
  private readonly dialog = inject(MatDialog);
  private readonly meta = inject(BoardMetaService).meta;
  private readonly orgNames = inject(OrgNamesService);
  private readonly freshness = inject(DataFreshnessService);
  private readonly scope = this.freshness.scope();
  /** The board is still reading the conversations attention is judged from. */
  protected readonly attentionPending = computed(() => this.scope.pending().has('attention'));
  private readonly seenNpcs = signal<ReadonlySet<string>>(new Set());

  protected readonly url = toSignal(this.route.queryParams.pipe(map(parseTasksState)), {
    initialValue: parseTasksState(this.route.snapshot.queryParams),
  });

  // Only the filters reach the API; view, order and dialog changes must not reload.
  private readonly filters = computed(
    () => {
      const { org, npc, state, attention, repository } = this.url();
      return { org, npc, state, attention, repository };
    },
    {
      equal: (a, b) =>
        a.org === b.org &&
        a.npc === b.npc &&
        a.state === b.state &&
        a.attention === b.attention &&
        a.repository === b.repository,
    },
  );

  /** Changes to the issues of the organization filtered to (of every one without a filter). */
  private readonly issueChanges = inject(LiveUpdatesService).watch(['issues', 'runs'], () => {
    const { org, repository } = this.filters();
    return org ?? repository?.split('/')[0] ?? null;
  });

  private readonly issuesLoad = remoteResource(
    () => ({
      filters: this.filters(),
      refresh: this.freshness.refreshes(),
      live: this.issueChanges(),
    }),
    ({ filters }) =>
      this.api
        .npcIssues({
          org: filters.org ?? undefined,
          npc_handle: filters.npc ?? undefined,
          state: filters.state ?? undefined,
          attention: filters.attention ?? undefined,
          repo: filters.repository ?? undefined,
        })
        .pipe(
          this.scope.track('issues'),
          map((answer) => answer.data),
          tap((issues) => {
            const seen = new Set([...this.seenNpcs(), ...npcUsernames(issues)]);
            if (seen.size !== this.seenNpcs().size) this.seenNpcs.set(seen);
          }),
        ),
  );
  /** The loaded issues; with *Running now* on, those with an NPC run going (not reloaded). */
  private readonly loaded = this.issuesLoad.state;
  private readonly runningOnly = computed(() => this.url().running);
  protected readonly issues = computed(() => {
    const state = this.loaded();
    if (!this.runningOnly() || state.data === null) return state;
    return { ...state, data: state.data.filter((issue) => issue.runs?.running) };
  });
  /** How many of the loaded issues have a run going now. */
  protected readonly runningCount = computed(
    () => this.loaded().data?.filter((issue) => issue.runs?.running).length ?? 0,
  );

  /** The cards and rows whose issue a live update just changed. */
  protected readonly changed = liveMarks(
    this.issueChanges,
    computed(() => this.issues().data),
    issueKey,
    issueFigures,
    this.filters,
  );

  protected readonly orgOptions = computed(() => {
    const covered = this.meta()?.covered_orgs ?? [];
    const current = this.url().org;
    const slugs = current && !covered.includes(current) ? [...covered, current] : covered;
    return slugs.map((slug) => ({ slug, name: this.orgNames.nameOf(slug) }));
  });
  protected readonly npcHandles = computed(() => this.meta()?.npc_handles ?? []);
  protected readonly npcOptions = computed(() => {
    const seen = new Set(this.seenNpcs());
    const current = this.url().npc;
    if (current) seen.add(current);
    return npcOptions(this.meta()?.npc_handles ?? [], seen);
  });
  // Only the order re-sorts: opening a dialog changes the URL too, and a new array would
  // fold the list back to its first rows.
  private readonly order = computed(
    () => {
      const { sort, dir } = this.url();
      return { sort, dir };
    },
    { equal: (a, b) => a.sort === b.sort && a.dir === b.dir },
  );
  protected readonly sorted = computed(() => {
    const issues = this.issues().data;
    const { sort, dir } = this.order();
    return issues ? sortIssues(issues, sort, dir) : null;
  });
  protected readonly filtered = computed(() => hasFilters(this.url()));

  private openDialog: { key: string; ref: MatDialogRef<unknown> } | null = null;
  /** The issue the URL names, while its dialog's code may still be loading. */
  private wantedDialog: string | null = null;
  private destroyed = false;
  private readonly pendingTasks = inject(PendingTasks);

  constructor() {
    inject(DestroyRef).onDestroy(() => (this.destroyed = true));
    this.orgNames.ensureLoaded();
    effect(() => {
      const { repo, issue } = this.url();
      untracked(() => this.syncDialog(repo && issue ? { repo, number: issue } : null));
    });
  }

  protected update(change: TasksChange): void {
    this.navigate({ ...this.url(), ...change });
  }

  protected sortBy(change: { sort: IssueSortKey; dir: SortDirection }): void {
    this.navigate({ ...this.url(), ...change });
  }

  protected clearFilters(): void {
    this.navigate(withoutFilters(this.url()));
  }

  protected retry(): void {
    this.issuesLoad.reload();
  }

  private navigate(state: TasksUrlState): void {
    void this.router.navigate([], {
      relativeTo: this.route,
      queryParams: tasksQueryParams(state),
      queryParamsHandling: 'merge',
    });
  }

  /**
   * Makes the dialog match the URL: open the issue it names, close any other. The dialog's
   * code (with the Markdown renderer) loads on first use, not with the board.
   */
  private syncDialog(target: IssueDialogData | null): void {
    const key = target ? `${target.repo}#${target.number}` : null;
    this.wantedDialog = key;
    if (this.openDialog?.key === key) return;
    if (this.openDialog) {
      const closing = this.openDialog;
      this.openDialog = null;
      closing.ref.close();
    }
    if (!target || !key) return;
    // Pending work, so the app is not reported stable while the dialog's code loads.
    void this.pendingTasks.run(async () => {
      const { IssueDialogComponent } = await import('./issue-dialog.component');
      // The URL may have moved on while the code loaded.
      if (this.destroyed || this.wantedDialog !== key || this.openDialog) return;
      const ref = this.dialog.open(IssueDialogComponent, {
        data: target,
        width: '760px',
        maxWidth: 'calc(100vw - 24px)',
        maxHeight: 'calc(100vh - 24px)',
        autoFocus: 'dialog',
      });
      this.openDialog = { key, ref };
      ref.afterClosed().subscribe(() => {
        // Closed by Escape, the button or the backdrop: take the issue out of the URL.
        if (this.openDialog?.ref !== ref) return;
        this.openDialog = null;
        this.navigate({ ...this.url(), repo: null, issue: null });
      });
    });
  }
}
