import BetterSqlite3 from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MIGRATIONS } from './migrations';

export type SqlValue = string | number | bigint | null | Buffer;
export type SqlParams = readonly SqlValue[];

/** Most distinct statements kept prepared; dynamic filters make a bounded family of them. */
const STATEMENT_CACHE_LIMIT = 500;

/** Most rows `lookUp` keeps of one statement. */
const LOOKUP_CACHE_LIMIT = 10_000;
/** What `lookUp` keeps for a lookup that found no row. */
const NO_ROW = Object.freeze({});

/**
 * The forge's one SQLite connection (WAL, foreign keys on), with a cache of prepared
 * statements keyed by their text. Only repository classes hold it; no SQL elsewhere.
 */
export class ForgeDatabase {
  readonly connection: BetterSqlite3.Database;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  /**
   * `lookUp`'s rows per statement (`NO_ROW`: none), valid while the database is as
   * `dataVersion` saw it.
   */
  private readonly lookups = new Map<string, LRUCache<string, object>>();
  private readonly dataVersionStatement: BetterSqlite3.Statement;
  private dataVersion: unknown = null;
  /** Whether other connections' commits were looked for in this turn of the event loop. */
  private versionChecked = false;

  constructor(file: string) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.connection = new BetterSqlite3(file);
    this.connection.pragma('journal_mode = WAL');
    this.connection.pragma('synchronous = NORMAL');
    this.connection.pragma('foreign_keys = ON');
    // A CLI command may write while the server runs; wait for the lock instead of failing.
    this.connection.pragma('busy_timeout = 5000');
    this.migrate();
    this.dataVersionStatement = this.connection.prepare('PRAGMA data_version').pluck();
  }

  /** The prepared statement for `sql`, prepared once. */
  statement(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) this.statements.clear();
      statement = this.connection.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** All rows of a query. */
  all<T>(sql: string, params: SqlParams = []): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  /** The first row of a query, or undefined. */
  get<T>(sql: string, params: SqlParams = []): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  /**
   * The first row of a lookup every request makes (a token's owner, a namespace, a
   * repository by name), frozen and kept until the database changes: a write of this
   * connection drops every kept row, and so does a commit of another connection (a CLI
   * command's), which `PRAGMA data_version` shows and which is looked for once per turn of
   * the event loop. Inside a transaction it reads the database and keeps nothing, so no row
   * that may be rolled back is kept.
   */
  lookUp<T extends object>(sql: string, params: SqlParams = []): Readonly<T> | undefined {
    if (this.connection.inTransaction) return this.get<T>(sql, params);
    this.noticeOtherCommits();
    let rows = this.lookups.get(sql);
    if (rows === undefined) {
      rows = new LRUCache<string, object>({ max: LOOKUP_CACHE_LIMIT });
      this.lookups.set(sql, rows);
    }
    const key = params.length === 1 ? String(params[0]) : params.map(String).join('\0');
    const kept = rows.get(key);
    if (kept !== undefined) return kept === NO_ROW ? undefined : (kept as Readonly<T>);
    const row = this.get<T>(sql, params);
    rows.set(key, row === undefined ? NO_ROW : Object.freeze(row));
    return row;
  }

  private noticeOtherCommits(): void {
    if (this.versionChecked) return;
    this.versionChecked = true;
    setImmediate(() => (this.versionChecked = false)).unref();
    const version = this.dataVersionStatement.get();
    if (version !== this.dataVersion) {
      this.forgetLookups();
      this.dataVersion = version;
    }
  }

  private forgetLookups(): void {
    for (const rows of this.lookups.values()) rows.clear();
  }

  /** Run a write; returns the new row id and the number of rows changed. */
  run(sql: string, params: SqlParams = []): { id: number; changes: number } {
    try {
      const result = this.statement(sql).run(...params);
      return { id: Number(result.lastInsertRowid), changes: result.changes };
    } finally {
      this.forgetLookups();
    }
  }

  /** Run `work` in one transaction (nested calls become savepoints). */
  transaction<T>(work: () => T): T {
    try {
      return this.connection.transaction(work)();
    } finally {
      this.forgetLookups();
    }
  }

  /** The query plan SQLite picks for a statement, one line per step (for notes and tests). */
  explain(sql: string, params: SqlParams = []): string[] {
    const rows = this.connection.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as {
      detail: string;
    }[];
    return rows.map((row) => row.detail);
  }

  /** Close the connection (checkpoints the WAL). */
  close(): void {
    if (this.connection.open) this.connection.close();
  }

  private migrate(): void {
    const current = this.connection.pragma('user_version', { simple: true }) as number;
    for (let version = current; version < MIGRATIONS.length; version++) {
      this.transaction(() => {
        this.connection.exec(MIGRATIONS[version]);
        this.connection.pragma(`user_version = ${version + 1}`);
      });
    }
  }
}
