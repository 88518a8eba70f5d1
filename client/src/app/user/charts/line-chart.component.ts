import { ChangeDetectionStrategy, Component, input, output } from '@angular/core';
import { BaseChartDirective } from 'ng2-charts';

import { ChartPoint, chartPointOf } from './chart-click';
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
        [class.clickable]="clickable()"
        (chartClick)="onClick($event.active)"
      ></canvas>
    </div>
  `,
  styles: `
    :host {
      display: block;
    }
    canvas.clickable {
      cursor: pointer;
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
  /** Whether a click on a datum leads somewhere; the page offers the same links in a table. */
  readonly clickable = input(false);
  /** The datum clicked (nearest to the pointer), when there is one. */
  readonly pointClick = output<ChartPoint>();

  constructor() {
    registerChartParts();
  }

  protected onClick(active: unknown): void {
    const point = chartPointOf(active);
    if (point && this.clickable()) this.pointClick.emit(point);
  }
}
