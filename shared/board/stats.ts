/**
 * Small statistics helpers for the admin overview
 * (docs/rules.md#admin-overview-figures).
 */

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/**
 * The p-th percentile (0 ≤ p ≤ 1) with linear interpolation between closest ranks
 * (rank h = (n − 1)·p), the method of Excel's PERCENTILE.INC and NumPy's default.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  if (p < 0 || p > 1) throw new RangeError(`percentile must be within 0..1, got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * p;
  const lower = Math.floor(h);
  const upper = Math.min(lower + 1, sorted.length - 1);
  return sorted[lower] + (h - lower) * (sorted[upper] - sorted[lower]);
}
