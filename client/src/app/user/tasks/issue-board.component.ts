import {
  ChangeDetectionStrategy,
  Component,
  DestroyRef,
  PendingTasks,
  computed,
  effect,
  inject,
  input,
  signal,
  untracked,
} from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import type { BoardColumn, Issue } from '@shared/board/entities';

import { formatCount } from '../../ui/format';
import { sameList } from '../../ui/list-changes';
import { IssueCardComponent } from './issue-card.component';
import { COLUMNS, groupByColumn, issueKey } from './task-board.view';

/** Cards a column renders before "Show more": a long Done column must not stall the page. */
export const CARDS_PER_STEP = 40;
/**
 * Cards per column in the first rendering, and added in each later task until the columns
 * hold what they show: one task rendering 120 cards blocks a phone's main thread for
 * hundreds of milliseconds, a few cards per task do not.
 */
export const CARDS_PER_TASK = 2;

/**
 * The three columns with their counts. Each column scrolls on its own; on a phone the
 * columns become tabs (docs/app.md#the-app). Without `issues` it shows skeleton columns.
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
  /** The keys of the cards a live update just changed, marked for a moment. */
  readonly changed = input<ReadonlySet<string>>(new Set());
  /** Prefix of the element ids, unique per board on the page (several in swimlanes). */
  readonly ids = input('');
  /** The columns' heading level: 2 on the page, 3 inside a swimlane. */
  readonly headingLevel = input(2);

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

  /** Cards per column rendered so far; Infinity once the columns are filled. */
  private readonly rendered = signal(Infinity);
  /** True while the columns are still being filled, a few cards per task. */
  protected readonly filling = computed(() => this.rendered() !== Infinity);
  private readonly pendingTasks = inject(PendingTasks);
  private stopFilling: (() => void) | null = null;

  protected readonly count = formatCount;
  protected readonly key = issueKey;

  constructor() {
    // A new set of cards (the first answer, another filter): render a few cards per
    // column, then the rest in steps, each in a task of its own, so the page answers input
    // in between. A reload of mostly the same cards (a live update, a refresh) is drawn
    // whole: the cards shown keep their DOM nodes, and with them focus and scroll position.
    let shownKeys: ReadonlySet<string> = new Set();
    effect(() => {
      const issues = this.issues();
      if (!issues) return;
      const keys = issues.map(issueKey);
      const known = shownKeys;
      shownKeys = new Set(keys);
      if (!sameList(known, keys)) untracked(() => this.fillInSteps());
    });
    inject(DestroyRef).onDestroy(() => this.stopFilling?.());
  }

  protected visible(column: BoardColumn): Issue[] {
    const limit = Math.min(this.shown()[column], this.rendered());
    return this.groups()?.[column].slice(0, limit) ?? [];
  }

  private fillInSteps(): void {
    this.stopFilling?.();
    // Counted as pending work, so the app is not reported stable before the columns are full.
    const done = this.pendingTasks.add();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      this.stopFilling = null;
      this.rendered.set(Infinity);
      done();
    };
    const step = () => {
      const groups = this.groups();
      const shown = this.shown();
      const target = groups
        ? Math.max(...this.columns.map((c) => Math.min(shown[c.id], groups[c.id].length)))
        : 0;
      if (this.rendered() >= target) return stop();
      this.rendered.update((n) => n + CARDS_PER_TASK);
      timer = setTimeout(step);
    };
    this.stopFilling = stop;
    this.rendered.set(CARDS_PER_TASK);
    timer = setTimeout(step);
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
