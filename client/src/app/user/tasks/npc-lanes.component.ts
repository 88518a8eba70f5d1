import { ChangeDetectionStrategy, Component, computed, input, signal } from '@angular/core';
import type { Issue } from '@shared/board/entities';

import { formatCount } from '../../ui/format';
import { ICON_IMPORTS } from '../../ui/icons';
import { IssueBoardComponent } from './issue-board.component';
import { type NpcLane, npcLanes } from './task-board.view';

/**
 * The task board grouped by NPC (`group=npc`): one lane per NPC with its three columns and
 * its stuck and overdue counts in the header, the work with no NPC in a lane of its own.
 * A lane's header folds it away and back; what is folded lasts while the page is open.
 */
@Component({
  selector: 'npc-npc-lanes',
  imports: [ICON_IMPORTS, IssueBoardComponent],
  template: `
    @if (lanes(); as list) {
      @for (lane of list; track lane.npc; let i = $index) {
        <section
          class="lane"
          [attr.data-lane]="lane.npc ?? ''"
          [attr.aria-labelledby]="'lane-' + i"
        >
          <h2 class="lane-head">
            <button
              type="button"
              class="lane-toggle"
              [id]="'lane-' + i"
              [attr.aria-expanded]="!folded().has(key(lane))"
              [attr.aria-controls]="'lane-body-' + i"
              (click)="toggle(lane)"
            >
              <npc-icon
                aria-hidden="true"
                [name]="folded().has(key(lane)) ? 'keyboard_arrow_right' : 'keyboard_arrow_down'"
              />
              <span class="lane-name">
                @if (lane.npc; as npc) {
                  {{ npc }}
                } @else {
                  <ng-container i18n="@@tasks.lanes.unassigned">No NPC assigned</ng-container>
                }
              </span>
              <span class="lane-count" data-lane-count>{{ count(lane.issues.length) }}</span>
              @if (counting()) {
                <span class="lane-stat" data-lane-stat="counting" i18n="@@tasks.lanes.counting"
                  >counting stuck and overdue…</span
                >
              } @else {
                <span
                  class="lane-stat"
                  [class.none]="lane.stuck === 0"
                  data-lane-stat="stuck"
                  i18n="@@tasks.lanes.stuck"
                  >{{ count(lane.stuck) }} stuck</span
                >
                <span
                  class="lane-stat"
                  [class.none]="lane.overdue === 0"
                  data-lane-stat="overdue"
                  i18n="@@tasks.lanes.overdue"
                  >{{ count(lane.overdue) }} overdue</span
                >
              }
            </button>
          </h2>
          <div class="lane-body" [id]="'lane-body-' + i" [hidden]="folded().has(key(lane))">
            @if (!folded().has(key(lane))) {
              <npc-issue-board
                [issues]="lane.issues"
                [changed]="changed()"
                [ids]="'lane-' + i + '-'"
                [headingLevel]="3"
              />
            }
          </div>
        </section>
      }
    } @else {
      <npc-issue-board [issues]="null" />
    }
  `,
  styles: `
    @use '../../ui/count-badge' as count;

    :host {
      display: flex;
      flex-direction: column;
      gap: 12px;
    }

    .lane {
      border: 1px solid var(--mat-sys-outline-variant);
      border-radius: 16px;
      padding: 4px 8px 8px;
    }

    .lane-head {
      margin: 0;
      font: var(--mat-sys-title-medium);
    }

    .lane-toggle {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 4px 12px;
      width: 100%;
      min-height: 48px;
      padding: 4px 8px;
      border: 0;
      border-radius: 12px;
      background: none;
      color: var(--mat-sys-on-surface);
      font: inherit;
      text-align: left;
      cursor: pointer;

      &:hover {
        background: var(--mat-sys-surface-container);
      }
    }

    .lane-name {
      font: var(--mat-sys-title-medium);
      overflow-wrap: anywhere;
    }

    .lane-count {
      @include count.count-badge;
    }

    .lane-stat {
      padding: 2px 6px;
      border-radius: 8px;
      background: var(--mat-sys-tertiary-container);
      color: var(--mat-sys-on-tertiary-container);
      font: var(--mat-sys-body-medium);

      &.none {
        background: none;
        color: var(--mat-sys-on-surface-variant);
      }
    }

    .lane-body {
      padding-top: 4px;
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class NpcLanesComponent {
  /** The filtered issues, or null while the first answer is awaited. */
  readonly issues = input<readonly Issue[] | null>(null);
  /** The configured NPC handles, whose lanes come first in their order. */
  readonly handles = input<readonly string[]>([]);
  /** The keys of the cards a live update just changed, marked for a moment. */
  readonly changed = input<ReadonlySet<string>>(new Set());
  /** True while the board is still counting stuck and overdue work. */
  readonly counting = input(false);

  protected readonly lanes = computed(() => {
    const issues = this.issues();
    return issues ? npcLanes(issues, this.handles()) : null;
  });
  /** Lanes folded away, by NPC (`''`: no NPC). */
  protected readonly folded = signal<ReadonlySet<string>>(new Set());
  protected readonly count = formatCount;
  protected readonly key = (lane: NpcLane): string => lane.npc ?? '';

  protected toggle(lane: NpcLane): void {
    const key = this.key(lane);
    this.folded.update((folded) => {
      const next = new Set(folded);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }
}
