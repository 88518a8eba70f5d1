import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';
import { RouterLink } from '@angular/router';
import type { Issue } from '@shared/board/entities';

import { ClockService } from '../../core/clock.service';
import { ICON_IMPORTS } from '../../ui/icons';
import { RelativeTimeComponent } from '../../ui/relative-time.component';
import { AttentionBadgeComponent } from './attention-badge.component';
import { IssueLabelsComponent } from './issue-labels.component';
import { runningText } from '../../ui/run-text';
import { runsSummary } from './runs.view';
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
      @if (running(); as text) {
        <span class="running" data-run="running">
          <npc-icon aria-hidden="true" name="play_circle" />{{ text }}
        </span>
      }
      @if (runs(); as text) {
        <span class="runs" data-runs>{{ text }}</span>
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
    npc-attention-badge,
    .running {
      align-self: flex-start;
    }
    .running {
      display: inline-flex;
      align-items: center;
      gap: 4px;
      padding: 2px 8px 2px 4px;
      border-radius: 8px;
      background: var(--mat-sys-secondary-container);
      color: var(--mat-sys-on-secondary-container);
      font: var(--mat-sys-label-medium);
    }
    .runs {
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-body-small);
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
  private readonly clock = inject(ClockService);
  /** `running 12m` while an NPC run is going. */
  protected readonly running = computed(() => {
    const run = this.issue().runs?.running;
    return run ? runningText(run.started_at, this.clock.now()) : null;
  });
  /** `3 runs · last failed · 1.25 core-h`. */
  protected readonly runs = computed(() => runsSummary(this.issue().runs));
}
