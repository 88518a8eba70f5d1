import type { AlertRule } from '@shared/board/admin';
import type { AlertSubject, AlertView } from '@shared/board/alerts';

/** How each rule reads on the page. */
export const RULE_LABELS: Record<AlertRule, string> = {
  credits_below_threshold: 'Credits below the threshold',
  runway_short: 'Short runway',
  credits_exhausted: 'Credits exhausted',
  npc_stuck: 'NPC issue stuck',
  pickup_overdue: 'Pickup overdue',
  snapshot_failing: 'Balance unreadable',
};

/** The board page that shows an alert's subject, as router link and query parameters. */
export function subjectLink(subject: AlertSubject): {
  path: string;
  query: Record<string, string | number>;
} {
  if (subject.type === 'organization') return { path: '/credits', query: { org: subject.id } };
  const [repo, number] = subject.id.split('#');
  return { path: '/tasks', query: { repo, issue: Number(number) } };
}

/** Firing alerts first (critical, then warning, then info), then the resolved ones. */
export function orderAlerts(alerts: readonly AlertView[]): AlertView[] {
  const rank = { critical: 0, warning: 1, info: 2 };
  return [...alerts].sort(
    (a, b) =>
      Number(a.status === 'resolved') - Number(b.status === 'resolved') ||
      rank[a.severity] - rank[b.severity] ||
      b.started_at.localeCompare(a.started_at),
  );
}
