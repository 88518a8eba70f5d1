import type { DispatchFilter, DispatchRecord } from '@shared/board/dispatch';
import type { CreditSnapshot } from '@shared/board/entities';
import type { ChannelRecord, DeliveryRecord, SilenceRecord } from './alert-records';
import type { AlertState } from './alert-records';

/**
 * The board's own store: hourly credit snapshots, admin settings and the dispatch log. SQLite by default,
 * Redis when several replicas share it. Services depend on this class only.
 */
export abstract class BoardStore {
  /** Record a snapshot, replacing any other of the same organization in the same UTC hour. */
  abstract upsertSnapshot(snapshot: CreditSnapshot): Promise<void>;

  /** Record many snapshots at once (same rule as `upsertSnapshot`). */
  abstract upsertSnapshots(snapshots: readonly CreditSnapshot[]): Promise<void>;

  /** Snapshots of the given organizations recorded at or after `since`, oldest first. */
  abstract listSnapshots(orgs: readonly string[], since: Date): Promise<CreditSnapshot[]>;

  /** The newest snapshot of each organization that has one. */
  abstract latestSnapshots(orgs: readonly string[]): Promise<CreditSnapshot[]>;

  /** Organizations among `orgs` that have at least one snapshot. */
  abstract orgsWithHistory(orgs: readonly string[]): Promise<Set<string>>;

  /** Delete snapshots recorded before `before`; returns how many went. */
  abstract pruneSnapshots(before: Date): Promise<number>;

  /** A setting's stored JSON value, or `undefined`. */
  abstract getSetting<T>(key: string): Promise<T | undefined>;

  abstract setSetting<T>(key: string, value: T): Promise<void>;

  /** Record a dispatch or re-dispatch. */
  abstract recordDispatch(record: DispatchRecord): Promise<void>;

  /** The newest dispatches first, at most `limit`, of one NPC and/or organization. */
  abstract listDispatches(filter: DispatchFilter): Promise<DispatchRecord[]>;

  /** Can the store be written now? (readiness) */
  abstract isWritable(): Promise<boolean>;

  abstract close(): Promise<void>;

  /** Every stored alert, firing or resolved. */
  abstract listAlerts(): Promise<AlertState[]>;

  /**
   * An evaluation's result in one step: the alerts' new states and the deliveries they
   * queue are written together, so a crash keeps both or neither.
   */
  abstract commitAlerts(
    states: readonly AlertState[],
    deliveries: readonly DeliveryRecord[],
  ): Promise<void>;

  /** Forget alerts resolved before `before`; returns how many went. */
  abstract pruneAlerts(before: Date): Promise<number>;

  abstract listAlertChannels(): Promise<ChannelRecord[]>;

  abstract saveAlertChannel(channel: ChannelRecord): Promise<void>;

  /** False when there was no such channel. */
  abstract deleteAlertChannel(id: string): Promise<boolean>;

  abstract listAlertSilences(): Promise<SilenceRecord[]>;

  abstract saveAlertSilence(silence: SilenceRecord): Promise<void>;

  /** False when there was no such silence. */
  abstract deleteAlertSilence(id: string): Promise<boolean>;

  /** The newest deliveries first, at most `limit`. */
  abstract listDeliveries(limit: number): Promise<DeliveryRecord[]>;

  /** Queued or retrying deliveries due at `now`, oldest first, at most `limit`. */
  abstract dueDeliveries(now: Date, limit: number): Promise<DeliveryRecord[]>;

  /** Queue a delivery or record an attempt's outcome. */
  abstract saveDelivery(delivery: DeliveryRecord): Promise<void>;

  /** The record kept for an idempotency key, or null. */
  abstract getIdempotencyRecord(scope: string, key: string): Promise<IdempotencyRecord | null>;

  /**
   * Write `record` only if the key's record is in state `expected` (null: there is none),
   * in one step, so two requests with one key cannot both claim it. True when written.
   */
  abstract swapIdempotencyRecord(
    record: IdempotencyRecord,
    expected: IdempotencyState | null,
  ): Promise<boolean>;

  abstract deleteIdempotencyRecord(scope: string, key: string): Promise<void>;

  /** Forget records made before `before`; returns how many went. */
  abstract pruneIdempotencyRecords(before: Date): Promise<number>;
}

/**
 * Where a request with an idempotency key stands: `pending` (claimed, nothing written yet),
 * `writing` (its platform write has started), `unknown` (it failed after the write started,
 * so the write may have happened), `done` (its answer is kept to be sent again).
 */
export type IdempotencyState = 'pending' | 'writing' | 'unknown' | 'done';

export interface IdempotencyRecord {
  /** The route family the key belongs to (`dispatch`, `redispatch`). */
  scope: string;
  key: string;
  /** What the request asked for (method, route, body), hashed. */
  fingerprint: string;
  state: IdempotencyState;
  /** The answer once done, as JSON. */
  body: string | null;
  /** When the key was first claimed (ISO, the board's clock). */
  created_at: string;
  /** When the state last changed (ISO, the board's clock). */
  updated_at: string;
}

/** `2026-11-22T13` — the hour a snapshot belongs to, UTC. */
export function snapshotHour(recordedAt: string | Date): string {
  return new Date(recordedAt).toISOString().slice(0, 13);
}
