import { formatCoreHours } from './format';

/** Billed core-hours in words, as every page writes them: `1.25 core-h`, `1.25 核时`. */
export function coreHoursText(hours: number): string {
  return $localize`:@@runs.coreHours:${formatCoreHours(hours)}:hours: core-h`;
}
