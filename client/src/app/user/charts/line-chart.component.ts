import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import { BaseChartDirective } from 'ng2-charts';

import { registerChartParts } from './chart-parts';
import { LineChartConfig } from './chart-options';

/**
 * A line chart drawn from a ready configuration. It takes inputs and nothing else; the
 * figures it shows are also offered as a table by the page, since a canvas says nothing
 * to a screen reader beyond its label.
 */
@Component({
  selector: 'npc-line-chart',
  imports: [BaseChartDirective],
  template: `
    <div class="frame">
      <canvas
        baseChart
        type="line"
        role="img"
        [attr.aria-label]="label()"
        [data]="config().data"
        [options]="config().options"
      ></canvas>
    </div>
  `,
  styles: `
    :host {
      display: block;
    }
    .frame {
      position: relative;
      height: var(--npc-chart-height, 320px);
    }
    @media (max-width: 599.98px) {
      .frame {
        height: var(--npc-chart-height-phone, 340px);
      }
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class LineChartComponent {
  readonly config = input.required<LineChartConfig>();
  /** What the chart shows, for assistive technology. */
  readonly label = input.required<string>();

  constructor() {
    registerChartParts();
  }
}
