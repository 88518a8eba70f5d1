import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';
import { BaseChartDirective } from 'ng2-charts';

import { ChartPoint, chartPointOf } from './chart-click';
import { registerChartParts } from './chart-parts';
import { BarChartConfig, barChartHeight } from './bar-chart-options';

/**
 * A horizontal bar chart drawn from a ready configuration; inputs only. The page offers
 * the same figures as a table for screen readers.
 */
@Component({
  selector: 'npc-bar-chart',
  imports: [BaseChartDirective],
  template: `
    <div class="frame" [style.height.px]="height()">
      <canvas
        baseChart
        type="bar"
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
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class BarChartComponent {
  readonly config = input.required<BarChartConfig>();
  /** What the chart shows, for assistive technology. */
  readonly label = input.required<string>();
  /** Whether a click on a datum leads somewhere; the page offers the same links in a table. */
  readonly clickable = input(false);
  /** The datum clicked (nearest to the pointer), when there is one. */
  readonly pointClick = output<ChartPoint>();

  protected readonly height = computed(() => barChartHeight(this.config()));

  constructor() {
    registerChartParts();
  }

  protected onClick(active: unknown): void {
    const point = chartPointOf(active);
    if (point && this.clickable()) this.pointClick.emit(point);
  }
}
