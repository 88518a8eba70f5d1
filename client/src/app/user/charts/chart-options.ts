import type { ChartData, ChartOptions, Point, TooltipItem } from 'chart.js';
import type { CreditSnapshot } from '@shared/board/entities';
import { sortSnapshots } from '@shared/board/credits';

import { APP_LOCALE } from '../../core/locale';
import {
  formatCoreHours,
  formatCount,
  formatCredits,
  formatDate,
  formatDateTime,
} from '../../ui/format';
import { ChartTheme, seriesStyle } from './chart-theme';

/**
 * Chart configurations as pure functions of data and theme, so what a chart shows can be
 * unit-tested without a canvas. Chart components only draw what they are given.
 */

export interface LineChartConfig {
  data: ChartData<'line', (number | Point | null)[], string>;
  options: ChartOptions<'line'>;
}

/** One organization's credits spent per day, oldest day first. */
export interface ConsumptionSeries {
  label: string;
  days: readonly { date: string; spent: number }[];
}

/** One organization's balance over time. */
export interface BalanceSeries {
  /** What a click on the line leads to (an organization's slug); the label when absent. */
  key?: string;
  label: string;
  snapshots: readonly CreditSnapshot[];
}

const DAY_MS = 86_400_000;

function baseOptions(theme: ChartTheme): ChartOptions<'line'> {
  const font = { family: theme.font, size: 12 };
  return {
    // Numbers Chart.js formats itself (the default ticks, tooltips) read in the app's language.
    locale: APP_LOCALE,
    responsive: true,
    maintainAspectRatio: false,
    animation: theme.reducedMotion ? false : { duration: 250 },
    color: theme.text,
    plugins: {
      legend: {
        position: 'bottom',
        labels: { color: theme.text, font, usePointStyle: true, boxHeight: 8, padding: 12 },
      },
      tooltip: { titleFont: font, bodyFont: font, usePointStyle: true },
    },
  };
}

function valueAxis(theme: ChartTheme, title: string) {
  return {
    beginAtZero: true,
    title: { display: true, text: title, color: theme.text, font: { family: theme.font } },
    ticks: {
      color: theme.text,
      font: { family: theme.font },
      callback: (value: number | string) => formatCredits(Number(value)),
    },
    grid: { color: theme.grid },
  };
}

/** A tooltip line: "Acme: 1,500 credits". */
function creditsLabel(item: TooltipItem<'line'>): string {
  const series = item.dataset.label ?? '';
  const amount = formatCredits(Number(item.parsed.y));
  return $localize`:@@charts.tooltip.credits:${series}:series:: ${amount}:amount: credits`;
}

/**
 * The dashboard's credit consumption trend: credits spent per day by each organization,
 * one line each, the days on a category axis. Hovering a day lists every organization.
 */
export function consumptionChart(
  series: readonly ConsumptionSeries[],
  theme: ChartTheme,
): LineChartConfig {
  const labels = series[0]?.days.map((d) => d.date) ?? [];
  const base = baseOptions(theme);
  return {
    data: {
      labels,
      datasets: series.map((s, index) => {
        const style = seriesStyle(index, theme);
        return {
          label: s.label,
          data: s.days.map((d) => d.spent),
          borderColor: style.color,
          backgroundColor: style.color,
          borderDash: style.dash,
          pointStyle: style.pointStyle,
          pointRadius: 3,
          pointHoverRadius: 5,
          borderWidth: 2,
          tension: 0.25,
        };
      }),
    },
    options: {
      ...base,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        ...base.plugins,
        tooltip: {
          ...base.plugins?.tooltip,
          callbacks: {
            label: creditsLabel,
          },
        },
      },
      scales: {
        x: {
          ticks: {
            color: theme.text,
            font: { family: theme.font },
            maxRotation: 0,
            // `11-16`: the year adds nothing within a week; the tooltip has the full date.
            callback: (value: number | string) => labels[Number(value)]?.slice(5) ?? '',
          },
          grid: { color: theme.grid },
        },
        y: valueAxis(theme, $localize`:@@charts.consumption.axis:Credits spent per day`),
      },
    },
  };
}

/**
 * The credits monitor's balances over the window, one line per organization on a time
 * axis (numbers of milliseconds, labelled as dates, so no date adapter is needed), with
 * the alert threshold as a dashed line in the alert colour.
 */
