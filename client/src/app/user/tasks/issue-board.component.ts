import { ChangeDetectionStrategy, Component, computed, input, signal } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import type { BoardColumn, Issue } from '@shared/board/entities';

import { formatCount } from '../../ui/format';
import { IssueCardComponent } from './issue-card.component';
import { COLUMNS, groupByColumn, issueKey } from './task-board.view';

/** Cards a column renders before "Show more": a long Done column must not stall the page. */
export const CARDS_PER_STEP = 40;

/**
 * The three columns with their counts. Each column scrolls on its own; on a phone the
 * columns become tabs (docs/architecture.md#the-app). Without `issues` it shows skeleton columns.
 */
@Component({
  selector: 'npc-issue-board',
  imports: [IssueCardComponent, MatButtonModule],
  templateUrl: './issue-board.component.html',
  styleUrl: './issue-board.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class IssueBoardComponent {
  /** The filtered issues, or null while the first answer is awaited. */
  readonly issues = input<readonly Issue[] | null>(null);

  protected readonly columns = COLUMNS;
  protected readonly groups = computed(() => {
    const issues = this.issues();
    return issues ? groupByColumn(issues) : null;
  });
  /** The tab shown on a phone. */
  protected readonly selected = signal<BoardColumn>('pending');
  private readonly shown = signal<Record<BoardColumn, number>>({
    pending: CARDS_PER_STEP,
    in_progress: CARDS_PER_STEP,
    done: CARDS_PER_STEP,
  });

  protected readonly count = formatCount;
  protected readonly key = issueKey;

  protected visible(column: BoardColumn): Issue[] {
    return this.groups()?.[column].slice(0, this.shown()[column]) ?? [];
  }

  protected remaining(column: BoardColumn): number {
    return Math.max(0, (this.groups()?.[column].length ?? 0) - this.shown()[column]);
  }

  protected showMore(column: BoardColumn): void {
    this.shown.update((s) => ({ ...s, [column]: s[column] + CARDS_PER_STEP }));
  }

  protected select(column: BoardColumn): void {
    this.selected.set(column);
  }

  // Arrow keys move between tabs, as the ARIA tabs pattern expects.
  protected onTabKey(event: KeyboardEvent, index: number): void {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + COLUMNS.length) % COLUMNS.length;
    this.selected.set(COLUMNS[next].id);
    const tabs = (event.currentTarget as HTMLElement).parentElement?.querySelectorAll('button');
    tabs?.[next]?.focus();
  }
}
