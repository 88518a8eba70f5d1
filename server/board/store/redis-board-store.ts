import type { DispatchFilter, DispatchRecord } from '@shared/board/dispatch';
import type { CreditSnapshot } from '@shared/board/entities';
import { byCodeUnit } from '@shared/board/text-order';
import type { RedisConnection } from '../redis/redis-connection';
import type { ChannelRecord, DeliveryRecord, SilenceRecord } from './alert-records';
import type { AlertState } from './alert-records';
import {
  BoardStore,
  snapshotHour,
  type IdempotencyRecord,
  type IdempotencyState,
} from './board-store';

const PREFIX = 'npc-board:';
/** Per organization: hour → snapshot JSON. */
const snapshotsKey = (org: string): string => `${PREFIX}snapshots:${org}`;
/** Per organization: hour ordered by recording time, for ranges and pruning. */
const timelineKey = (org: string): string => `${PREFIX}snapshot-times:${org}`;
const SETTINGS = `${PREFIX}settings`;
/** Dispatch records: id → JSON, and ids ordered by dispatch time. */
const DISPATCHES = `${PREFIX}dispatches`;
const DISPATCH_TIMES = `${PREFIX}dispatch-times`;
/** Alerts, channels and silences: id → JSON. */
const ALERTS = `${PREFIX}alerts`;
const ALERT_CHANNELS = `${PREFIX}alert-channels`;
const ALERT_SILENCES = `${PREFIX}alert-silences`;
/** The outbox: id → JSON, ids by queueing time, and pending ids by when they are due. */
const DELIVERIES = `${PREFIX}alert-deliveries`;
const DELIVERY_TIMES = `${PREFIX}alert-delivery-times`;
const DELIVERIES_DUE = `${PREFIX}alert-deliveries-due`;
/** Idempotency keys: one string per key; Redis forgets it a day after its last write. */
const idempotencyKey = (scope: string, key: string): string =>
  `${PREFIX}idempotency:${scope}:${key}`;
const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** Writes ARGV[1] if the stored record's state is ARGV[2] ('' for no record), in one step. */
const SWAP_SCRIPT = `
local current = redis.call('GET', KEYS[1])
local state = ''
if current then state = cjson.decode(current)['state'] end
if state ~= ARGV[2] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
return 1
`;

/**
 * The board's store in Redis, shared by several replicas (REDIS_URL). One snapshot per
 * organization and hour, as in SQLite: the hour is the field of a hash, so a second write
 * in the same hour replaces the first.
 */
export class RedisBoardStore extends BoardStore {
  constructor(private readonly redis: RedisConnection) {
    super();
  }

  private get client() {
    return this.redis.client;
  }

  async upsertSnapshot(snapshot: CreditSnapshot): Promise<void> {
    await this.upsertSnapshots([snapshot]);
  }

  async upsertSnapshots(snapshots: readonly CreditSnapshot[]): Promise<void> {
    if (snapshots.length === 0) return;
    const multi = this.client.multi();
    for (const s of snapshots) {
      const recordedAt = new Date(s.recorded_at).toISOString();
      const hour = snapshotHour(recordedAt);
      const value = JSON.stringify({
        org_slug: s.org_slug,
        balance: s.balance,
        recorded_at: recordedAt,
      });
      multi.hSet(snapshotsKey(s.org_slug), hour, value);
      multi.zAdd(timelineKey(s.org_slug), { score: Date.parse(recordedAt), value: hour });
    }
    await multi.exec();
  }

  async listSnapshots(orgs: readonly string[], since: Date): Promise<CreditSnapshot[]> {
    const lists = await Promise.all(
      orgs.map(async (org) => {
        const hours = await this.client.zRangeByScore(timelineKey(org), since.getTime(), '+inf');
        if (hours.length === 0) return [];
        const values = await this.client.hmGet(snapshotsKey(org), hours);
        return values.flatMap((v) => (v ? [JSON.parse(v) as CreditSnapshot] : []));
      }),
    );
    return lists
      .flat()
      .sort(
        (a, b) => byCodeUnit(a.recorded_at, b.recorded_at) || byCodeUnit(a.org_slug, b.org_slug),
      );
  }

  async latestSnapshots(orgs: readonly string[]): Promise<CreditSnapshot[]> {
    const latest = await Promise.all(
      orgs.map(async (org) => {
        const [hour] = await this.client.zRange(timelineKey(org), -1, -1);
        const value = hour ? await this.client.hGet(snapshotsKey(org), hour) : null;
        return value ? [JSON.parse(value) as CreditSnapshot] : [];
      }),
    );
    return latest.flat();
  }

  async orgsWithHistory(orgs: readonly string[]): Promise<Set<string>> {
    const counts = await Promise.all(orgs.map((org) => this.client.zCard(timelineKey(org))));
    return new Set(orgs.filter((_, i) => counts[i] > 0));
  }

  async pruneSnapshots(before: Date): Promise<number> {
    let removed = 0;
    for await (const keys of this.client.scanIterator({ MATCH: timelineKey('*'), COUNT: 100 })) {
      for (const key of keys) {
        const org = key.slice(timelineKey('').length);
        const hours = await this.client.zRangeByScore(key, '-inf', `(${before.getTime()}`);
        if (hours.length === 0) continue;
        await this.client.multi().hDel(snapshotsKey(org), hours).zRem(key, hours).exec();
        removed += hours.length;
      }
    }
    return removed;
  }

  async getSetting<T>(key: string): Promise<T | undefined> {
    const value = await this.client.hGet(SETTINGS, key);
    return value == null ? undefined : (JSON.parse(value) as T);
  }

  async setSetting<T>(key: string, value: T): Promise<void> {
    await this.client.hSet(SETTINGS, key, JSON.stringify(value));
  }

