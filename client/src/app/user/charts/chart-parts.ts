import {
  Chart,
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
} from 'chart.js';

/**
 * The Chart.js parts the pages draw with (line charts, and the admin overview's ranking
 * bars, on category and linear axes, with legend and tooltips) and nothing else, so the
 * rest of Chart.js is tree-shaken away.
 */
export const CHART_PARTS = [
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
];

let registered = false;

/**
 * Registers the parts with Chart.js on first use. The chart components call it, so
 * Chart.js travels with them: a page that defers its chart downloads Chart.js only when
 * the chart is about to be drawn.
 */
export function registerChartParts(): void {
  if (registered) return;
  registered = true;
  Chart.register(...CHART_PARTS);
}
