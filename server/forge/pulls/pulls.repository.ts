import { Injectable } from '@nestjs/common';
import { ForgeDatabase, type SqlValue } from '../storage/forge-database';
import { pickUser, userColumns } from '../users/user.types';
import type { NewPull, PullRow, PullScope } from './pull.types';

const PULL_SELECT = `
  SELECT p.id, p.repo_id, p.number, p.title, p.body, p.state, p.base_ref, p.base_sha, p.head_ref, p.head_sha,
    p.created_at, p.updated_at, n.path AS owner_path, r.name AS repo_name, ${userColumns('au', 'author_')}
  FROM pulls p
    JOIN users au ON au.id = p.author_id
    JOIN repos r ON r.id = p.repo_id
    JOIN namespaces n ON n.id = r.namespace_id`;

function toPullRow(raw: Record<string, unknown>): PullRow {
  return { ...(raw as unknown as PullRow), author: pickUser(raw, 'author_') };
}

/** Pull requests. */
@Injectable()
export class PullsRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** One page of pulls, newest first; `states` empty means every state. */
  list(
    scope: PullScope,
    states: readonly string[],
    limit: number,
    offset: number,
  ): { rows: PullRow[]; total: number } {
    const clauses: string[] = [];
    const params: SqlValue[] = [];
    if ('repoId' in scope) {
      clauses.push('p.repo_id = ?');
      params.push(scope.repoId);
    } else {
      clauses.push('p.namespace_id = ?', '+p.repo_id IN (SELECT value FROM json_each(?))');
      params.push(scope.namespaceId, JSON.stringify(scope.repoIds));
    }
    if (states.length > 0) {
      clauses.push('p.state IN (SELECT value FROM json_each(?))');
      params.push(JSON.stringify(states));
    }
    const where = clauses.join(' AND ');
    const rows = this.db
      .all<Record<string, unknown>>(
        `${PULL_SELECT} WHERE ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`,
        [...params, limit, offset],
      )
      .map(toPullRow);
    const total =
      this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM pulls p WHERE ${where}`, params)?.n ??
      0;
    return { rows, total };
  }

  /** Pulls of a repository by number (those that exist), in the order asked. */
  byNumbers(repoId: number, numbers: readonly number[]): PullRow[] {
    const rows = this.db
      .all<Record<string, unknown>>(
        `${PULL_SELECT} WHERE p.repo_id = ? AND p.number IN (SELECT value FROM json_each(?))`,
        [repoId, JSON.stringify(numbers)],
      )
      .map(toPullRow);
    const byNumber = new Map(rows.map((row) => [row.number, row]));
    return numbers.flatMap((number) => byNumber.get(number) ?? []);
  }

  /** Whether an open pull already goes from `head` into `base`. */
  openExists(repoId: number, baseRef: string, headRef: string): boolean {
    return !!this.db.get(
      "SELECT 1 FROM pulls WHERE repo_id = ? AND base_ref = ? AND head_ref = ? AND state = 'open'",
      [repoId, baseRef, headRef],
    );
  }

  /** Insert a pull with the repository's next pull number; returns the stored row. */
  insert(pull: NewPull): PullRow {
    return this.db.transaction(() => {
      this.db.run('UPDATE repos SET pull_seq = pull_seq + 1 WHERE id = ?', [pull.repoId]);
      const number = (
        this.db.get<{ n: number }>('SELECT pull_seq AS n FROM repos WHERE id = ?', [
          pull.repoId,
        ]) as { n: number }
      ).n;
      const { id } = this.db.run(
        `INSERT INTO pulls (repo_id, namespace_id, number, title, body, state, author_id, base_ref, base_sha, head_ref, head_sha,
           created_at, updated_at, closed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          pull.repoId,
          pull.namespaceId,
          number,
          pull.title,
          pull.body,
          pull.state ?? 'open',
          pull.authorId,
          pull.baseRef,
          pull.baseSha,
          pull.headRef,
          pull.headSha,
          pull.createdAt,
          pull.updatedAt ?? pull.createdAt,
          pull.closedAt ?? null,
        ],
      );
      return toPullRow(
        this.db.get<Record<string, unknown>>(`${PULL_SELECT} WHERE p.id = ?`, [id]) as Record<
          string,
          unknown
        >,
      );
    });
  }
}
