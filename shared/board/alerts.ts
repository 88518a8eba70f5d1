import { LANGUAGES, type Language } from './languages';
import type { AlertRule } from './admin';

/** Alerts, their channels and deliveries, as the admin API shows them. */

export const ALERT_SEVERITY: Record<AlertRule, 'critical' | 'warning' | 'info'> = {
  credits_exhausted: 'critical',
  credits_below_threshold: 'warning',
  runway_short: 'warning',
  npc_stuck: 'warning',
  snapshot_failing: 'warning',
  pickup_overdue: 'info',
  run_runaway: 'warning',
  task_failing: 'warning',
};

export type AlertSeverity = (typeof ALERT_SEVERITY)[AlertRule];

export const CHANNEL_KINDS = ['webhook', 'slack', 'wecom', 'feishu', 'dingtalk'] as const;

/** Languages an alert channel's messages can be written in: the board's own. */
export const ALERT_LANGUAGES = LANGUAGES;
export type AlertLanguage = Language;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export type AlertStatus = 'firing' | 'resolved';
export type DeliveryStatus = 'queued' | 'sent' | 'retrying' | 'failed';

/** What an alert is about: an organization or an issue. */
export interface AlertSubject {
  type: 'organization' | 'issue';
  /** The organization's slug, or `<org>/<repo>#<number>`. */
  id: string;
  name: string;
  /** The board page that shows it; null without `BOARD_PUBLIC_URL`. */
  url: string | null;
}

/** `GET /api/admin/alerts`: firing first, then the last 7 days' resolved. */
export interface AlertView {
  id: string;
  rule: AlertRule;
  severity: AlertSeverity;
  status: AlertStatus;
  org: string;
  subject: AlertSubject;
  /** In English, for API users; the app writes it from `rule` and `params`. */
  summary: string;
  /**
   * What the summary says, by rule: `balance`, `threshold`, `runway_days`,
   * `alert_under_days`, `failed_runs`, or for an issue `repo`, `number`, `title`, `npc`, `since`
   * (and for a run alert `sn` and `minutes`, the run's length when found, or `failed_runs`).
   */
  params: Record<string, string | number>;
  started_at: string;
  resolved_at: string | null;
  last_sent_at: string | null;
  /** A silence covers it: shown, not sent. */
  muted: boolean;
}

/** `GET /api/admin/alerts/deliveries`, newest first. */
export interface DeliveryView {
  id: string;
  alert_id: string | null;
  channel_id: string;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A channel as the API reads it back: the URL and secret are never shown. */
export interface ChannelView {
  id: string;
  name: string;
  kind: ChannelKind;
  /** Scheme and host only. */
  url_masked: string;
  has_secret: boolean;
  /** Empty: every rule. */
  rules: AlertRule[];
  /** Empty: every organization. */
  orgs: string[];
  enabled: boolean;
  /** The language of its messages. */
  language: AlertLanguage;
}

/** A muted rule for an organization, or one muted alert, until a time. */
export interface SilenceView {
  id: string;
  rule: AlertRule;
  /** Null: every organization. */
  org: string | null;
  /** Null: every alert of the rule (and organization). */
  alert_id: string | null;
  until: string;
  note: string;
  created_at: string;
}

/** `POST /api/admin/alerts/silences`: what to mute, until when, and why. */
export interface SilenceRequest {
  rule: AlertRule;
  /** Left out: every organization. */
  org?: string;
  /** Left out: every alert of the rule (and organization). */
  alert_id?: string;
  /** ISO 8601, in the future. */
  until: string;
  note: string;
}

/** `POST /api/admin/alerts/evaluate`. */
export interface EvaluateResult {
  fired: AlertView[];
  resolved: AlertView[];
}

/** `POST /api/admin/alerts/channels/:id/test`: the receiver's answer. */
export interface ChannelTestResult {
  ok: boolean;
  /** HTTP status; 0 when no answer came. */
  status: number;
  body_excerpt: string;
}
