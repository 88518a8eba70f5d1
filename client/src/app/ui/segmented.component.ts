import { ChangeDetectionStrategy, Component, input, output } from '@angular/core';

import { ICON_IMPORTS, IconName } from './icons';

/** One choice of a segmented control. */
export interface Segment<T extends string | number> {
  value: T;
  label: string;
  icon?: IconName;
}

/**
 * A one-of-a-few choice drawn as M3 segmented buttons (the credits window, the task
 * board's view): a group of plain buttons, the chosen one pressed (`aria-pressed`). Plain
 * elements rather than Material's button toggles, whose focus monitoring, ripples and
 * selection model cost a phone a noticeable part of a page's first render
 * (docs/app.md#the-app).
 */
@Component({
  selector: 'npc-segmented',
  imports: [ICON_IMPORTS],
  template: `
    <div
      class="group"
      role="group"
      [attr.aria-label]="label() ?? null"
      [attr.aria-labelledby]="labelledBy() ?? null"
    >
      @for (segment of segments(); track segment.value) {
        <button
          type="button"
          [class.chosen]="segment.value === value()"
          [attr.aria-pressed]="segment.value === value()"
          [attr.data-segment]="segment.value"
          (click)="choose(segment.value)"
        >
          @if (segment.icon) {
            <npc-icon aria-hidden="true" [name]="segment.icon" />
          }
          {{ segment.label }}
        </button>
      }
    </div>
  `,
  styleUrl: './segmented.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class SegmentedComponent<T extends string | number> {
  readonly segments = input.required<readonly Segment<T>[]>();
  readonly value = input.required<T>();
  /** The group's accessible name, or the id of the element that gives it. */
  readonly label = input<string>();
  readonly labelledBy = input<string>();
  readonly valueChange = output<T>();

  protected choose(value: T): void {
    if (value !== this.value()) this.valueChange.emit(value);
  }
}
