import { ChangeDetectionStrategy, Component, input } from '@angular/core';

import { pendingText } from '../../ui/outcome-text';
import { MeasureCell, MeasureDefinition } from './outcome-measures';

/** One headline figure: a measure of the NPC as a whole, with its definition. */
export interface Figure {
  definition: MeasureDefinition;
  cell: MeasureCell;
}

/** An NPC's measures as a grid of figures, each with its n and, on hover, its definition. */
@Component({
  selector: 'npc-npc-figures',
  template: `
    <dl class="figures">
      @for (figure of figures(); track figure.definition.key) {
        <div
          class="figure"
          [attr.data-figure]="figure.definition.key"
          [attr.data-state]="figure.cell.state"
          [attr.title]="figure.definition.how"
        >
          <dt>{{ figure.definition.header }}</dt>
          <dd>
            @if (figure.cell.state === 'pending') {
              <span class="value pending"
                ><span aria-hidden="true">{{ figure.cell.text }}</span
                ><span class="visually-hidden">{{ pendingHint }}</span></span
              >
            } @else {
              <span class="value" [class.quiet]="figure.cell.state !== 'value'">{{
                figure.cell.text
              }}</span>
            }
            @if (figure.cell.sample; as sample) {
              &ngsp;<span class="sample">{{ sample }}</span>
            }
          </dd>
        </div>
      }
    </dl>
  `,
  styles: `
    :host {
      display: block;
    }
    .figures {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 168px), 1fr));
      gap: 12px;
      margin: 0;
    }
    .figure {
      box-sizing: border-box;
      min-height: 96px;
      padding: 12px 16px;
      border: 1px solid var(--mat-sys-outline-variant);
      border-radius: 12px;
      background: var(--mat-sys-surface-container-low);
    }
    dt {
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-label-large);
    }
    dd {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: 4px 8px;
      margin: 6px 0 0;
    }
    .value {
      font: var(--mat-sys-headline-small);
      font-variant-numeric: tabular-nums;
    }
    .quiet,
    .pending,
    .sample {
      color: var(--mat-sys-on-surface-variant);
    }
    .quiet {
      font: var(--mat-sys-body-large);
    }
    .sample {
      font: var(--mat-sys-body-small);
    }
    /* Two narrow figures a row on a phone. */
    @media (max-width: 599.98px) {
      .figures {
        grid-template-columns: repeat(2, minmax(0, 1fr));
        gap: 8px;
      }
      .figure {
        min-height: 84px;
        padding: 10px 12px;
      }
      .value {
        font: var(--mat-sys-title-large);
      }
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class NpcFiguresComponent {
  readonly figures = input.required<readonly Figure[]>();
  protected readonly pendingHint = pendingText();
}
