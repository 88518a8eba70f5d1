import type { Point } from 'chart.js';

import { balanceChart, consumptionChart, weeklyChart } from './chart-options';
import { ChartTheme, DEFAULT_CHART_THEME, LIGHT_SERIES, seriesStyle } from './chart-theme';

const THEME: ChartTheme = { ...DEFAULT_CHART_THEME, text: '#111111', grid: '#cccccc' };
const DAY = 86_400_000;

// Chart.js callbacks are typed for its own `this`; tests call them as plain functions.
type Callback = (...args: unknown[]) => unknown;
const call = (fn: unknown, ...args: unknown[]) => (fn as Callback)(...args);

describe('consumptionChart', () => {
  const series = [
    {
      label: 'Acme',
      days: [
        { date: '2026-11-21', spent: 10 },
        { date: '2026-11-22', spent: 1500 },
      ],
    },
    {
      label: 'Globex',
      days: [
        { date: '2026-11-21', spent: 0 },
        { date: '2026-11-22', spent: 4 },
      ],
    },
  ];

  it('gives the chart one line per organization over the days', () => {
    const { data } = consumptionChart(series, THEME);

    expect(data.labels).toEqual(['2026-11-21', '2026-11-22']);
    expect(data.datasets.map((d) => [d.label, d.data])).toEqual([
      ['Acme', [10, 1500]],
      ['Globex', [0, 4]],
    ]);
  });

  it('colours lines from the theme and tells them apart by marker too', () => {
    const { data } = consumptionChart(series, THEME);

    expect(data.datasets[0].borderColor).toBe(LIGHT_SERIES[0]);
    expect(data.datasets[1].borderColor).toBe(LIGHT_SERIES[1]);
    expect(data.datasets[0].pointStyle).not.toBe(data.datasets[1].pointStyle);
  });

  it('uses the theme for text and grid, starts at zero and formats credits', () => {
    const { options } = consumptionChart(series, THEME);
    const y = options.scales?.['y'] as {
      beginAtZero: boolean;
      grid: { color: string };
      ticks: { color: string; callback: unknown };
    };

    expect(options.color).toBe('#111111');
    const x = options.scales?.['x'] as { ticks: { callback: unknown } };
    expect(call(x.ticks.callback, 1)).toBe('11-22');
    expect(y.beginAtZero).toBe(true);
    expect(y.grid.color).toBe('#cccccc');
    expect(call(y.ticks.callback, 1500)).toBe('1,500');
    expect(options.interaction).toEqual({ mode: 'index', intersect: false });
  });

  it('labels tooltip lines with the organization and unit', () => {
    const { options } = consumptionChart(series, THEME);
    const label = options.plugins?.tooltip?.callbacks?.label;
    expect(call(label, { dataset: { label: 'Acme' }, parsed: { y: 1500 } })).toBe(
      'Acme: 1,500 credits',
    );
  });

  it('turns animation off for people who ask for less motion', () => {
    expect(consumptionChart(series, { ...THEME, reducedMotion: true }).options.animation).toBe(
      false,
    );
  });

  it('has no labels without series', () => {
    expect(consumptionChart([], THEME).data).toEqual({ labels: [], datasets: [] });
  });
});

