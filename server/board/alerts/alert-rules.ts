import type { AlertRule } from '@shared/board/admin';
import { ALERT_SEVERITY, type AlertSubject } from '@shared/board/alerts';
import type { AlertMessage, AlertState } from '../store/alert-records';

/** One rule's condition found true for one subject in an evaluation. */
export interface AlertFinding {
  rule: AlertRule;
  org: string;
  subject: AlertSubject;
  summary: string;
  details: Record<string, unknown>;
}

/** What an evaluation asks to tell the channels. */
export interface AlertEvent {
  kind: 'firing' | 'reminder' | 'resolved';
  alert: AlertState;
}

export interface EvaluationInput {
  now: Date;
  findings: readonly AlertFinding[];
  /** Every stored alert (firing or resolved). */
  previous: readonly AlertState[];
  /** How long a condition stays false before its alert resolves. */
  resolveAfterMs: number;
  /** Least time between two messages of an alert that keeps firing. */
  repeatMs: number;
  /**
   * Nothing can be sent about this alert now (a silence covers it, or no enabled channel
   * takes it): its state moves on, and it is announced once something can be sent.
   */
  holdBack: (alert: AlertState) => boolean;
}

export interface EvaluationOutcome {
  /** Alerts whose stored state changed. */
  changed: AlertState[];
  /** Alerts that started firing in this evaluation. */
  fired: AlertState[];
  /** Alerts that resolved in this evaluation. */
  resolved: AlertState[];
  /** Messages to queue (held-back alerts have none). */
  events: AlertEvent[];
}

/** One alert per rule and subject. */
export function alertId(rule: AlertRule, subjectId: string): string {
  return `${rule}:${subjectId}`;
}

/**
 * The pure step of alert evaluation: from what is true now and the stored alerts, the
 * new states and the messages to send. An alert fires on the first evaluation that finds
 * its condition, reminds at most once per `repeatMs` while it keeps firing, and resolves
 * only once the condition has been false for `resolveAfterMs` (a condition that comes back
 * within that time sends nothing). A held-back alert (muted, or no channel for it) changes
 * state but sends nothing; once something can be sent it is announced like a new one.
 */
export function evaluateAlerts(input: EvaluationInput): EvaluationOutcome {
  const now = input.now.toISOString();
  const nowMs = input.now.getTime();
  const previous = new Map(input.previous.map((a) => [a.id, a]));
  const outcome: EvaluationOutcome = { changed: [], fired: [], resolved: [], events: [] };
  const seen = new Set<string>();

  const announce = (kind: AlertEvent['kind'], alert: AlertState): AlertState => {
    if (input.holdBack(alert)) return alert;
    const sent = { ...alert, last_sent_at: now };
    outcome.events.push({ kind, alert: sent });
    return sent;
  };

  for (const finding of input.findings) {
    const id = alertId(finding.rule, finding.subject.id);
    if (seen.has(id)) continue;
    seen.add(id);
    const before = previous.get(id);
    const current = {
      subject: finding.subject,
      summary: finding.summary,
      details: finding.details,
      last_true_at: now,
    };
    if (!before || before.status === 'resolved') {
      const started: AlertState = {
        id,
        rule: finding.rule,
        org: finding.org,
        severity: ALERT_SEVERITY[finding.rule],
        status: 'firing',
        ...current,
        started_at: now,
        resolved_at: null,
        last_sent_at: null,
      };
      const state = announce('firing', started);
      outcome.changed.push(state);
      outcome.fired.push(state);
      continue;
    }
    let state: AlertState = { ...before, ...current };
    if (before.last_sent_at === null) {
      state = announce('firing', state);
    } else if (nowMs - Date.parse(before.last_sent_at) >= input.repeatMs) {
      state = announce('reminder', state);
    }
    outcome.changed.push(state);
  }

  for (const before of input.previous) {
    if (before.status !== 'firing' || seen.has(before.id)) continue;
    if (nowMs - Date.parse(before.last_true_at) < input.resolveAfterMs) continue;
    const resolved: AlertState = { ...before, status: 'resolved', resolved_at: now };
    // An alert that was never announced ends as silently as it lived.
    const state = before.last_sent_at === null ? resolved : announce('resolved', resolved);
    outcome.changed.push(state);
    outcome.resolved.push(state);
  }
  return outcome;
}

/** Subjects one grouped message lists by name; the rest are counted. */
export const MAX_LISTED_SUBJECTS = 20;

/** What a channel wants to hear: empty lists mean everything. */
export interface ChannelFilter {
  id: string;
  enabled: boolean;
  rules: readonly string[];
  orgs: readonly string[];
}

/** Whether a channel wants to hear about an alert. */
export function channelTakes(
  channel: ChannelFilter,
  alert: Pick<AlertState, 'rule' | 'org'>,
): boolean {
  return (
    channel.enabled &&
    (channel.rules.length === 0 || channel.rules.includes(alert.rule)) &&
    (channel.orgs.length === 0 || channel.orgs.includes(alert.org))
  );
}

/**
 * One message per channel, organization, rule and status for what one evaluation produced
 * (a wave of stuck issues is one message), for the channels whose filters let it through.
 */
export function groupMessages(
  events: readonly AlertEvent[],
  channels: readonly ChannelFilter[],
  boardUrl: string | null,
): { channel_id: string; message: AlertMessage }[] {
  const out: { channel_id: string; message: AlertMessage }[] = [];
  for (const channel of channels) {
    const groups = new Map<string, AlertEvent[]>();
    for (const event of events) {
      const { rule, org } = event.alert;
      if (!channelTakes(channel, event.alert)) continue;
      const status = event.kind === 'resolved' ? 'resolved' : 'firing';
      const key = JSON.stringify([org, rule, status]);
      groups.set(key, [...(groups.get(key) ?? []), event]);
    }
    for (const group of groups.values()) {
      out.push({ channel_id: channel.id, message: messageOf(group, boardUrl) });
    }
  }
  return out;
}

function messageOf(group: readonly AlertEvent[], boardUrl: string | null): AlertMessage {
  const alerts = group.map((e) => e.alert);
  const first = alerts[0];
  const status = group[0].kind === 'resolved' ? 'resolved' : 'firing';
  const many = alerts.length > 1;
  const started = alerts.map((a) => a.started_at).sort()[0];
  return {
    rule: first.rule,
    status,
    severity: first.severity,
    org: first.org,
    ...(typeof first.details['org_name'] === 'string'
      ? { org_name: first.details['org_name'] }
      : {}),
    alert_ids: alerts.map((a) => a.id),
    subjects: alerts.slice(0, MAX_LISTED_SUBJECTS).map((a) => a.subject),
    more: Math.max(0, alerts.length - MAX_LISTED_SUBJECTS),
    details: many ? { count: alerts.length } : first.details,
    started_at: started,
    resolved_at: status === 'resolved' ? first.resolved_at : null,
    reminder: group.every((e) => e.kind === 'reminder'),
    board_url: boardUrl,
  };
}
