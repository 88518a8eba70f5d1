import type { CreditForecastKind } from '@shared/board/entities';

import { formatCount, formatDays } from './format';

/** Credit figures in words, shared by the credits monitor and the dispatch form. */

/** The "Runs out" cell: a date, "never", "insufficient data" or "unknown". */
export function forecastText(row: {
  forecast: CreditForecastKind | null;
  exhaustionDate: string | null;
}): string {
  switch (row.forecast) {
    case 'date':
      return row.exhaustionDate ?? unknownForecast();
    case 'never':
      return $localize`:@@credits.forecast.never:never`;
    case 'insufficient_data':
      return $localize`:@@credits.forecast.insufficientData:insufficient data`;
    default:
      return unknownForecast();
  }
}

function unknownForecast(): string {
  return $localize`:@@credits.forecast.unknown:unknown`;
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
  const days = row.taskWindowDays;
  if (row.runwayTasks !== null) {
    const count = formatCount(row.runwayTasks);
    return row.runwayTasks === 1
      ? $localize`:@@credits.runway.tasksOne:≈ ${count}:count: more task at ${days}:days:-day cost`
      : $localize`:@@credits.runway.tasksOther:≈ ${count}:count: more tasks at ${days}:days:-day cost`;
  }
  if (row.tasksCompleted === 0) {
    const window = formatDays(days);
    return $localize`:@@credits.runway.noneCompleted:tasks unknown: none completed in ${window}:window:`;
  }
  return $localize`:@@credits.runway.noConsumption:tasks unknown: no consumption data`;
}
