import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DispatchFilter, DispatchRecord } from '@shared/board/dispatch';
import type { CreditSnapshot } from '@shared/board/entities';
import { BoardStore, snapshotHour } from './board-store';

/** Schema steps, applied in order; `PRAGMA user_version` records how many ran. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE credit_snapshots (
     org_slug    TEXT NOT NULL,
     hour        TEXT NOT NULL,
     balance     REAL NOT NULL,
     recorded_at TEXT NOT NULL,
     PRIMARY KEY (org_slug, hour)
   ) WITHOUT ROWID;
   CREATE INDEX credit_snapshots_recorded ON credit_snapshots (recorded_at);
   CREATE TABLE settings (
     key   TEXT PRIMARY KEY,
     value TEXT NOT NULL
   ) WITHOUT ROWID;`,
  `CREATE TABLE dispatches (
     id            TEXT PRIMARY KEY,
     dispatched_at TEXT NOT NULL,
     org_slug      TEXT NOT NULL,
     npc           TEXT NOT NULL,
     record        TEXT NOT NULL
   );
   CREATE INDEX dispatches_time ON dispatches (dispatched_at);`,
];

interface SnapshotRow {
  org_slug: string;
  balance: number;
  recorded_at: string;
}

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
}
