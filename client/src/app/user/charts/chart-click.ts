/** A datum of a chart: which series and which item of it. */
export interface ChartPoint {
  datasetIndex: number;
  index: number;
}

/**
 * The first active element of a Chart.js click (`chartClick`'s `active`), or null when
 * the click hit nothing. Chart.js types it loosely, so it is checked here.
 */
export function chartPointOf(active: unknown): ChartPoint | null {
  if (!Array.isArray(active) || active.length === 0) return null;
  const first: unknown = active[0];
  if (typeof first !== 'object' || first === null) return null;
  const { datasetIndex, index } = first as Record<string, unknown>;
  return typeof datasetIndex === 'number' && typeof index === 'number'
    ? { datasetIndex, index }
    : null;
}
