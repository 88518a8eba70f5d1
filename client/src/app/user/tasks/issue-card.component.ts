import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import { RouterLink } from '@angular/router';
import type { Issue } from '@shared/board/entities';

import { ICON_IMPORTS } from '../../ui/icons';
import { RelativeTimeComponent } from '../../ui/relative-time.component';
import { AttentionBadgeComponent } from './attention-badge.component';
import { IssueLabelsComponent } from './issue-labels.component';
import { npcOf } from './task-board.view';

/**
 * One issue on the board. The whole card is a link to the same page with the issue's
 * dialog open, so it works by keyboard, opens in a new tab, and can be shared.
 */
@Component({
  selector: 'npc-issue-card',
  imports: [
    AttentionBadgeComponent,
    IssueLabelsComponent,
    ICON_IMPORTS,
    RelativeTimeComponent,
    RouterLink,
  ],
  template: `
    <a
      class="card"
      [routerLink]="[]"
      [queryParams]="{ repo: issue().repository.full_name, issue: issue().number }"
      queryParamsHandling="merge"
      [attr.data-issue]="issue().repository.full_name + '#' + issue().number"
    >
      <span class="title">{{ issue().title }}</span>
      <span class="ref">{{ issue().repository.full_name }} #{{ issue().number }}</span>
      <span class="meta">
        <npc-icon aria-hidden="true" name="smart_toy" />
        <span class="npc">
          @if (npc(); as npc) {
            {{ npc.username }}
          } @else {
            <ng-container i18n="@@tasks.card.noNpc">no NPC assigned</ng-container>
          }
        </span>
        <span aria-hidden="true">·</span>
        <npc-relative-time [time]="issue().created_at" />
      </span>
      @if (issue().attention; as attention) {
        <npc-attention-badge [attention]="attention" />
      }
      <npc-issue-labels [labels]="issue().labels" />
    </a>
  `,
  styles: `
    /* Rounded like the card, for the ring a live update leaves on it. */
    :host {
      display: block;
      border-radius: 12px;
    }
    .card {
      display: flex;
      flex-direction: column;
      gap: 6px;
      padding: 12px;
      border: 1px solid var(--mat-sys-outline-variant);
      border-radius: 12px;
      background: var(--mat-sys-surface);
      color: var(--mat-sys-on-surface);
      text-decoration: none;
      transition: background-color 120ms ease;
    }
    npc-attention-badge {
      align-self: flex-start;
    }
    .card:hover {
      background: var(--mat-sys-surface-container-high);
    }
    .title {
      font: var(--mat-sys-title-small);
      overflow-wrap: anywhere;
    }
    .ref,
    .meta {
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-body-small);
      overflow-wrap: anywhere;
    }
    .meta {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 4px;
    }
    npc-icon {
      width: 16px;
      height: 16px;
      font-size: 16px;
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class IssueCardComponent {
  readonly issue = input.required<Issue>();
  protected readonly npc = computed(() => npcOf(this.issue()));
}
