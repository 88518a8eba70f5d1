import { MIN_COST_SAMPLE } from '@shared/board/outcomes';

import { coreHoursText } from './core-hours-text';
import { formatCount, formatPercent, formatRate } from './format';

/**
 * How the NPC outcome measures read (shared/board/outcomes.ts), on the NPC pages and in the
 * admin overview alike: shares as whole percentages, a sample size beside each, "too few"
 * where a figure would rest on fewer results than it needs.
 */

/** What a measure shows while the board is still reading what it is made of. */
export const PENDING_MARK = '…';

/** A share: `46%`; a dash when there is nothing to divide by. */
export function shareText(ratio: number | null): string {
  return ratio === null ? '—' : formatPercent(ratio);
}

/** The sample a figure is computed from: `n = 12`. */
export function sampleText(n: number): string {
  return $localize`:@@ui.outcome.sample:n = ${formatCount(n)}:n:`;
}

/** A figure left out for its sample: `too few (n = 3)`. */
export function tooFewText(n: number): string {
  return $localize`:@@ui.outcome.tooFew:too few (n = ${formatCount(n)}:n:)`;
}

/** The words of a figure left out for its sample, its n beside them: `too few`. */
export function tooFewWord(): string {
  return $localize`:@@ui.outcome.tooFewWord:too few`;
}

/** A mean count such as review rounds: one decimal, `1.5`; a dash without any. */
export function meanText(value: number | null): string {
  return value === null ? '—' : formatRate(value);
}

/**
 * Billed core-hours per accepted result (a merged pull request, a completed task) over `n`
 * results: `2.4 core-h`, or "too few (n = 3)" below `MIN_COST_SAMPLE` results, where one
 * costly run would make the figure; a dash when the core-hours are unknown.
 */
export function costPerResultText(cost: number | null, n: number): string {
  if (n < MIN_COST_SAMPLE) return tooFewText(n);
  return cost === null ? '—' : coreHoursText(cost);
}

/** The pending state's words, for assistive technology and the hover text. */
export function pendingText(): string {
  return $localize`:@@ui.outcome.pending:still counting: the board is reading this data`;
}
