import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DispatchFilter, DispatchRecord } from '@shared/board/dispatch';
import type { CreditSnapshot } from '@shared/board/entities';
import type { AlertState, ChannelRecord, DeliveryRecord, SilenceRecord } from './alert-records';
import {
  BoardStore,
  snapshotHour,
  type IdempotencyRecord,
  type IdempotencyState,
} from './board-store';
import { MIGRATIONS } from './sqlite-migrations';

interface SnapshotRow {
  org_slug: string;
  balance: number;
  recorded_at: string;
}

/**
 * SQLite's page cache per connection, in KiB. better-sqlite3 builds SQLite with 16 MiB;
 * the store is read on cache misses and written by snapshot runs and alert evaluations,
 * whose pages the operating system's file cache keeps anyway. A start-up evaluation that
 * writes thousands of alerts otherwise leaves about 4 MB of pages in the board's memory
 * (docs/architecture.md#caching).
 */
export const PAGE_CACHE_KIB = 1024;

/** The board's store in one SQLite file (`DATA_DIR/board.sqlite`, WAL). */
export class SqliteBoardStore extends BoardStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    super();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    this.migrate();
  }

  private migrate(): void {
    const applied = this.db.pragma('user_version', { simple: true }) as number;
    for (let i = applied; i < MIGRATIONS.length; i++) {
      this.db.transaction(() => {
        this.db.exec(MIGRATIONS[i]);
        this.db.pragma(`user_version = ${i + 1}`);
      })();
    }
  }

  async upsertSnapshot(snapshot: CreditSnapshot): Promise<void> {
    await this.upsertSnapshots([snapshot]);
  }

  async upsertSnapshots(snapshots: readonly CreditSnapshot[]): Promise<void> {
    const statement = this.db.prepare(
      `INSERT INTO credit_snapshots (org_slug, hour, balance, recorded_at)
       VALUES (@org_slug, @hour, @balance, @recorded_at)
       ON CONFLICT (org_slug, hour) DO UPDATE SET balance = excluded.balance, recorded_at = excluded.recorded_at`,
    );
    this.db.transaction(() => {
      for (const s of snapshots) {
        const recordedAt = new Date(s.recorded_at).toISOString();
        statement.run({ ...s, recorded_at: recordedAt, hour: snapshotHour(recordedAt) });
      }
    })();
  }

  async listSnapshots(orgs: readonly string[], since: Date): Promise<CreditSnapshot[]> {
    if (orgs.length === 0) return [];
    return this.db
      .prepare(
        `SELECT org_slug, balance, recorded_at FROM credit_snapshots
         WHERE org_slug IN (SELECT value FROM json_each(?)) AND hour >= ? AND recorded_at >= ?
         ORDER BY recorded_at, org_slug`,
      )
      .all(JSON.stringify(orgs), snapshotHour(since), since.toISOString()) as SnapshotRow[];
  }

  async latestSnapshots(orgs: readonly string[]): Promise<CreditSnapshot[]> {
    if (orgs.length === 0) return [];
    const statement = this.db.prepare(
      `SELECT org_slug, balance, recorded_at FROM credit_snapshots
       WHERE org_slug = ? ORDER BY hour DESC LIMIT 1`,
    );
    return orgs.flatMap((org) => {
      const row = statement.get(org) as SnapshotRow | undefined;
      return row ? [row] : [];
    });
  }

  async orgsWithHistory(orgs: readonly string[]): Promise<Set<string>> {
    const rows = this.db
      .prepare(
        `SELECT DISTINCT org_slug FROM credit_snapshots
         WHERE org_slug IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(orgs)) as { org_slug: string }[];
    return new Set(rows.map((r) => r.org_slug));
  }

  async pruneSnapshots(before: Date): Promise<number> {
    return this.db
      .prepare('DELETE FROM credit_snapshots WHERE recorded_at < ?')
      .run(before.toISOString()).changes;
  }

  async getSetting<T>(key: string): Promise<T | undefined> {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async setSetting<T>(key: string, value: T): Promise<void> {
    this.db
      .prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, JSON.stringify(value));
  }

  async recordDispatch(record: DispatchRecord): Promise<void> {
    this.db
      .prepare(
        'INSERT INTO dispatches (id, dispatched_at, org_slug, npc, record) VALUES (?, ?, ?, ?, ?)',
      )
      .run(
        record.id,
        new Date(record.dispatched_at).toISOString(),
        record.repo.split('/')[0],
        record.npc,
        JSON.stringify(record),
      );
  }

  async listDispatches(filter: DispatchFilter): Promise<DispatchRecord[]> {
    const rows = this.db
      .prepare(
        `SELECT record FROM dispatches
         WHERE (@npc IS NULL OR npc = @npc) AND (@org IS NULL OR org_slug = @org)
         ORDER BY dispatched_at DESC, rowid DESC LIMIT @limit`,
      )
      .all({ npc: filter.npc ?? null, org: filter.org ?? null, limit: filter.limit }) as {
      record: string;
    }[];
    return rows.map((r) => JSON.parse(r.record) as DispatchRecord);
  }

  async isWritable(): Promise<boolean> {
    try {
      this.db.prepare('BEGIN IMMEDIATE').run();
      this.db.prepare('ROLLBACK').run();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.db.close();
  }

  async listAlerts(): Promise<AlertState[]> {
    return this.records<AlertState>('SELECT record FROM alerts ORDER BY id');
  }

  async commitAlerts(
    states: readonly AlertState[],
    deliveries: readonly DeliveryRecord[],
  ): Promise<void> {
    const alert = this.db.prepare(
      `INSERT INTO alerts (id, status, resolved_at, record) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET status = excluded.status,
         resolved_at = excluded.resolved_at, record = excluded.record`,
    );
    this.db.transaction(() => {
      for (const s of states) alert.run(s.id, s.status, s.resolved_at, JSON.stringify(s));
      for (const d of deliveries) this.writeDelivery(d);
    })();
  }

  async pruneAlerts(before: Date): Promise<number> {
    return this.db
      .prepare("DELETE FROM alerts WHERE status = 'resolved' AND resolved_at < ?")
      .run(before.toISOString()).changes;
  }

  async listAlertChannels(): Promise<ChannelRecord[]> {
    return this.records<ChannelRecord>('SELECT record FROM alert_channels ORDER BY created_at, id');
  }

  async saveAlertChannel(channel: ChannelRecord): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO alert_channels (id, created_at, record) VALUES (?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET record = excluded.record`,
      )
      .run(channel.id, channel.created_at, JSON.stringify(channel));
  }

  async deleteAlertChannel(id: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM alert_channels WHERE id = ?').run(id).changes > 0;
  }

  async listAlertSilences(): Promise<SilenceRecord[]> {
    return this.records<SilenceRecord>('SELECT record FROM alert_silences ORDER BY id');
  }

  async saveAlertSilence(silence: SilenceRecord): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO alert_silences (id, record) VALUES (?, ?)
         ON CONFLICT (id) DO UPDATE SET record = excluded.record`,
      )
      .run(silence.id, JSON.stringify(silence));
  }

  async deleteAlertSilence(id: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM alert_silences WHERE id = ?').run(id).changes > 0;
  }

  async listDeliveries(limit: number): Promise<DeliveryRecord[]> {
    return this.records<DeliveryRecord>(
      'SELECT record FROM alert_deliveries ORDER BY created_at DESC, rowid DESC LIMIT ?',
      limit,
    );
  }

  async dueDeliveries(now: Date, limit: number): Promise<DeliveryRecord[]> {
    return this.records<DeliveryRecord>(
      `SELECT record FROM alert_deliveries
       WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ?
       ORDER BY next_attempt_at, created_at LIMIT ?`,
      now.toISOString(),
      limit,
    );
  }

  async saveDelivery(delivery: DeliveryRecord): Promise<void> {
    this.writeDelivery(delivery);
  }

  private writeDelivery(d: DeliveryRecord): void {
    this.db
      .prepare(
        `INSERT INTO alert_deliveries (id, status, created_at, next_attempt_at, record)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET status = excluded.status,
           next_attempt_at = excluded.next_attempt_at, record = excluded.record`,
      )
      .run(d.id, d.status, d.created_at, d.next_attempt_at, JSON.stringify(d));
  }

  private records<T>(sql: string, ...params: unknown[]): T[] {
    const rows = this.db.prepare(sql).all(...params) as { record: string }[];
    return rows.map((r) => JSON.parse(r.record) as T);
  }

  async getIdempotencyRecord(scope: string, key: string): Promise<IdempotencyRecord | null> {
    const row = this.db
      .prepare('SELECT record FROM idempotency_keys WHERE scope = ? AND key = ?')
      .get(scope, key) as { record: string } | undefined;
    return row ? (JSON.parse(row.record) as IdempotencyRecord) : null;
  }

  async swapIdempotencyRecord(
    record: IdempotencyRecord,
    expected: IdempotencyState | null,
  ): Promise<boolean> {
    const values = {
      scope: record.scope,
      key: record.key,
      state: record.state,
      created_at: record.created_at,
      record: JSON.stringify(record),
      expected,
    };
    const result =
      expected === null
        ? this.db
            .prepare(
              `INSERT INTO idempotency_keys (scope, key, state, created_at, record)
               VALUES (@scope, @key, @state, @created_at, @record) ON CONFLICT DO NOTHING`,
            )
            .run(values)
        : this.db
            .prepare(
              `UPDATE idempotency_keys SET state = @state, created_at = @created_at, record = @record
               WHERE scope = @scope AND key = @key AND state = @expected`,
            )
            .run(values);
    return result.changes === 1;
  }

  async deleteIdempotencyRecord(scope: string, key: string): Promise<void> {
    this.db.prepare('DELETE FROM idempotency_keys WHERE scope = ? AND key = ?').run(scope, key);
  }

  async pruneIdempotencyRecords(before: Date): Promise<number> {
    return this.db
      .prepare('DELETE FROM idempotency_keys WHERE created_at < ?')
      .run(before.toISOString()).changes;
  }
}
