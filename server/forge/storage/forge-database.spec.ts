import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ForgeDatabase } from './forge-database';

describe('ForgeDatabase.lookUp', () => {
  const NAMESPACE = 'SELECT id, path, kind FROM namespaces WHERE path = ?';
  let dir: string;
  let db: ForgeDatabase;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'forge-db-'));
    db = new ForgeDatabase(join(dir, 'forge.sqlite'));
    db.run("INSERT INTO namespaces (path, kind, created_at) VALUES ('acme', 'org', '2026-01-01')");
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const kindOf = (path: string) => db.lookUp<{ kind: string }>(NAMESPACE, [path])?.kind;

  it('keeps a row, frozen, and reads the database once for it', () => {
    const read = jest.spyOn(db, 'get');
    const first = db.lookUp<{ path: string }>(NAMESPACE, ['acme']);
    const again = db.lookUp<{ path: string }>(NAMESPACE, ['acme']);
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(db.lookUp(NAMESPACE, ['nobody'])).toBeUndefined();
    expect(db.lookUp(NAMESPACE, ['nobody'])).toBeUndefined();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("drops what it kept at this connection's next write", () => {
    expect(kindOf('acme')).toBe('org');
    expect(kindOf('globex')).toBeUndefined();
    db.run("UPDATE namespaces SET kind = 'user' WHERE path = 'acme'");
    db.transaction(() => {
      db.run(
        "INSERT INTO namespaces (path, kind, created_at) VALUES ('globex', 'org', '2026-01-01')",
      );
    });
    expect(kindOf('acme')).toBe('user');
    expect(kindOf('globex')).toBe('org');
  });

  it("drops what it kept when another connection commits (a CLI command's write)", async () => {
    expect(kindOf('acme')).toBe('org');
    const other = new BetterSqlite3(join(dir, 'forge.sqlite'));
    try {
      other.prepare("UPDATE namespaces SET kind = 'user' WHERE path = 'acme'").run();
    } finally {
      other.close();
    }
    // Looked for once a turn of the event loop: in this one the kept row still answers.
    expect(kindOf('acme')).toBe('org');
    await new Promise((next) => setImmediate(next));
    expect(kindOf('acme')).toBe('user');
  });

  it('keeps nothing read inside a transaction that is rolled back', () => {
    expect(() =>
      db.transaction(() => {
        db.run(
          "INSERT INTO namespaces (path, kind, created_at) VALUES ('globex', 'org', '2026-01-01')",
        );
        expect(kindOf('globex')).toBe('org');
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(kindOf('globex')).toBeUndefined();
  });
});
