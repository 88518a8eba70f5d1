import { chartPointOf } from './chart-click';

describe('chartPointOf', () => {
  it('reads the first active element of a click', () => {
    expect(
      chartPointOf([
        { datasetIndex: 2, index: 5, element: {} },
        { datasetIndex: 3, index: 5 },
      ]),
    ).toEqual({ datasetIndex: 2, index: 5 });
  });

  it('is null when the click hit nothing or Chart.js gave something else', () => {
    expect(chartPointOf([])).toBeNull();
    expect(chartPointOf(undefined)).toBeNull();
    expect(chartPointOf([null])).toBeNull();
    expect(chartPointOf([{ datasetIndex: '1', index: 0 }])).toBeNull();
  });
});
