import type { AlertRule } from '@shared/board/admin';
import type { AlertSubject, AlertView, SilenceRequest, SilenceView } from '@shared/board/alerts';

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

/** How long a mute can last, as the mute form offers it. */
export const MUTE_DURATIONS: readonly { hours: number; label: string }[] = [
  { hours: 1, label: '1 hour' },
  { hours: 4, label: '4 hours' },
  { hours: 24, label: '1 day' },
  { hours: 24 * 7, label: '1 week' },
];

/** What a mute covers: the one alert, or every alert of its rule in its organization. */
export type MuteScope = 'alert' | 'rule';

const HOUR_MS = 3_600_000;

/** The silence that mutes `alert` (or its rule in its organization) for `hours` from `now`. */
export function muteRequest(
  alert: AlertView,
  scope: MuteScope,
  hours: number,
  note: string,
  now: number,
): SilenceRequest {
  return {
    rule: alert.rule,
    org: alert.org,
    ...(scope === 'alert' ? { alert_id: alert.id } : {}),
    until: new Date(now + hours * HOUR_MS).toISOString(),
    note: note.trim(),
  };
}

/** What a silence mutes, in words: one alert's subject, or a rule in one or every organization. */
export function silenceScope(silence: SilenceView): string {
  const rule = RULE_LABELS[silence.rule];
  if (silence.alert_id !== null) {
    // An alert's id is `<rule>:<subject id>`.
    return `${rule}: ${silence.alert_id.slice(silence.rule.length + 1)}`;
  }
  return silence.org === null
    ? `${rule}: every alert, in every organization`
    : `${rule}: every alert in ${silence.org}`;
}
