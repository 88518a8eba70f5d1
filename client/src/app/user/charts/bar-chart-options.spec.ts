import { formatCount } from '../../ui/format';
import { rankingChart } from './bar-chart-options';
import { DEFAULT_CHART_THEME } from './chart-theme';

type Callback = (...args: unknown[]) => unknown;
const call = (fn: unknown, ...args: unknown[]) => (fn as Callback)(...args);

describe('rankingChart', () => {
  const items = [
    { label: 'acme/api', value: 1500 },
    { label: 'acme/web', value: 2 },
  ];
  const { data, options } = rankingChart(items, 'commits', formatCount, DEFAULT_CHART_THEME);

  it('gives the chart one horizontal bar per item, in the order given', () => {
    expect(options.indexAxis).toBe('y');
    expect(data.labels).toEqual(['acme/api', 'acme/web']);
    expect(data.datasets).toHaveLength(1);
    expect(data.datasets[0].data).toEqual([1500, 2]);
    expect(data.datasets[0].backgroundColor).toBe(DEFAULT_CHART_THEME.series[0]);
  });

  it('needs no legend for one series and names the unit in tooltips', () => {
    expect(options.plugins?.legend?.display).toBe(false);
    expect(call(options.plugins?.tooltip?.callbacks?.label, { parsed: { x: 1500 } })).toBe(
      '1,500 commits',
    );
  });

  it('starts the value axis at zero with whole, separated numbers', () => {
    const x = options.scales?.['x'] as { beginAtZero: boolean; ticks: { callback: unknown } };
    expect(x.beginAtZero).toBe(true);
    expect(call(x.ticks.callback, 12000)).toBe('12,000');
  });

  it('turns animation off for people who ask for less motion', () => {
    const reduced = rankingChart(items, 'commits', formatCount, {
      ...DEFAULT_CHART_THEME,
      reducedMotion: true,
    });
    expect(reduced.options.animation).toBe(false);
  });
});
