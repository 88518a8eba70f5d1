import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';

import { SortDirection } from './sort';

/**
 * A sortable column header of a plain `<table>`: `<th npcSortHeader="key">Name</th>`. Its
 * button sorts by the column (`data-sort` names it), the header carries `aria-sort` while
 * the table is sorted by it, and an arrow shows the direction, as Material's sort header
 * does, without its sort directive and focus monitoring per table
 * (docs/app.md#the-app). A `.num` header puts the arrow before the name.
 */
@Component({
  selector: 'th[npcSortHeader]',
  host: {
    scope: 'col',
    '[attr.aria-sort]': 'ariaSort()',
  },
  template: `
    <button
      type="button"
      class="sort"
      [attr.data-sort]="key()"
      [class.sorted]="sorted()"
      [class.desc]="dir() === 'desc'"
      (click)="sortBy.emit(key())"
    >
      <span class="sort-label"><ng-content /></span>
      <svg class="sort-arrow" viewBox="0 -960 960 960" aria-hidden="true" focusable="false">
        <path d="M440-240v-368L296-464l-56-56 240-240 240 240-56 56-144-144v368h-80Z" />
      </svg>
    </button>
  `,
  styleUrl: './sort-header.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class SortHeaderComponent<K extends string> {
  /** The column's sort key. */
  readonly key = input.required<K>({ alias: 'npcSortHeader' });
  /** The key the table is sorted by, and in which direction. */
  readonly active = input.required<K>();
  readonly dir = input.required<SortDirection>();
  /** A click on the header: sort by this column. */
  readonly sortBy = output<K>();

  protected readonly sorted = computed(() => this.active() === this.key());
  protected readonly ariaSort = computed(() =>
    this.sorted() ? (this.dir() === 'asc' ? 'ascending' : 'descending') : null,
  );
}
