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
  ): LedgerRow {
    return this.db.transaction(() => {
      const balance = this.balance(namespaceId) + amount;
      const { id } = this.db.run(
        'INSERT INTO ledger (namespace_id, amount, balance, kind, note, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        [namespaceId, amount, balance, kind, note, at],
      );
      return { id, amount, balance, kind, note, created_at: at };
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
      `SELECT id, amount, balance, kind, note, created_at FROM ledger
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
