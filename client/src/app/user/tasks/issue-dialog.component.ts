import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { MatButtonModule } from '@angular/material/button';
import { MAT_DIALOG_DATA, MatDialogModule } from '@angular/material/dialog';
import { MatIconModule } from '@angular/material/icon';
import { DomSanitizer, SafeHtml } from '@angular/platform-browser';
import { map } from 'rxjs';

import { ApiService } from '../../core/api.service';
import { BoardMetaService } from '../../core/board-meta.service';
import { DataFreshnessService } from '../../core/data-freshness.service';
import { INITIAL_REMOTE, loadEach } from '../../core/remote-state';
import { formatCount } from '../../ui/format';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { RelativeTimeComponent } from '../../ui/relative-time.component';
import { IssueLabelsComponent } from './issue-labels.component';
import { renderMarkdown } from './markdown';
import { columnLabel, npcOf } from './task-board.view';

/** Which issue the dialog shows. */
export interface IssueDialogData {
  repo: string;
  number: number;
}

/**
 * The issue's details, loaded from `api/repos/:full_name/issues/:number` because list
 * items may lack the body. The description is rendered from Markdown and sanitised
 * before it reaches the DOM.
 */
@Component({
  selector: 'npc-issue-dialog',
  imports: [
    IssueLabelsComponent,
    LoadErrorComponent,
    MatButtonModule,
    MatDialogModule,
    MatIconModule,
    RelativeTimeComponent,
  ],
  templateUrl: './issue-dialog.component.html',
  styleUrl: './issue-dialog.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class IssueDialogComponent {
  protected readonly target = inject<IssueDialogData>(MAT_DIALOG_DATA);
  private readonly api = inject(ApiService);
  private readonly meta = inject(BoardMetaService).meta;
  private readonly sanitizer = inject(DomSanitizer);
  private readonly freshness = inject(DataFreshnessService);
  private readonly scope = this.freshness.scope();
  private readonly retries = signal(0);

  protected readonly issue = toSignal(
    toObservable(computed(() => [this.freshness.refreshes(), this.retries()])).pipe(
      loadEach(() =>
        this.api.issue(this.target.repo, this.target.number).pipe(
          this.scope.track('issue'),
          map((answer) => answer.data),
        ),
      ),
    ),
    { initialValue: INITIAL_REMOTE },
  );

  // Sanitised by DOMPurify in renderMarkdown; Angular's own sanitiser would strip it again
  // and log a warning on every dialog, so the already-clean HTML is marked trusted.
  protected readonly body = computed<SafeHtml | null>(() => {
    const issue = this.issue().data;
    if (!issue) return null;
    const html = renderMarkdown(issue.body, this.meta()?.platform_web_url ?? '');
    return this.sanitizer.bypassSecurityTrustHtml(html);
  });
  protected readonly npc = computed(() => {
    const issue = this.issue().data;
    return issue ? npcOf(issue) : null;
  });

  protected readonly count = formatCount;
  protected readonly columnLabel = columnLabel;

  protected retry(): void {
    this.retries.update((n) => n + 1);
  }
}
