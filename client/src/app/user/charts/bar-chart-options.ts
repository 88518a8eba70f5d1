import type { ChartData, ChartOptions, TooltipItem } from 'chart.js';

import { APP_LOCALE } from '../../core/locale';
import { formatCount } from '../../ui/format';
import { ChartTheme } from './chart-theme';

/** A horizontal bar chart's data and options, ready for BarChartComponent. */
export interface BarChartConfig {
  data: ChartData<'bar', number[], string>;
  options: ChartOptions<'bar'>;
}

/** Room per bar, so the chart grows with its ranking instead of squeezing the bars. */
const BAR_PX = 30;
const AXIS_PX = 40;

/** The chart's height for its bars, also what its placeholder keeps free so nothing shifts. */
export function barChartHeight(config: BarChartConfig): number {
  return AXIS_PX + BAR_PX * Math.max(1, config.data.labels?.length ?? 0);
}

/** One bar of a ranking: what is ranked and its figure. */
export interface RankedItem {
  label: string;
  value: number;
}

/**
 * A ranking as horizontal bars, largest first as given, so long names (repositories) read
 * on a phone without rotated labels. One series, so one colour: the bars differ by length
 * and the value axis, and each tooltip names the unit (`unit`, already in the app's
 * language: "commits").
 */
export function rankingChart(
  items: readonly RankedItem[],
  unit: string,
  format: (value: number) => string,
  theme: ChartTheme,
): BarChartConfig {
  const font = { family: theme.font, size: 12 };
  const color = theme.series[0];
  return {
    data: {
      labels: items.map((i) => i.label),
      datasets: [
        {
          label: unit,
          data: items.map((i) => i.value),
          backgroundColor: color,
          borderColor: color,
          borderRadius: 4,
          maxBarThickness: 22,
        },
      ],
    },
    options: {
      // Numbers Chart.js formats itself read in the app's language.
      locale: APP_LOCALE,
      indexAxis: 'y',
      // A click or hover anywhere along a bar's row counts as that bar (drill-down).
      interaction: { mode: 'index', axis: 'y', intersect: false },
      responsive: true,
      maintainAspectRatio: false,
      animation: theme.reducedMotion ? false : { duration: 250 },
      color: theme.text,
      plugins: {
        legend: { display: false },
        tooltip: {
          titleFont: font,
          bodyFont: font,
          callbacks: {
            label: (item: TooltipItem<'bar'>) => {
              const value = format(Number(item.parsed.x));
              return $localize`:@@charts.ranking.tooltip:${value}:value: ${unit}:unit:`;
            },
          },
        },
      },
      scales: {
        x: {
          beginAtZero: true,
          ticks: {
            color: theme.text,
            font,
            precision: 0,
            callback: (value: number | string) => formatCount(Number(value)),
          },
          grid: { color: theme.grid },
        },
        y: {
          ticks: { color: theme.text, font, autoSkip: false },
          grid: { display: false },
        },
      },
    },
  };
}
