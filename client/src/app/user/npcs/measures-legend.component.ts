import { ChangeDetectionStrategy, Component, input } from '@angular/core';

import { MeasureDefinition } from './outcome-measures';

/** One entry of the legend: a term and what it means. */
export interface LegendEntry {
  term: string;
  how: string;
}

/** What each measure means, under the tables that show them. */
@Component({
  selector: 'npc-measures-legend',
  template: `
    <dl class="legend" i18n-aria-label="@@npcs.legend.label" aria-label="What each measure means">
      @for (entry of definitions(); track entry.key) {
        <div [attr.data-legend]="entry.key">
          <dt>{{ entry.header }}</dt>
          <dd>{{ entry.how }}</dd>
        </div>
      }
      @for (entry of more(); track entry.term) {
        <div>
          <dt>{{ entry.term }}</dt>
          <dd>{{ entry.how }}</dd>
        </div>
      }
    </dl>
  `,
  styles: `
    :host {
      display: block;
      margin-top: 12px;
    }
    .legend {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
      gap: 6px 24px;
      margin: 0;
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-body-small);
    }
    dt {
      display: inline;
      font-weight: 500;
      color: var(--mat-sys-on-surface);
    }
    dt::after {
      content: ': ';
    }
    dd {
      display: inline;
      margin: 0;
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class MeasuresLegendComponent {
  readonly definitions = input.required<readonly MeasureDefinition[]>();
  /** Entries after the measures' own (the trend, "…"). */
  readonly more = input<readonly LegendEntry[]>([]);
}