describe('balanceChart', () => {
  const to = Date.parse('2026-11-22T12:00:00Z');
  const window = { from: to - 7 * DAY, to };
  const series = [
    {
      label: 'Helix',
      snapshots: [
        { org_slug: 'helix', recorded_at: '2026-11-22T10:00:00Z', balance: 37.4 },
        { org_slug: 'helix', recorded_at: '2026-11-10T10:00:00Z', balance: 900 },
        { org_slug: 'helix', recorded_at: '2026-11-21T10:00:00Z', balance: 92 },
      ],
    },
  ];

  it('plots each organization in time order, inside the window only', () => {
    const { data } = balanceChart(series, 50, window, THEME);

    expect(data.datasets[0].label).toBe('Helix');
    expect(data.datasets[0].data).toEqual([
      { x: Date.parse('2026-11-21T10:00:00Z'), y: 92 },
      { x: Date.parse('2026-11-22T10:00:00Z'), y: 37.4 },
    ]);
  });

  it('gives the chart the threshold as a dashed line in the alert colour across the window', () => {
    const { data } = balanceChart(series, 50, window, THEME);
    const threshold = data.datasets.at(-1)!;

    expect(threshold.label).toBe('Alert threshold (50)');
    expect(threshold.borderDash).toEqual([6, 4]);
    expect(threshold.borderColor).toBe(THEME.alert);
    expect(threshold.data as Point[]).toEqual([
      { x: window.from, y: 50 },
      { x: window.to, y: 50 },
    ]);
  });

  it('keeps the threshold out of the tooltip', () => {
    const { options } = balanceChart(series, 50, window, THEME);
    const filter = options.plugins?.tooltip?.filter;
    expect(call(filter, { datasetIndex: 0 })).toBe(true);
    expect(call(filter, { datasetIndex: 1 })).toBe(false);
  });

  it('spans the window on a linear time axis labelled with dates', () => {
    const { options } = balanceChart(series, 50, window, THEME);
    const x = options.scales?.['x'] as {
      type: string;
      min: number;
      max: number;
      ticks: { stepSize: number; callback: unknown };
    };

    expect(x).toMatchObject({ type: 'linear', min: window.from, max: window.to });
    expect(x.ticks.stepSize).toBe(DAY);
    expect(call(x.ticks.callback, Date.parse('2026-11-20T00:00:00Z'))).toMatch(/^11-(19|20)$/);
    expect(
      (
        balanceChart(series, 50, { from: to - 30 * DAY, to }, THEME).options.scales?.['x'] as {
          ticks: { stepSize: number };
        }
      ).ticks.stepSize,
    ).toBe(5 * DAY);
  });

  it('titles the tooltip with the snapshot time', () => {
    const { options } = balanceChart(series, 50, window, THEME);
    const title = options.plugins?.tooltip?.callbacks?.title;
    expect(call(title, [{ parsed: { x: Date.parse('2026-11-22T10:00:00Z') } }])).toMatch(
      /^2026-11-22 \d\d:00$/,
    );
  });
});

describe('seriesStyle', () => {
  it('cycles the palette and dashes lines once the palette is used up', () => {
    const tenth = seriesStyle(9, THEME);
    const eleventh = seriesStyle(10, THEME);
    expect(tenth).toMatchObject({ color: LIGHT_SERIES[9], dash: [] });
    expect(eleventh).toMatchObject({ color: LIGHT_SERIES[0], dash: [6, 4] });
  });

  it('keeps red and yellow out of the series colours', () => {
    const hue = (hex: string): number => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      if (max === min) return -1;
      const d = max - min;
      const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
      return (h * 60 + 360) % 360;
    };
    for (const color of LIGHT_SERIES) {
      const h = hue(color);
      // Pure reds sit within 10° of 0, yellows around 50–65°.
      expect(h === -1 || (h > 10 && h < 350 && (h < 45 || h > 70))).toBe(true);
    }
  });
});

describe('weeklyChart', () => {
  const weeks = ['2026-10-25', '2026-11-01', '2026-11-08', '2026-11-15'];
  const series = {
    label: 'Core-hours',
    values: [1.5, null, 4.25, 0],
    format: (value: number) => `${value} core-h`,
    counts: false,
  };

  it('draws one line over the weeks, gaps where a week is not known yet', () => {
    const config = weeklyChart(weeks, series, THEME);
    expect(config.data.labels).toEqual(weeks);
    expect(config.data.datasets).toHaveLength(1);
    expect(config.data.datasets[0].data).toEqual([1.5, null, 4.25, 0]);
    expect(config.data.datasets[0].borderColor).toBe(LIGHT_SERIES[0]);
    expect(config.options.plugins?.legend?.display).toBe(false);
    expect(config.options.scales?.['y']).toMatchObject({ beginAtZero: true });
  });

  it('names each week by its first day, short on the axis and in full in the tooltip', () => {
    const config = weeklyChart(weeks, series, THEME);
    const x = config.options.scales?.['x'];
    expect(call(x?.ticks?.callback, 1)).toBe('11-01');
    const tooltip = config.options.plugins?.tooltip?.callbacks;
    expect(call(tooltip?.title, [{ dataIndex: 2 }])).toBe('Week of 2026-11-08');
    expect(call(tooltip?.label, { parsed: { y: 4.25 } })).toBe('Core-hours: 4.25 core-h');
    expect(call(config.options.scales?.['y']?.ticks?.callback, 1.5)).toBe('1.5');
  });

  it('keeps counts on whole-number ticks', () => {
    const config = weeklyChart(weeks, { ...series, counts: true, values: [1, 2, 0, 3] }, THEME);
    expect(config.options.scales?.['y']?.ticks).toMatchObject({ precision: 0 });
  });
});
