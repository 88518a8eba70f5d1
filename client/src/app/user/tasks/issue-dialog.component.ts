import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MAT_DIALOG_DATA, MatDialogModule } from '@angular/material/dialog';
import { map } from 'rxjs';

import { AdminSessionService } from '../../core/admin-session.service';
import { ApiService } from '../../core/api.service';
import { ClockService } from '../../core/clock.service';
import { DataFreshnessService } from '../../core/data-freshness.service';
import { LiveUpdatesService } from '../../core/live-updates.service';
import { remoteResource } from '../../core/remote-resource';
import { formatCount } from '../../ui/format';
import { ICON_IMPORTS } from '../../ui/icons';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { MarkdownComponent } from '../../ui/markdown.component';
import { RelativeTimeComponent } from '../../ui/relative-time.component';
import { AttentionBadgeComponent } from './attention-badge.component';
import { HandoverComponent } from './handover.component';
import { IssueConversationComponent } from './issue-conversation.component';
import { cycleLabel, cycleText, pickupText } from './issue-dialog.view';
import { IssueLabelsComponent } from './issue-labels.component';
import { IssueRunsComponent } from './issue-runs.component';
import { columnLabel, stateLabel } from './task-board.view';

/** Which issue the dialog shows. */
export interface IssueDialogData {
  repo: string;
  number: number;
}

/**
 * The issue's details, loaded from `api/repos/:full_name/issues/:number` because list
 * items may lack the body, with its NPC timings and why it needs attention, and below the
 * description its NPC runs (`…/runs`) and its conversation (`…/comments`), loaded alongside. Markdown is rendered and
 * sanitised (MarkdownComponent) before it reaches the DOM. Both reload in place when the
 * issues of the issue's organization change.
 */
@Component({
  selector: 'npc-issue-dialog',
  imports: [
    AttentionBadgeComponent,
    HandoverComponent,
    IssueConversationComponent,
    IssueLabelsComponent,
    IssueRunsComponent,
    LoadErrorComponent,
    MarkdownComponent,
    MatButtonModule,
    MatDialogModule,
    ICON_IMPORTS,
    RelativeTimeComponent,
  ],
  templateUrl: './issue-dialog.component.html',
  styleUrl: './issue-dialog.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class IssueDialogComponent {
  protected readonly target = inject<IssueDialogData>(MAT_DIALOG_DATA);
  private readonly api = inject(ApiService);
  private readonly freshness = inject(DataFreshnessService);
  private readonly scope = this.freshness.scope();
  private readonly clock = inject(ClockService);
  /** A signed-in admin can hand an open NPC issue to another NPC from here. */
  protected readonly admin = inject(AdminSessionService).signedIn;
  private readonly changes = inject(LiveUpdatesService).watch(
    ['issues', 'runs'],
    () => this.target.repo.split('/')[0],
  );

  private readonly issueLoad = remoteResource(
    () => [this.freshness.refreshes(), this.changes()],
    () =>
      this.api.issue(this.target.repo, this.target.number).pipe(
        this.scope.track('issue'),
        map((answer) => answer.data),
      ),
  );
  protected readonly issue = this.issueLoad.state;

  private readonly commentsLoad = remoteResource(
    () => [this.freshness.refreshes(), this.changes()],
    () =>
      this.api.issueComments(this.target.repo, this.target.number).pipe(
        this.scope.track('comments'),
        map((answer) => answer.data),
      ),
  );
  protected readonly comments = this.commentsLoad.state;

  private readonly runsLoad = remoteResource(
    () => [this.freshness.refreshes(), this.changes()],
    () => this.api.issueRuns(this.target.repo, this.target.number).pipe(this.scope.track('runs')),
  );
  /** The task's runs; `runsPending` while the board has yet to read them. */
  protected readonly runs = computed(() => {
    const state = this.runsLoad.state();
    return { ...state, data: state.data?.data ?? null };
  });
  protected readonly runsPending = computed(() => {
    const answer = this.runsLoad.state().data;
    return answer !== null && answer.pending.includes('runs') && answer.data.runs.length === 0;
  });

  protected readonly pickup = computed(() => {
    const issue = this.issue().data;
    return issue ? pickupText(issue, this.clock.now()) : null;
  });
  protected readonly cycle = computed(() => {
    const issue = this.issue().data;
    return issue ? cycleText(issue, this.clock.now()) : null;
  });

  protected readonly count = formatCount;
  protected readonly columnLabel = columnLabel;
  protected readonly stateLabel = stateLabel;
  protected readonly cycleLabel = cycleLabel;

  protected retry(): void {
    this.issueLoad.reload();
  }

  protected retryComments(): void {
    this.commentsLoad.reload();
  }
}
