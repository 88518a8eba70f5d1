import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';
import type { OutcomeWeek } from '@shared/board/outcomes';
import { TREND_WEEKS } from '@shared/board/outcomes';

import { weeklyChart } from '../charts/chart-options';
import { ChartThemeService } from '../charts/chart-theme.service';
import { LineChartComponent } from '../charts/line-chart.component';
import { TrendKey, trends, weekNames } from './npc.view';
import { PendingParts } from './outcome-measures';

/**
 * An NPC's week-by-week trends (tasks completed, pull requests merged, core-hours), each a
 * small line chart drawn once it scrolls into view, and the same figures as a table.
 */
@Component({
  selector: 'npc-npc-trends',
  imports: [LineChartComponent],
  template: `
    <div class="trends">
      @for (trend of trends(); track trend.key) {
        <figure class="trend" [attr.data-trend]="trend.key">
          <figcaption>{{ trend.heading }}</figcaption>
          @if (trend.unknown) {
            <p class="trend-unknown">
              @if (trend.key === 'pulls' ? pending().pulls : pending().runs) {
                <ng-container i18n="@@npc.trends.counting">Still counting…</ng-container>
              } @else {
                <ng-container i18n="@@npc.trends.unknown">Not known.</ng-container>
              }
            </p>
          } @else {
            <!-- Chart.js is fetched and the chart drawn once its place scrolls into view. -->
            @defer (on viewport) {
              <npc-line-chart
                [config]="charts().get(trend.key)!"
                [label]="chartLabel(trend.key, trend.heading)"
              />
            } @placeholder {
              <div class="chart-placeholder"></div>
            }
          }
        </figure>
      }
    </div>
    <details class="as-table">
      <summary i18n="@@npc.trends.asTable">Show the figures as a table</summary>
      <div class="table-scroll">
        <table data-table="weeks">
          <thead>
            <tr>
              <th scope="col" i18n="@@npc.trends.week">Week of</th>
              @for (trend of trends(); track trend.key) {
                <th scope="col" class="num">{{ trend.heading }}</th>
              }
            </tr>
          </thead>
          <tbody>
            @for (week of weekNames(); track week; let i = $index) {
              <tr>
                <th scope="row">{{ week }}</th>
                @for (trend of trends(); track trend.key) {
                  @let value = trend.series.values[i];
                  <td class="num">{{ value === null ? '…' : trend.series.format(value) }}</td>
                }
              </tr>
            }
          </tbody>
        </table>
      </div>
    </details>
  `,
  styles: `
    :host {
      display: block;
    }
    .trends {
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(min(100%, 300px), 1fr));
      gap: 16px 24px;
      --npc-chart-height: 200px;
      --npc-chart-height-phone: 200px;
    }
    .trend {
      min-width: 0;
      margin: 0;
    }
    figcaption {
      margin-bottom: 4px;
      font: var(--mat-sys-title-small);
    }
    /* Where a deferred chart will be drawn, as tall as the chart, so nothing moves. */
    .chart-placeholder,
    .trend-unknown {
      height: 200px;
    }
    .trend-unknown {
      display: flex;
      align-items: center;
      justify-content: center;
      box-sizing: border-box;
      margin: 0;
      border: 1px dashed var(--mat-sys-outline-variant);
      border-radius: 12px;
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-body-medium);
    }
    .as-table {
      margin-top: 12px;
      font: var(--mat-sys-body-medium);
    }
    summary {
      width: fit-content;
      color: var(--mat-sys-primary);
      cursor: pointer;
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class NpcTrendsComponent {
  readonly weeks = input.required<readonly OutcomeWeek[]>();
  readonly npc = input.required<string>();
  readonly pending = input.required<PendingParts>();

  private readonly chartTheme = inject(ChartThemeService).theme;
  protected readonly weekNames = computed(() => weekNames(this.weeks()));
  protected readonly trends = computed(() => trends(this.weeks()));
  /** Read only where the charts are drawn: the theme reads the page's styles. */
  protected readonly charts = computed(() => {
    const theme = this.chartTheme();
    const weeks = this.weekNames();
    return new Map(
      this.trends().map((trend) => [trend.key, weeklyChart(weeks, trend.series, theme)]),
    );
  });

  protected chartLabel(key: TrendKey, heading: string): string {
    const npc = this.npc();
    const weeks = TREND_WEEKS;
    return key === 'core_hours'
      ? $localize`:@@npc.trend.chartCoreHours:Line chart of the core-hours the runs of ${npc}:npc: billed in each of the last ${weeks}:weeks: weeks`
      : $localize`:@@npc.trend.chartLabel:Line chart: ${heading}:measure: by ${npc}:npc: in each of the last ${weeks}:weeks: weeks`;
  }
}
