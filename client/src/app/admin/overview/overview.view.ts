import type { AdminOverview, ResponseTimeFigures } from '@shared/board/admin';

import { formatCount, formatCredits } from '../../ui/format';
import type { RankedItem } from '../../user/charts/bar-chart-options';

/** The two windows of the overview (docs/architecture.md#admin-overview-figures). */
export type OverviewDays = 7 | 30;

/** How many repositories the activity ranking shows. */
export const ACTIVITY_TOP = 10;

/** One of the four figure cards on top of the overview. */
export interface FigureCard {
  key: 'completion-7' | 'completion-30' | 'response-average' | 'response-p95';
  label: string;
  value: string;
  /** A second line under the value, e.g. `28 closed / 61 created`. */
  detail: string;
  /** The sample size, `n = …`. */
  sample: string;
  /** How the figure is computed, in the words of docs/architecture.md. */
  how: string;
}

/** One row of the per-NPC response table. */
export interface NpcRow {
  npc: string;
  average: string;
  p95: string;
  answered: number;
  waiting: number;
}

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** `45.9%`; a dash when nothing was created in the window (no rate to give). */
export function formatPercent(rate: number | null): string {
  return rate === null ? '—' : percent.format(rate);
}

/**
 * A duration as people say it: `45 s`, `12 min`, `2 h 5 min`, `3 d 4 h`; two units at
 * most, rounded to the smaller one. A dash when there is nothing to measure.
 */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, seconds);
  if (s < 59.5) return `${Math.round(s)} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return twoUnits(Math.floor(minutes / 60), 'h', minutes % 60, 'min');
  const hours = Math.round(s / 3600);
  return twoUnits(Math.floor(hours / 24), 'd', hours % 24, 'h');
}

function twoUnits(big: number, bigUnit: string, small: number, smallUnit: string): string {
  return small === 0 ? `${big} ${bigUnit}` : `${big} ${bigUnit} ${small} ${smallUnit}`;
}

/** Reads the `days` query parameter; 7 unless it says 30. */
export function parseDays(raw: string | null | undefined): OverviewDays {
  return raw === '30' ? 30 : 7;
}

function completionCard(overview: AdminOverview): FigureCard {
  const { created, closed, rate } = overview.completion;
  return {
    key: overview.days === 7 ? 'completion-7' : 'completion-30',
    label: `Completion rate, ${overview.days} d`,
    value: formatPercent(rate),
    detail: `${formatCount(closed)} closed / ${formatCount(created)} created`,
    sample: `n = ${formatCount(created)} NPC issues created`,
    how: `Of the NPC issues created in the last ${overview.days} days (UTC), the share that is closed now.`,
  };
}

function sampleOf(figures: ResponseTimeFigures): string {
  return `n = ${formatCount(figures.answered)} answered · ${formatCount(figures.waiting)} still waiting`;
}

/**
 * The four cards: completion over 7 and over 30 days, then the response time average and
 * P95 of the window chosen for the rest of the page (`response`).
 */
export function figureCards(
  week: AdminOverview,
  month: AdminOverview,
  response: AdminOverview,
): FigureCard[] {
  const figures = response.response_time;
  const waiting =
    figures.waiting === 0 ? 'none waiting' : `${formatCount(figures.waiting)} still waiting`;
  const measured = `For the NPC-assigned issues created in the last ${response.days} days (UTC), the time from creation to the first comment by an NPC.`;
  return [
    completionCard(week),
    completionCard(month),
    {
      key: 'response-average',
      label: `Response time, average (${response.days} d)`,
      value: formatDuration(figures.average_seconds),
      detail: waiting,
      sample: sampleOf(figures),
      how: `${measured} The mean over the issues that have such a comment; issues still waiting are counted separately, not dropped.`,
    },
    {
      key: 'response-p95',
      label: `Response time, P95 (${response.days} d)`,
      value: formatDuration(figures.p95_seconds),
      detail: '95% of answers came sooner',
      sample: sampleOf(figures),
      how: `${measured} The 95th percentile of those times, with linear interpolation between ranks; issues still waiting are counted separately.`,
    },
  ];
}

/** One row per NPC, then all NPCs together. */
export function npcRows(overview: AdminOverview): NpcRow[] {
  const row = (npc: string, f: ResponseTimeFigures): NpcRow => ({
    npc,
    average: formatDuration(f.average_seconds),
    p95: formatDuration(f.p95_seconds),
    answered: f.answered,
    waiting: f.waiting,
  });
  return [
    ...overview.response_time.by_npc.map((f) => row(f.npc, f)),
    row('All NPCs', overview.response_time),
  ];
}

/** Organizations by credits consumed in the window, as the server ranks them. */
export function creditItems(
  overview: AdminOverview,
  names: ReadonlyMap<string, string>,
): RankedItem[] {
  return overview.credit_ranking.map((r) => ({
    label: names.get(r.org_slug) ?? r.org_slug,
    value: r.consumed,
  }));
}

/** The most active repositories by commits in the window; repositories without any are left out. */
export function activityItems(overview: AdminOverview, top = ACTIVITY_TOP): RankedItem[] {
  return overview.activity_ranking
    .filter((r) => r.commits > 0)
    .slice(0, top)
    .map((r) => ({ label: r.repo, value: r.commits }));
}

/** The honest note when some repositories' commits could not be read; null when all could. */
export function activityUnavailableText(overview: AdminOverview): string | null {
  const n = overview.activity_unavailable.length;
  if (n === 0) return null;
  return `Commit history unavailable for ${formatCount(n)} ${n === 1 ? 'repository' : 'repositories'}: they are left out of this ranking.`;
}

/** Credits in the ranking's table and tooltips. */
export const formatConsumed = formatCredits;