export function balanceChart(
  series: readonly BalanceSeries[],
  threshold: number,
  window: { from: number; to: number },
  theme: ChartTheme,
): LineChartConfig {
  const base = baseOptions(theme);
  const longWindow = window.to - window.from > 10 * DAY_MS;
  const datasets: LineChartConfig['data']['datasets'] = series.map((s, index) => {
    const style = seriesStyle(index, theme);
    return {
      label: s.label,
      data: sortSnapshots(s.snapshots)
        .map((snap) => ({ x: Date.parse(snap.recorded_at), y: snap.balance }))
        .filter((p) => p.x >= window.from && p.x <= window.to),
      borderColor: style.color,
      backgroundColor: style.color,
      borderDash: style.dash,
      pointStyle: style.pointStyle,
      // Hourly snapshots are too dense for markers; they show on hover.
      pointRadius: 0,
      pointHoverRadius: 4,
      borderWidth: 2,
    };
  });
  const limit = formatCredits(threshold);
  datasets.push({
    label: $localize`:@@charts.balance.threshold:Alert threshold (${limit}:threshold:)`,
    data: [
      { x: window.from, y: threshold },
      { x: window.to, y: threshold },
    ],
    borderColor: theme.alert,
    backgroundColor: theme.alert,
    borderDash: [6, 4],
    borderWidth: 1.5,
    pointRadius: 0,
    pointHoverRadius: 0,
    pointStyle: 'line',
  });
  return {
    data: { datasets },
    options: {
      ...base,
      parsing: false,
      interaction: { mode: 'nearest', axis: 'x', intersect: false },
      plugins: {
        ...base.plugins,
        tooltip: {
          ...base.plugins?.tooltip,
          // The threshold line is a reference, not a datum.
          filter: (item: TooltipItem<'line'>) => item.datasetIndex < series.length,
          callbacks: {
            title: (items: TooltipItem<'line'>[]) =>
              items.length ? formatDateTime(Number(items[0].parsed.x)) : '',
            label: creditsLabel,
          },
        },
      },
      scales: {
        x: {
          type: 'linear',
          min: window.from,
          max: window.to,
          ticks: {
            color: theme.text,
            font: { family: theme.font },
            stepSize: longWindow ? 5 * DAY_MS : DAY_MS,
            maxRotation: 0,
            callback: (value: number | string) => formatDate(Number(value)).slice(5),
          },
          grid: { color: theme.grid },
        },
        y: valueAxis(theme, $localize`:@@charts.balance.axis:Balance (credits)`),
      },
    },
  };
}

/** One measure over the trend's weeks: a value per week, null where it is not known yet. */
export interface WeeklySeries {
  /** The measure, as the tooltip and the axis name it: "Tasks completed". */
  label: string;
  values: readonly (number | null)[];
  /** A value in words for the tooltip: `3 tasks`, `1.25 core-h`. */
  format: (value: number) => string;
  /** Counts have whole-number ticks; core-hours up to two decimals. */
  counts: boolean;
}

/**
 * A trend of one measure over the weeks (`weeks`, each named by its first day), one
 * line on a category axis from zero up. A week with no value yet leaves a gap.
 */
export function weeklyChart(
  weeks: readonly string[],
  series: WeeklySeries,
  theme: ChartTheme,
): LineChartConfig {
  const base = baseOptions(theme);
  const style = seriesStyle(0, theme);
  const font = { family: theme.font };
  return {
    data: {
      labels: [...weeks],
      datasets: [
        {
          label: series.label,
          data: [...series.values],
          borderColor: style.color,
          backgroundColor: style.color,
          pointStyle: style.pointStyle,
          pointRadius: 3,
          pointHoverRadius: 5,
          borderWidth: 2,
          tension: 0.25,
          spanGaps: false,
        },
      ],
    },
    options: {
      ...base,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        ...base.plugins,
        // One line: the chart's heading names it.
        legend: { display: false },
        tooltip: {
          ...base.plugins?.tooltip,
          callbacks: {
            title: (items: TooltipItem<'line'>[]) =>
              items.length
                ? $localize`:@@charts.week.title:Week of ${weeks[items[0].dataIndex] ?? ''}:week:`
                : '',
            label: (item: TooltipItem<'line'>) =>
              `${series.label}: ${series.format(Number(item.parsed.y))}`,
          },
        },
      },
      scales: {
        x: {
          ticks: {
            color: theme.text,
            font,
            maxRotation: 0,
            // `11-16`: the year adds nothing within a month; the tooltip has the full date.
            callback: (value: number | string) => weeks[Number(value)]?.slice(5) ?? '',
          },
          grid: { color: theme.grid },
        },
        y: {
          beginAtZero: true,
          ticks: {
            color: theme.text,
            font,
            ...(series.counts ? { precision: 0 } : {}),
            callback: (value: number | string) =>
              series.counts ? formatCount(Number(value)) : formatCoreHours(Number(value)),
          },
          grid: { color: theme.grid },
        },
      },
    },
  };
}
