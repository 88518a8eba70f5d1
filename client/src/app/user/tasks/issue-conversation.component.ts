import { ChangeDetectionStrategy, Component, input, output } from '@angular/core';
import type { IssueComment } from '@shared/board/entities';

import { RemoteState } from '../../core/remote-state';
import { ICON_IMPORTS } from '../../ui/icons';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { MarkdownComponent } from '../../ui/markdown.component';
import { RelativeTimeComponent } from '../../ui/relative-time.component';

/**
 * An issue's conversation, oldest comment first: author, whether an NPC or a person wrote
 * it, when, and the body rendered from Markdown and sanitised (MarkdownComponent).
 */
@Component({
  selector: 'npc-issue-conversation',
  imports: [ICON_IMPORTS, LoadErrorComponent, MarkdownComponent, RelativeTimeComponent],
  template: `
    <h3 class="heading" id="conversation-heading">
      <ng-container i18n="@@tasks.conversation.heading">Conversation</ng-container>
    </h3>
    @if (comments().error; as error) {
      <npc-load-error
        i18n-what="@@tasks.loadError.conversation"
        what="the conversation"
        [error]="error"
        [retrying]="comments().loading"
        (retry)="retry.emit()"
      />
    } @else if (comments().data; as list) {
      @if (list.length) {
        <ol class="comments" aria-labelledby="conversation-heading">
          @for (comment of list; track comment.id) {
            <li
              class="comment"
              [class.npc]="comment.author.is_npc"
              [attr.data-comment]="comment.id"
              [attr.data-author-kind]="comment.author.is_npc ? 'npc' : 'person'"
            >
              <p class="byline">
                <npc-icon
                  aria-hidden="true"
                  [name]="comment.author.is_npc ? 'smart_toy' : 'person'"
                />
                <strong class="author">{{ comment.author.username }}</strong>
                @if (comment.author.is_npc) {
                  <span class="kind" i18n="@@tasks.authorKind.npc">NPC</span>
                } @else {
                  <span class="kind" i18n="@@tasks.authorKind.person">person</span>
                }
                <span aria-hidden="true">·</span>
                <npc-relative-time [time]="comment.created_at" />
              </p>
              @if (comment.body.trim()) {
                <npc-markdown [source]="comment.body" />
              } @else {
                <p class="empty-body" i18n="@@tasks.conversation.noText">No text.</p>
              }
            </li>
          }
        </ol>
      } @else {
        <p class="none" i18n="@@tasks.conversation.none">No comments yet.</p>
      }
    } @else {
      <div aria-busy="true" class="loading">
        <span class="skeleton line"></span>
        <span class="skeleton block"></span>
        <span class="visually-hidden" i18n="@@tasks.conversation.loading"
          >Loading the conversation…</span
        >
      </div>
    }
  `,
  styles: `
    :host {
      display: block;
      margin-top: 16px;
      padding-top: 12px;
      border-top: 1px solid var(--mat-sys-outline-variant);
    }
    .heading {
      margin: 0 0 8px;
      font: var(--mat-sys-title-small);
    }
    .comments {
      display: flex;
      flex-direction: column;
      gap: 12px;
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .comment {
      min-width: 0;
      padding: 8px 12px;
      border-left: 4px solid var(--mat-sys-outline-variant);
      border-radius: 4px;
      background: var(--mat-sys-surface-container-lowest);
    }
    .comment.npc {
      border-left-color: var(--mat-sys-primary);
      background: var(--mat-sys-surface-container-low);
    }
    .byline {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 4px;
      margin: 0 0 4px;
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-body-small);
    }
    .author {
      color: var(--mat-sys-on-surface);
      overflow-wrap: anywhere;
    }
    .kind {
      flex: none;
      padding: 0 6px;
      white-space: nowrap;
      border: 1px solid var(--mat-sys-outline-variant);
      border-radius: 999px;
      font: var(--mat-sys-label-small);
    }
    .byline npc-icon {
      width: 16px;
      height: 16px;
      font-size: 16px;
    }
    .npc .byline npc-icon {
      color: var(--mat-sys-primary);
    }
    .none,
    .empty-body {
      margin: 0;
      color: var(--mat-sys-on-surface-variant);
      font-style: italic;
    }
    .line {
      display: block;
      width: 50%;
      height: 1em;
      margin-bottom: 8px;
    }
    .block {
      display: block;
      height: 64px;
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class IssueConversationComponent {
  readonly comments = input.required<RemoteState<readonly IssueComment[]>>();
  readonly retry = output<void>();
}
