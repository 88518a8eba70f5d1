import type { AlertRule } from '@shared/board/admin';
import type {
  AlertSubject,
  AlertView,
  ChannelKind,
  SilenceRequest,
  SilenceView,
} from '@shared/board/alerts';

import {
  formatCount,
  formatCredits,
  formatDateTime,
  formatDuration,
  formatList,
  formatRate,
} from '../../ui/format';

/** How each rule reads on the page. */
export const RULE_LABELS: Record<AlertRule, string> = {
  credits_below_threshold: $localize`:@@admin.alerts.rule.creditsBelowThreshold:Credits below the threshold`,
  runway_short: $localize`:@@admin.alerts.rule.runwayShort:Short runway`,
  credits_exhausted: $localize`:@@admin.alerts.rule.creditsExhausted:Credits exhausted`,
  npc_stuck: $localize`:@@admin.alerts.rule.npcStuck:NPC issue stuck`,
  pickup_overdue: $localize`:@@admin.alerts.rule.pickupOverdue:Pickup overdue`,
  snapshot_failing: $localize`:@@admin.alerts.rule.snapshotFailing:Balance unreadable`,
  run_runaway: $localize`:@@admin.alerts.rule.runRunaway:Runaway NPC run`,
  task_failing: $localize`:@@admin.alerts.rule.taskFailing:NPC task failing`,
};

/** How each kind of channel reads on the page. */
export const CHANNEL_KIND_LABELS: Record<ChannelKind, string> = {
  webhook: $localize`:@@admin.alerts.kind.webhook:webhook`,
  slack: $localize`:@@admin.alerts.kind.slack:slack`,
  wecom: $localize`:@@admin.alerts.kind.wecom:wecom`,
  feishu: $localize`:@@admin.alerts.kind.feishu:feishu`,
  dingtalk: $localize`:@@admin.alerts.kind.dingtalk:dingtalk`,
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
  { hours: 1, label: $localize`:@@admin.alerts.mute.oneHour:1 hour` },
  { hours: 4, label: $localize`:@@admin.alerts.mute.fourHours:4 hours` },
  { hours: 24, label: $localize`:@@admin.alerts.mute.oneDay:1 day` },
  { hours: 24 * 7, label: $localize`:@@admin.alerts.mute.oneWeek:1 week` },
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

/** A channel's rules in words, as the page's form names them; `everyRule` when it lists none. */
export function ruleList(rules: readonly AlertRule[], everyRule: string): string {
  return rules.length ? formatList(rules.map((rule) => RULE_LABELS[rule] ?? rule)) : everyRule;
}

/**
 * What a delivery was about, in words: the alert's rule and subject (`<rule>:<subject id>`),
 * named as the alert is when the page still lists it.
 */
export function alertIdText(alertId: string, alerts: readonly AlertView[]): string {
  const known = alerts.find((alert) => alert.id === alertId);
  const rule = (Object.keys(RULE_LABELS) as AlertRule[]).find((r) => alertId.startsWith(`${r}:`));
  if (!rule) return alertId;
  const subject = known?.subject.name ?? alertId.slice(rule.length + 1);
  return $localize`:@@admin.alerts.delivery.alert:${RULE_LABELS[rule]}:rule:: ${subject}:subject:`;
}

/** What a silence mutes, in words: one alert's subject, or a rule in one or every organization. */
export function silenceScope(silence: SilenceView): string {
  const rule = RULE_LABELS[silence.rule];
  if (silence.alert_id !== null) {
    // An alert's id is `<rule>:<subject id>`.
    const subject = silence.alert_id.slice(silence.rule.length + 1);
    return $localize`:@@admin.alerts.silence.scopeOne:${rule}:rule:: ${subject}:subject:`;
  }
  return silence.org === null
    ? $localize`:@@admin.alerts.silence.scopeEveryOrg:${rule}:rule:: every alert, in every organization`
    : $localize`:@@admin.alerts.silence.scopeOrg:${rule}:rule:: every alert in ${silence.org}:org:`;
}

/**
 * What an alert says, in the app's language, from its rule and the facts the board
 * found (`params`); the server's English `summary` when a fact is missing (an alert
 * stored before its facts were kept).
 */
export function alertSummary(alert: AlertView): string {
  const p = alert.params ?? {};
  const has = (...keys: string[]) => keys.every((key) => p[key] !== undefined && p[key] !== null);
  // Named as the pages name it; an alert stored before names were kept has its slug.
  const org = typeof p['org_name'] === 'string' ? p['org_name'] : alert.org;
  const number = (key: string) => formatCredits(Number(p[key]));
  switch (alert.rule) {
    case 'credits_exhausted':
      if (!has('balance')) break;
      return $localize`:@@admin.alerts.text.creditsExhausted:${org}:org: has no credits left (balance ${number('balance')}:balance:)`;
    case 'credits_below_threshold':
      if (!has('balance', 'threshold')) break;
      return $localize`:@@admin.alerts.text.belowThreshold:${org}:org: has ${number('balance')}:balance: credits, below the alert threshold of ${number('threshold')}:threshold:`;
    case 'runway_short':
      if (!has('runway_days', 'alert_under_days')) break;
      return $localize`:@@admin.alerts.text.runwayShort:${org}:org: runs out of credits in about ${formatRate(Number(p['runway_days']))}:days: days (alert under ${formatCount(Number(p['alert_under_days']))}:under:)`;
    case 'snapshot_failing':
      if (!has('failed_runs')) break;
      return $localize`:@@admin.alerts.text.snapshotFailing:${org}:org:'s balance could not be read in the last ${formatCount(Number(p['failed_runs']))}:runs: snapshot runs`;
    case 'npc_stuck':
    case 'pickup_overdue': {
      if (!has('repo', 'number', 'title', 'since')) break;
      const issue = `${p['repo']}#${p['number']}`;
      const title = String(p['title']);
      const since = formatDateTime(String(p['since']));
      if (alert.rule === 'npc_stuck') {
        return $localize`:@@admin.alerts.text.npcStuck:${issue}:issue: "${title}:title:" is stuck: no NPC activity since ${since}:since:`;
      }
      return typeof p['npc'] === 'string'
        ? $localize`:@@admin.alerts.text.pickupOverdue:${issue}:issue: "${title}:title:" has waited for ${p['npc']}:npc: since ${since}:since:`
        : $localize`:@@admin.alerts.text.pickupOverdueNoNpc:${issue}:issue: "${title}:title:" has waited for its NPC since ${since}:since:`;
    }
    case 'run_runaway': {
      if (!has('repo', 'number', 'title', 'since', 'sn', 'minutes')) break;
      const issue = `${p['repo']}#${p['number']}`;
      const duration = formatDuration(Number(p['minutes']) * 60_000);
      return $localize`:@@admin.alerts.text.runRunaway:${issue}:issue: "${String(p['title'])}:title:": run ${String(p['sn'])}:sn: has run ${duration}:duration:, since ${formatDateTime(String(p['since']))}:since:`;
    }
    case 'task_failing': {
      if (!has('repo', 'number', 'title', 'failed_runs')) break;
      const issue = `${p['repo']}#${p['number']}`;
      return $localize`:@@admin.alerts.text.taskFailing:${issue}:issue: "${String(p['title'])}:title:": the last ${formatCount(Number(p['failed_runs']))}:runs: NPC runs failed`;
    }
  }
  return alert.summary;
}
