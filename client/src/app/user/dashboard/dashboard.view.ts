import { isBelowThreshold } from '@shared/board/credits';
import type { CreditSnapshot, Organization } from '@shared/board/entities';
import { dailySpending } from '@shared/board/credits';

import { ConsumptionSeries } from '../charts/chart-options';

/** What one organization card shows. */
export interface OrgCardView {
  slug: string;
  name: string;
  avatarUrl: string;
  repoCount: number;
  activeIssueCount: number;
  /**
   * Open NPC issues in progress with no NPC activity past the stuck limit; null while the
   * board is still reading the conversations it is counted from.
   */
  stuckCount: number | null;
  /** Open NPC-assigned issues waiting for their first NPC answer past the pickup SLO; null likewise. */
  overdueCount: number | null;
  /** null: unknown. */
  balance: number | null;
  /** Below the alert threshold (never when the balance or threshold is unknown). */
  low: boolean;
  /** Why this organization's data could not be had, when it could not. */
  error: string | null;
}

/** Days of consumption the dashboard's chart covers. */
export const TREND_DAYS = 7;

/** One card per organization, in the order the board sends them. */
export function orgCards(orgs: readonly Organization[], threshold: number | null): OrgCardView[] {
  return orgs.map((org) => ({
    slug: org.slug,
    name: org.name || org.slug,
    avatarUrl: org.avatar_url,
    repoCount: org.repo_count,
    activeIssueCount: org.active_issue_count,
    // null while counting; a board older than these counts sends none: read that as none found.
    stuckCount: org.stuck_count === undefined ? 0 : org.stuck_count,
    overdueCount: org.overdue_count === undefined ? 0 : org.overdue_count,
    balance: org.credits_balance,
    low: !org.error && isBelowThreshold(org.credits_balance, threshold),
    error: org.error ?? null,
  }));
}

/** Stuck and overdue issues of a card; counts still being counted weigh nothing yet. */
export function attentionCount(card: OrgCardView): number {
  return (card.stuckCount ?? 0) + (card.overdueCount ?? 0);
}

/**
 * The wall display's order: organizations needing attention first, the most stuck and
 * overdue work first, then those whose balance is low, then the rest; the board's order
 * inside each group.
 */
export function attentionFirst(cards: readonly OrgCardView[]): OrgCardView[] {
  const rank = (card: OrgCardView): number => (attentionCount(card) > 0 ? 0 : card.low ? 1 : 2);
  return cards
    .map((card, index) => ({ card, index }))
    .sort(
      (a, b) =>
        rank(a.card) - rank(b.card) ||
        attentionCount(b.card) - attentionCount(a.card) ||
        a.index - b.index,
    )
    .map(({ card }) => card);
}

/** What a viewer sees change on a card, for the mark a live update leaves. */
export function cardFigures(card: OrgCardView): unknown[] {
  return [
    card.name,
    card.repoCount,
    card.activeIssueCount,
    card.stuckCount,
    card.overdueCount,
    card.balance,
    card.low,
    card.error,
  ];
}

/**
 * Credits spent per day by each organization over the last `days` UTC days, one series
 * per organization in `slugs` order (an organization without snapshots spent nothing
 * that the board saw). Names come from `names`, falling back to the slug.
 */
export function consumptionSeries(
  slugs: readonly string[],
  names: ReadonlyMap<string, string>,
  snapshots: readonly CreditSnapshot[],
  now: Date,
  days = TREND_DAYS,
): ConsumptionSeries[] {
  const bySlug = new Map<string, CreditSnapshot[]>();
  for (const snap of snapshots) {
    const list = bySlug.get(snap.org_slug);
    if (list) list.push(snap);
    else bySlug.set(snap.org_slug, [snap]);
  }
  return slugs.map((slug) => ({
    label: names.get(slug) ?? slug,
    days: dailySpending(bySlug.get(slug) ?? [], days, now),
  }));
}
