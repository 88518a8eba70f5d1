import { Injectable } from '@nestjs/common';
import { ForgeDatabase } from '../storage/forge-database';

/** A ledger entry as stored (amounts in hundredths of a credit). */
export interface LedgerRow {
  id: number;
  amount: number;
  balance: number;
  kind: 'spend' | 'topup';
  note: string;
  created_at: string;
  /** The build a run's charge is for; empty for other entries. */
  sn: string;
  /** Build core-hours in thousandths: negative for a run's charge, else 0. */
  core_mh: number;
}

/** What a build's charge adds to an entry. */
export interface BuildCharge {
  sn: string;
  coreMh: number;
}

/** Each namespace's credit ledger; the newest entry holds the balance. */
@Injectable()
export class LedgerRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** Current balance in hundredths (0 without entries). */
  balance(namespaceId: number): number {
    return (
      this.db.get<{ balance: number }>(
        'SELECT balance FROM ledger WHERE namespace_id = ? ORDER BY created_at DESC, id DESC LIMIT 1',
        [namespaceId],
      )?.balance ?? 0
    );
  }

  /** Append an entry after the newest one; returns it with the balance it leaves. */
  append(
    namespaceId: number,
    amount: number,
    kind: LedgerRow['kind'],
    note: string,
    at: string,
    build?: BuildCharge,
  ): LedgerRow {
    return this.db.transaction(() => {
      const balance = this.balance(namespaceId) + amount;
      const sn = build?.sn ?? '';
      const coreMh = build ? -build.coreMh : 0;
      const { id } = this.db.run(
        'INSERT INTO ledger (namespace_id, amount, balance, kind, note, created_at, sn, core_mh) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [namespaceId, amount, balance, kind, note, at, sn, coreMh],
      );
      return { id, amount, balance, kind, note, created_at: at, sn, core_mh: coreMh };
    });
  }

  /** Build core-hours left (thousandths): the organization's allowance less what runs used. */
  coreHoursLeft(namespaceId: number): number {
    return (
      this.db.get<{ left: number }>(
        `SELECT COALESCE((SELECT build_core_mh FROM orgs WHERE id = ?), 0)
           + COALESCE((SELECT SUM(core_mh) FROM ledger WHERE namespace_id = ?), 0) AS left`,
        [namespaceId, namespaceId],
      )?.left ?? 0
    );
  }

  /**
   * Charge every build that has run to its planned end by `at` and is not charged yet:
   * one spend entry each, naming the build (docs/architecture.md#builds). Stopped builds
   * are charged when they stop. Returns how many were charged.
   */
  settleBuilds(at: string): number {
    return this.db.transaction(() => {
      const due = this.db.all<{
        id: number;
        sn: string;
        core_mh: number;
        cost_cents: number;
        namespace_id: number;
      }>(
        `SELECT b.id, b.sn, b.core_mh, b.cost_cents, r.namespace_id
         FROM builds b JOIN repos r ON r.id = b.repo_id
         WHERE b.charged = 0 AND b.stopped_at IS NULL AND b.finishes_at <= ?
         ORDER BY b.finishes_at, b.id`,
        [at],
      );
      for (const build of due) {
        this.append(build.namespace_id, -build.cost_cents, 'spend', `Build ${build.sn}`, at, {
          sn: build.sn,
          coreMh: build.core_mh,
        });
        this.db.run('UPDATE builds SET charged = 1 WHERE id = ?', [build.id]);
      }
      return due.length;
    });
  }

  /** One page of entries since an instant, oldest first, and how many there are in all. */
  since(
    namespaceId: number,
    since: string,
    limit: number,
    offset: number,
  ): { rows: LedgerRow[]; total: number } {
    const rows = this.db.all<LedgerRow>(
      `SELECT id, amount, balance, kind, note, created_at, sn, core_mh FROM ledger
       WHERE namespace_id = ? AND created_at >= ? ORDER BY created_at ASC, id ASC LIMIT ? OFFSET ?`,
      [namespaceId, since, limit, offset],
    );
    const total =
      this.db.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM ledger WHERE namespace_id = ? AND created_at >= ?',
        [namespaceId, since],
      )?.n ?? 0;
    return { rows, total };
  }
}
