import type { AlertRule } from '@shared/board/admin';
import type { AlertLanguage, ChannelKind, DeliveryStatus, SilenceView } from '@shared/board/alerts';
import type { AlertMessage } from './alert-rules';

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
