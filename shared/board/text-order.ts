/**
 * How the board orders text in its answers, the same on every server whatever its locale
 * (docs/rules.md#ordering).
 */

/**
 * Names (organizations, repositories, NPCs): letters before case, so `beta` sorts
 * between `Alpha` and `Gamma`; names that differ only in case keep a fixed order.
 */
export function byName(a: string, b: string): number {
  const lowerA = a.toLowerCase();
  const lowerB = b.toLowerCase();
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  return byCodeUnit(a, b);
}

/**
 * Code-unit order, SQLite's `BINARY` collation: what ISO 8601 timestamps and ids sort by,
 * and what both stores give.
 */
export function byCodeUnit(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
