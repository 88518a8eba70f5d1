import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import type { BoardLabel } from '@shared/board/entities';

import { labelColors } from './task-board.view';

/** An issue's labels as chips in the platform's colours, with readable text on each. */
@Component({
  selector: 'npc-issue-labels',
  template: `
    @for (label of labels(); track label.name) {
      <span
        class="label"
        [style.background]="colors(label.color).background"
        [style.color]="colors(label.color).color"
        >{{ label.name }}</span
      >
    }
  `,
  styles: `
    :host {
      display: flex;
      flex-wrap: wrap;
      gap: 4px;
    }
    :host:empty {
      display: none;
    }
    .label {
      padding: 1px 8px;
      border-radius: 999px;
      font: var(--mat-sys-label-small);
      line-height: 18px;
      white-space: nowrap;
      // A hairline keeps pale labels visible on a pale surface.
      box-shadow: inset 0 0 0 1px rgb(0 0 0 / 0.12);
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class IssueLabelsComponent {
  readonly labels = input.required<readonly BoardLabel[]>();
  protected readonly colors = labelColors;
}
