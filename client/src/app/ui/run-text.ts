import { formatDuration } from './format';

/** A run's running marker, as the task cards and the admin overview say it: `running 12m`. */
export function runningText(startedAt: string, now: number): string {
  return $localize`:@@runs.card.running:running ${formatDuration(now - Date.parse(startedAt))}:duration:`;
}
