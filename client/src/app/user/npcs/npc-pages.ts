import type { OutcomeWindow } from '@shared/board/outcomes';

import { APP_LOCALE } from '../../core/locale';
import { formatDateTime } from '../../ui/format';
import type { Segment } from '../../ui/segmented.component';
import type { PendingParts } from './outcome-measures';

/** The heading and summary of `/npcs`. */
export const NPCS_HEADING = {
  title: $localize`:@@npcs.heading:NPC outcomes`,
  summary: $localize`:@@npcs.summary:What each NPC delivers: the tasks it completes, how its pull requests fare and what its runs cost.`,
};

/** The window switch's choices, as the credits page offers them. */
export function outcomeWindows(): Segment<OutcomeWindow>[] {
  return [
    { value: 7, label: $localize`:@@npcs.window.days7:7 days` },
    { value: 30, label: $localize`:@@npcs.window.days30:30 days` },
  ];
}

/** What the figures count: "Over the last 7 days, since 2026-11-15 12:00." */
export function windowSince(days: OutcomeWindow, since: string): string {
  const from = formatDateTime(since);
  return $localize`:@@npcs.since:Over the last ${days}:days: days, since ${from}:since:.`;
}

// Here rather than in ui/format.ts, whose code every page loads: only these pages list so.
let sentenceList: Intl.ListFormat | null = null;

/** Names as a sentence lists them: `a, b, and c`, `a、b和c`. */
export function formatSentenceList(items: readonly string[], locale: string = APP_LOCALE): string {
  if (locale !== APP_LOCALE) {
    return new Intl.ListFormat(locale, { type: 'conjunction', style: 'long' }).format(items);
  }
  sentenceList ??= new Intl.ListFormat(locale, { type: 'conjunction', style: 'long' });
  return sentenceList.format(items);
}

/** The note while some figures are still being read; null once all are in. */
export function pendingNote(pending: PendingParts): string | null {
  const parts = [
    pending.signals ? $localize`:@@npcs.pending.signals:NPC conversations` : null,
    pending.pulls ? $localize`:@@npcs.pending.pulls:pull requests` : null,
    pending.runs ? $localize`:@@npcs.pending.runs:runs` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  const what = formatSentenceList(parts);
  return $localize`:@@npcs.pending.note:The board is still reading ${what}:what:; the figures marked “…” fill in by themselves.`;
}
