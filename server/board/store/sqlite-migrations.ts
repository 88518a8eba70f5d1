/** Schema steps, applied in order; `PRAGMA user_version` records how many ran. */
export const MIGRATIONS: readonly string[] = [
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
  `CREATE TABLE alerts (
     id          TEXT PRIMARY KEY,
     status      TEXT NOT NULL,
     resolved_at TEXT,
     record      TEXT NOT NULL
   );
   CREATE TABLE alert_channels (
     id         TEXT PRIMARY KEY,
     created_at TEXT NOT NULL,
     record     TEXT NOT NULL
   );
   CREATE TABLE alert_silences (
     id     TEXT PRIMARY KEY,
     record TEXT NOT NULL
   );
   CREATE TABLE alert_deliveries (
     id              TEXT PRIMARY KEY,
     status          TEXT NOT NULL,
     created_at      TEXT NOT NULL,
     next_attempt_at TEXT,
     record          TEXT NOT NULL
   );
   CREATE INDEX alert_deliveries_created ON alert_deliveries (created_at);
   CREATE INDEX alert_deliveries_due ON alert_deliveries (next_attempt_at)
     WHERE next_attempt_at IS NOT NULL;`,
  `CREATE TABLE idempotency_keys (
     scope      TEXT NOT NULL,
     key        TEXT NOT NULL,
     state      TEXT NOT NULL,
     created_at TEXT NOT NULL,
     record     TEXT NOT NULL,
     PRIMARY KEY (scope, key)
   ) WITHOUT ROWID;
   CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);`,
];
