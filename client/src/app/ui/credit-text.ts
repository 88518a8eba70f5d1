import type { CreditForecastKind } from '@shared/board/entities';

import { formatCount } from './format';

/** Credit figures in words, shared by the credits monitor and the dispatch form. */

/** The "Runs out" cell: a date, "never", "insufficient data" or "unknown". */
export function forecastText(row: {
  forecast: CreditForecastKind | null;
  exhaustionDate: string | null;
}): string {
  switch (row.forecast) {
    case 'date':
      return row.exhaustionDate ?? 'unknown';
    case 'never':
      return 'never';
    case 'insufficient_data':
      return 'insufficient data';
    default:
      return 'unknown';
  }
}

/** What the runway text reads of a credits row. */
export interface RunwayFields {
  balance: number | null;
  creditsPerTask: number | null;
  tasksCompleted: number;
  taskWindowDays: number;
  runwayTasks: number | null;
}

/**
 * Runway in work: "≈ 31 more tasks at 7-day cost", or why there is no such figure. Empty
 * when the balance itself is unknown (the balance cell says why).
 */
export function runwayText(row: RunwayFields): string {
  if (row.balance === null) return '';
  const window = `${row.taskWindowDays}-day cost`;
  if (row.runwayTasks !== null) {
    const n = row.runwayTasks;
    return `≈ ${formatCount(n)} more ${n === 1 ? 'task' : 'tasks'} at ${window}`;
  }
  if (row.tasksCompleted === 0) return `tasks unknown: none completed in ${row.taskWindowDays} d`;
  return 'tasks unknown: no consumption data';
}
