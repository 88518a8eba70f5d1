import type { DispatchFilter, DispatchRecord } from '@shared/board/dispatch';
import type { CreditSnapshot } from '@shared/board/entities';
import type { RedisConnection } from '../redis/redis-connection';
import { BoardStore, snapshotHour } from './board-store';

const PREFIX = 'npc-board:';
/** Per organization: hour → snapshot JSON. */
const snapshotsKey = (org: string): string => `${PREFIX}snapshots:${org}`;
/** Per organization: hour ordered by recording time, for ranges and pruning. */
const timelineKey = (org: string): string => `${PREFIX}snapshot-times:${org}`;
const SETTINGS = `${PREFIX}settings`;
/** Dispatch records: id → JSON, and ids ordered by dispatch time. */
const DISPATCHES = `${PREFIX}dispatches`;
const DISPATCH_TIMES = `${PREFIX}dispatch-times`;

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
        (a, b) =>
          a.recorded_at.localeCompare(b.recorded_at) || a.org_slug.localeCompare(b.org_slug),
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
}
