import BetterSqlite3 from 'better-sqlite3';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MIGRATIONS } from './migrations';

export type SqlValue = string | number | bigint | null | Buffer;
export type SqlParams = readonly SqlValue[];

/** Most distinct statements kept prepared; dynamic filters make a bounded family of them. */
const STATEMENT_CACHE_LIMIT = 500;

/**
 * The forge's one SQLite connection (WAL, foreign keys on), with a cache of prepared
 * statements keyed by their text. Only repository classes hold it; no SQL elsewhere.
 */
export class ForgeDatabase {
  readonly connection: BetterSqlite3.Database;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  constructor(file: string) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.connection = new BetterSqlite3(file);
    this.connection.pragma('journal_mode = WAL');
    this.connection.pragma('synchronous = NORMAL');
    this.connection.pragma('foreign_keys = ON');
    // A CLI command may write while the server runs; wait for the lock instead of failing.
    this.connection.pragma('busy_timeout = 5000');
    this.migrate();
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

  /** Run a write; returns the new row id and the number of rows changed. */
  run(sql: string, params: SqlParams = []): { id: number; changes: number } {
    const result = this.statement(sql).run(...params);
    return { id: Number(result.lastInsertRowid), changes: result.changes };
  }

  /** Run `work` in one transaction (nested calls become savepoints). */
  transaction<T>(work: () => T): T {
    return this.connection.transaction(work)();
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
