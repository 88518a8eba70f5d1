import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';

import { AppLink } from '../../ui/app-link';
import { pendingText } from '../../ui/outcome-text';
import { SortDirection } from '../../ui/sort';
import { SortHeaderComponent } from '../../ui/sort-header.component';
import { SparklineComponent } from '../../ui/sparkline.component';
import { MeasureDefinition, MeasureGroup, groupHeaders } from './outcome-measures';
import { NpcSortKey } from './npcs-url-state';
import { MeasureRow, otherNpcHint, trendHeader, trendHow, trendText } from './npcs.view';

const NO_MARKS: ReadonlySet<string> = new Set();

/**
 * The outcome measures of a few scopes (NPCs, or one NPC's organizations or repositories)
 * as a plain table: a row per scope, the measures grouped under tasks, pull requests and
 * cost, each header's hover text its definition. Sortable when given an order (`sort`),
 * with a sparkline column when the rows have trends. Rows stack on a phone.
 */
@Component({
  selector: 'npc-measures-table',
  imports: [AppLink, SortHeaderComponent, SparklineComponent],
  templateUrl: './measures-table.component.html',
  styleUrl: './measures-table.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class MeasuresTableComponent {
  readonly rows = input.required<readonly MeasureRow[]>();
  readonly definitions = input.required<readonly MeasureDefinition[]>();
  /** The name column's header: "NPC", "Organization", "Repository". */
  readonly nameHeader = input.required<string>();
  /** The table's name for tests and its caption (for assistive technology). */
  readonly table = input.required<string>();
  readonly caption = input.required<string>();
  /** The order the rows are in; undefined: the table is not sortable. */
  readonly sort = input<NpcSortKey | null | undefined>(undefined);
  readonly dir = input<SortDirection>('asc');
  /** The rows a live update just changed. */
  readonly changed = input<ReadonlySet<string>>(NO_MARKS);
  readonly busy = input(false);
  /** A click on a header: order by that column. */
  readonly sortBy = output<NpcSortKey>();

  protected readonly sortable = computed(() => this.sort() !== undefined);
  /** The sort header's active key; an empty one while in the board's own order. */
  protected readonly active = computed(() => this.sort() ?? ('' as NpcSortKey));
  protected readonly groups = computed(() => {
    const names = groupHeaders();
    const spans: { group: MeasureGroup; name: string; span: number }[] = [];
    for (const definition of this.definitions()) {
      const last = spans.at(-1);
      if (last?.group === definition.group) last.span += 1;
      else spans.push({ group: definition.group, name: names[definition.group], span: 1 });
    }
    return spans;
  });
  protected readonly trends = computed(() => this.rows().some((row) => row.trend !== null));
  protected readonly trendHeader = trendHeader();
  protected readonly trendHow = trendHow();
  protected readonly trendText = trendText;
  protected readonly pendingHint = pendingText();
  protected readonly otherHint = otherNpcHint();
}
