import type { AlertRule } from '@shared/board/admin';
import type {
  AlertLanguage,
  AlertSeverity,
  AlertStatus,
  AlertSubject,
  ChannelKind,
  DeliveryStatus,
  SilenceView,
} from '@shared/board/alerts';

/** A channel as stored: its URL and secret never leave the server. */
export interface ChannelRecord {
  id: string;
  name: string;
  kind: ChannelKind;
  url: string;
  secret: string | null;
  rules: AlertRule[];
  orgs: string[];
  enabled: boolean;
  /** Missing in channels stored before languages: `BOARD_LANGUAGE` then. */
  language?: AlertLanguage;
  created_at: string;
}

export type SilenceRecord = SilenceView;

/** One message to one channel in the outbox, from queueing to its last attempt. */
export interface DeliveryRecord {
  /** The delivery id receivers see; the same on every attempt. */
  id: string;
  channel_id: string;
  /** The first alert the message speaks of; null for a test message. */
  alert_id: string | null;
  message: AlertMessage;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  /** When the next attempt is due; null once sent or failed. */
  next_attempt_at: string | null;
  sent_at: string | null;
}

/** An alert as the store keeps it: one per rule and subject. */
export interface AlertState {
  id: string;
  rule: AlertRule;
  org: string;
  severity: AlertSeverity;
  status: AlertStatus;
  subject: AlertSubject;
  summary: string;
  details: Record<string, unknown>;
  started_at: string;
  resolved_at: string | null;
  /** The last evaluation that found its condition true. */
  last_true_at: string;
  /** When its last message was queued; null while none was. */
  last_sent_at: string | null;
}

/** The content of one message to one channel, before it is shaped for the channel's kind. */
export interface AlertMessage {
  rule: AlertRule | 'test';
  status: AlertStatus;
  severity: AlertSeverity;
  org: string;
  /** The organization's name, as the pages show it (the slug when it was not known). */
  org_name?: string;
  /** Every alert the message speaks of (a grouped message has several). */
  alert_ids: string[];
  /** At most MAX_LISTED_SUBJECTS. */
  subjects: AlertSubject[];
  /** Subjects beyond those listed. */
  more: number;
  details: Record<string, unknown>;
  started_at: string;
  resolved_at: string | null;
  reminder: boolean;
  board_url: string | null;
}
