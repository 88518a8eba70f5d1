import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';
import { DomSanitizer, SafeHtml } from '@angular/platform-browser';

import { BoardMetaService } from '../core/board-meta.service';
import { renderMarkdown } from './markdown';

/**
 * Markdown shown as the platform would show it, sanitised (see renderMarkdown): the task
 * dialog's description and the dispatch form's preview render through this one component,
 * so a preview never shows more than the issue will.
 */
@Component({
  selector: 'npc-markdown',
  template: `<div class="markdown" [innerHTML]="html()"></div>`,
  styleUrl: './markdown.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class MarkdownComponent {
  private readonly meta = inject(BoardMetaService).meta;
  private readonly sanitizer = inject(DomSanitizer);

  /** Markdown source. */
  readonly source = input.required<string>();

  // Sanitised by DOMPurify in renderMarkdown; Angular's own sanitiser would strip it again
  // and log a warning on every render, so the already-clean HTML is marked trusted.
  protected readonly html = computed<SafeHtml>(() =>
    this.sanitizer.bypassSecurityTrustHtml(
      renderMarkdown(this.source(), this.meta()?.platform_web_url ?? ''),
    ),
  );
}
