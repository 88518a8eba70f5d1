import {
  ChangeDetectionStrategy,
  Component,
  computed,
  input,
  linkedSignal,
  output,
} from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import type { Issue } from '@shared/board/entities';

import { formatCount } from '../../ui/format';
import { sameList } from '../../ui/list-changes';
import { IssueCardComponent } from './issue-card.component';
import { issueKey, needingAttention } from './task-board.view';

/** Lane cards shown before "Show more": the lane must not push the columns off screen. */
export const LANE_CARDS_PER_STEP = 6;

/**
 * The *Needs attention* lane above the three columns: stuck and overdue cards, longest
 * waiting first, each with its reason. The cards keep their place in their columns too.
 * The lane is absent when nothing needs attention. While the issues load, or their
 * attention is still being counted, it stands as a placeholder of its usual size, so that
 * the columns below do not jump when it fills; once counted, a reload that counts again
 * (a live update) keeps the cards it showed until the new count is in.
 */
@Component({
  selector: 'npc-attention-lane',
  imports: [IssueCardComponent, MatButtonModule],
  template: `
    @if (cards() === null) {
      <div class="lane placeholder" aria-hidden="true" data-lane-placeholder>
        @if (counting() && issues() !== null) {
          <span class="counting" data-lane-counting i18n="@@tasks.lane.counting"
            >Counting work that needs attention…</span
          >
        } @else {
          <span class="skeleton head-skeleton"></span>
        }
        <span class="skeleton rule-skeleton"></span>
        <div class="cards">
          @for (n of placeholders; track n) {
            <span class="skeleton card-skeleton"></span>
          }
        </div>
      </div>
    } @else if (total() > 0) {
      <section class="lane" aria-labelledby="lane-heading" data-lane="attention">
        <div class="head">
          <h2 id="lane-heading">
            <ng-container i18n="@@tasks.attention.any">Needs attention</ng-container>
            <span class="count" data-count>{{ count(total()) }}</span>
          </h2>
          <button mat-button type="button" (click)="onlyThese.emit()">
            <ng-container i18n="@@tasks.lane.onlyThese">Show only these</ng-container>
          </button>
        </div>
        <div class="rule">
          <p>
            <ng-container i18n="@@tasks.lane.ruleStuck"
              >Stuck: in progress with no activity by its NPC for longer than the stuck
              limit.</ng-container
            >
          </p>
          <p>
            <ng-container i18n="@@tasks.lane.ruleOverdue"
              >Overdue: assigned to an NPC that has not answered within the pickup
              SLO.</ng-container
            >
          </p>
        </div>
        <div class="cards">
          @for (issue of visible(); track key(issue)) {
            <npc-issue-card [issue]="issue" [class.live-changed]="changed().has(key(issue))" />
          }
        </div>
        @if (remaining() > 0) {
          <button mat-stroked-button type="button" class="more" (click)="showMore()">
            <ng-container i18n="@@tasks.showMore">{remaining(), plural,
              other {Show more ({{ count(remaining()) }} left)}
            }</ng-container>
          </button>
        }
      </section>
    }
  `,
  styles: `
    @use '../../ui/count-badge' as count;

    :host {
      display: block;
    }
    .lane {
      display: flex;
      flex-direction: column;
      gap: 8px;
      margin-bottom: 16px;
      padding: 12px;
      border: 1px solid var(--mat-sys-tertiary);
      border-radius: 16px;
      background: var(--mat-sys-surface-container-low);
    }
    .head {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 8px;
      padding: 0 4px;
    }
    h2 {
      display: flex;
      align-items: center;
      gap: 8px;
      margin: 0;
      font: var(--mat-sys-title-small);
    }
    .count {
      @include count.count-badge(
        var(--mat-sys-tertiary-container),
        var(--mat-sys-on-tertiary-container)
      );
    }
    .rule {
      margin: 0 4px;
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-body-small);
    }
    .rule p {
      margin: 0;
    }
    .cards {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
      gap: 8px;
    }
    .more {
      align-self: center;
    }
    .placeholder {
      border-color: var(--mat-sys-outline-variant);
    }
    .head-skeleton {
      width: 180px;
      height: 36px;
    }
    .counting {
      display: flex;
      align-items: center;
      height: 36px;
      padding: 0 4px;
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-title-small);
    }
    .rule-skeleton {
      height: 32px;
    }
    /* About the height of a lane card: title, repository, NPC, reason and labels. */
    .card-skeleton {
      height: 150px;
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class AttentionLaneComponent {
  /** Every issue on the board; the lane picks those needing attention. */
  /** Null while the issues load: the lane then holds its place. */
  readonly issues = input.required<readonly Issue[] | null>();
  /**
   * True while the board is still reading the conversations attention is judged from: the
   * lane holds its place, saying so, until it knows which cards belong in it.
   */
  readonly counting = input(false);
  /** Asks for the attention filter, so the columns show only these cards. */
  readonly onlyThese = output<void>();
  /** The keys of the cards a live update just changed, marked for a moment. */
  readonly changed = input<ReadonlySet<string>>(new Set());

  /** The lane's cards; null while there is nothing counted to show. */
  protected readonly cards = linkedSignal<
    { issues: readonly Issue[] | null; counting: boolean },
    readonly Issue[] | null
  >({
    source: () => ({ issues: this.issues(), counting: this.counting() }),
    computation: ({ issues, counting }, previous) => {
      if (issues === null) return null;
      return counting ? (previous?.value ?? null) : needingAttention(issues);
    },
  });
  protected readonly total = computed(() => this.cards()?.length ?? 0);
  protected readonly placeholders = Array.from({ length: LANE_CARDS_PER_STEP }, (_, i) => i);
  // Back to the first cards for another list (a filter); a reload of the same keeps "Show more".
  private readonly limit = linkedSignal<readonly Issue[] | null, number>({
    source: this.cards,
    computation: (cards, previous) =>
      previous &&
      sameList(new Set((previous.source ?? []).map(issueKey)), (cards ?? []).map(issueKey))
        ? previous.value
        : LANE_CARDS_PER_STEP,
  });
  protected readonly visible = computed(() => (this.cards() ?? []).slice(0, this.limit()));
  protected readonly remaining = computed(() => this.total() - this.visible().length);

  protected readonly count = formatCount;
  protected readonly key = issueKey;

  protected showMore(): void {
    this.limit.update((n) => n + LANE_CARDS_PER_STEP);
  }
}