  async recordDispatch(record: DispatchRecord): Promise<void> {
    await this.client
      .multi()
      .hSet(DISPATCHES, record.id, JSON.stringify(record))
      .zAdd(DISPATCH_TIMES, { score: Date.parse(record.dispatched_at), value: record.id })
      .exec();
  }

  async listDispatches(filter: DispatchFilter): Promise<DispatchRecord[]> {
    const found: DispatchRecord[] = [];
    const page = 200;
    // Newest first, a page at a time, until enough match the filter.
    for (let start = 0; found.length < filter.limit; start += page) {
      const ids = await this.client.zRange(DISPATCH_TIMES, start, start + page - 1, { REV: true });
      if (ids.length === 0) break;
      const values = await this.client.hmGet(DISPATCHES, ids);
      for (const value of values) {
        if (!value) continue;
        const record = JSON.parse(value) as DispatchRecord;
        if (filter.npc && record.npc !== filter.npc) continue;
        if (filter.org && record.repo.split('/')[0] !== filter.org) continue;
        found.push(record);
      }
    }
    return found.slice(0, filter.limit);
  }

  async isWritable(): Promise<boolean> {
    try {
      await this.client.set(`${PREFIX}probe`, String(Date.now()), { PX: 10_000 });
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    // The connection is closed by its owner.
  }

  async listAlerts(): Promise<AlertState[]> {
    return this.values<AlertState>(ALERTS);
  }

  async commitAlerts(
    states: readonly AlertState[],
    deliveries: readonly DeliveryRecord[],
  ): Promise<void> {
    if (states.length === 0 && deliveries.length === 0) return;
    const multi = this.client.multi();
    for (const s of states) multi.hSet(ALERTS, s.id, JSON.stringify(s));
    for (const d of deliveries) {
      multi.hSet(DELIVERIES, d.id, JSON.stringify(d));
      multi.zAdd(DELIVERY_TIMES, { score: Date.parse(d.created_at), value: d.id });
      if (d.next_attempt_at === null) multi.zRem(DELIVERIES_DUE, d.id);
      else multi.zAdd(DELIVERIES_DUE, { score: Date.parse(d.next_attempt_at), value: d.id });
    }
    await multi.exec();
  }

  async pruneAlerts(before: Date): Promise<number> {
    const old = (await this.listAlerts()).filter(
      (a) =>
        a.status === 'resolved' &&
        a.resolved_at !== null &&
        Date.parse(a.resolved_at) < before.getTime(),
    );
    if (old.length === 0) return 0;
    await this.client.hDel(
      ALERTS,
      old.map((a) => a.id),
    );
    return old.length;
  }

  async listAlertChannels(): Promise<ChannelRecord[]> {
    return (await this.values<ChannelRecord>(ALERT_CHANNELS)).sort(
      (a, b) => byCodeUnit(a.created_at, b.created_at) || byCodeUnit(a.id, b.id),
    );
  }

  async saveAlertChannel(channel: ChannelRecord): Promise<void> {
    await this.client.hSet(ALERT_CHANNELS, channel.id, JSON.stringify(channel));
  }

  async deleteAlertChannel(id: string): Promise<boolean> {
    return (await this.client.hDel(ALERT_CHANNELS, id)) > 0;
  }

  async listAlertSilences(): Promise<SilenceRecord[]> {
    return this.values<SilenceRecord>(ALERT_SILENCES);
  }

  async saveAlertSilence(silence: SilenceRecord): Promise<void> {
    await this.client.hSet(ALERT_SILENCES, silence.id, JSON.stringify(silence));
  }

  async deleteAlertSilence(id: string): Promise<boolean> {
    return (await this.client.hDel(ALERT_SILENCES, id)) > 0;
  }

  async listDeliveries(limit: number): Promise<DeliveryRecord[]> {
    const ids = await this.client.zRange(DELIVERY_TIMES, 0, limit - 1, { REV: true });
    return this.byIds(ids);
  }

  async dueDeliveries(now: Date, limit: number): Promise<DeliveryRecord[]> {
    const ids = await this.client.zRangeByScore(DELIVERIES_DUE, '-inf', now.getTime(), {
      LIMIT: { offset: 0, count: limit },
    });
    return this.byIds(ids);
  }

  async saveDelivery(delivery: DeliveryRecord): Promise<void> {
    await this.commitAlerts([], [delivery]);
  }

  private async byIds(ids: string[]): Promise<DeliveryRecord[]> {
    if (ids.length === 0) return [];
    const values = await this.client.hmGet(DELIVERIES, ids);
    return values.flatMap((v) => (v ? [JSON.parse(v) as DeliveryRecord] : []));
  }

  private async values<T>(key: string): Promise<T[]> {
    return Object.values(await this.client.hGetAll(key)).map((v) => JSON.parse(v) as T);
  }

  async getIdempotencyRecord(scope: string, key: string): Promise<IdempotencyRecord | null> {
    const value = await this.client.get(idempotencyKey(scope, key));
    return value ? (JSON.parse(value) as IdempotencyRecord) : null;
  }

  async swapIdempotencyRecord(
    record: IdempotencyRecord,
    expected: IdempotencyState | null,
  ): Promise<boolean> {
    const written = await this.client.eval(SWAP_SCRIPT, {
      keys: [idempotencyKey(record.scope, record.key)],
      arguments: [JSON.stringify(record), expected ?? '', String(IDEMPOTENCY_TTL_MS)],
    });
    return written === 1;
  }

  async deleteIdempotencyRecord(scope: string, key: string): Promise<void> {
    await this.client.del(idempotencyKey(scope, key));
  }

  /** Redis forgets the records itself (their time to live). */
  async pruneIdempotencyRecords(): Promise<number> {
    return Promise.resolve(0);
  }
}
