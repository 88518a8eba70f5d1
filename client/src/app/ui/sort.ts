import { APP_LOCALE } from '../core/locale';

/** Direction of a sorted table column. */
export type SortDirection = 'asc' | 'desc';

/** A value a table sorts on; null sorts last in either direction. */
export type SortValue = string | number | null;

/**
 * A sorted copy of `rows` by `value`, stable, with nulls last whatever the direction
 * (an unknown balance or date is never "the smallest"). Strings compare naturally, so
 * `repo-2` sorts before `repo-10`.
 */
export function sortRows<T>(
  rows: readonly T[],
  value: (row: T) => SortValue,
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) {
        return a.key === b.key ? a.index - b.index : a.key === null ? 1 : -1;
      }
      const order =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : collator().compare(String(a.key), String(b.key));
      return order * sign || a.index - b.index;
    })
    .map((entry) => entry.row);
}

// In the app's language: Chinese names sort by their reading, as a Chinese reader expects.
// A collator loads collation data, which costs a phone tens of milliseconds: it is made
// when a table first sorts text, or earlier in a task of its own (`client/src/main.ts`), so
// that making it never lengthens the task that first renders a sorted table.
let textOrder: Intl.Collator | undefined;
/** The collator tables sort text with, made on first use. */
export function collator(): Intl.Collator {
  return (textOrder ??= new Intl.Collator(APP_LOCALE, { numeric: true, sensitivity: 'base' }));
}

/** Reads a sort direction from a query parameter, falling back to `fallback`. */
export function parseDirection(
  raw: string | null | undefined,
  fallback: SortDirection,
): SortDirection {
  return raw === 'asc' || raw === 'desc' ? raw : fallback;
}

/**
 * The order after a click on a column header: another column starts ascending, the sorted
 * column turns around. There is no unsorted state.
 */
export function nextSort<K extends string>(
  state: { sort: K; dir: SortDirection },
  key: K,
): { sort: K; dir: SortDirection } {
  if (state.sort !== key) return { sort: key, dir: 'asc' };
  return { sort: key, dir: state.dir === 'asc' ? 'desc' : 'asc' };
}
