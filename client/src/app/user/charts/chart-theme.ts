import type { PointStyle } from 'chart.js';

/** Colours and motion a chart is drawn with; canvas cannot read CSS, so they are passed in. */
export interface ChartTheme {
  /** Axis labels and legend text. */
  readonly text: string;
  readonly grid: string;
  /** The alert colour, for the threshold line only. */
  readonly alert: string;
  readonly series: readonly string[];
  readonly font: string;
  readonly reducedMotion: boolean;
}

/**
 * Ten series colours, told apart in light and dark mode. Red and yellow are left out:
 * they mean "below threshold" and "dormant" (docs/app.md#the-app) and nothing else.
 */
export const LIGHT_SERIES: readonly string[] = [
  '#1565c0',
  '#00897b',
  '#7b1fa2',
  '#2e7d32',
  '#ef6c00',
  '#0097a7',
  '#6d4c41',
  '#c2185b',
  '#546e7a',
  '#3949ab',
];

export const DARK_SERIES: readonly string[] = [
  '#90caf9',
  '#80cbc4',
  '#ce93d8',
  '#a5d6a7',
  '#ffb74d',
  '#80deea',
  '#bcaaa4',
  '#f48fb1',
  '#b0bec5',
  '#9fa8da',
];

const POINT_STYLES: readonly PointStyle[] = ['circle', 'rect', 'triangle', 'rectRot', 'star'];

export interface SeriesStyle {
  color: string;
  pointStyle: PointStyle;
  dash: number[];
}

/**
 * The look of the n-th series. Point shapes vary too, so lines are not told apart by
 * colour alone; past the palette, lines turn dashed rather than repeat a look.
 */
export function seriesStyle(index: number, theme: ChartTheme): SeriesStyle {
  const palette = theme.series.length;
  return {
    color: theme.series[index % palette],
    pointStyle: POINT_STYLES[index % POINT_STYLES.length],
    dash: index >= palette ? [6, 4] : [],
  };
}

/** A fallback theme, used before the page's colours are known and in unit tests. */
export const DEFAULT_CHART_THEME: ChartTheme = {
  text: '#44474e',
  grid: 'rgba(0, 0, 0, 0.1)',
  alert: '#ba1a1a',
  series: LIGHT_SERIES,
  font: 'Roboto, sans-serif',
  reducedMotion: false,
};
