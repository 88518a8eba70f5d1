import { Injectable } from '@nestjs/common';
import { ForgeDatabase, type SqlValue } from '../storage/forge-database';
import { pickUser, userColumns } from '../users/user.types';
import type { NewPull, PullFilter, PullRow, PullScope } from './pull.types';

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

const ORDERS: Readonly<Record<PullFilter['orderBy'], string>> = {
  created_at: 'p.created_at ASC, p.id ASC',
  '-created_at': 'p.created_at DESC, p.id DESC',
  updated_at: 'p.updated_at ASC, p.id ASC',
  '-updated_at': 'p.updated_at DESC, p.id DESC',
};

/**
 * The published filters as SQL: names of people and labels, any of them or all of them
 * (`*_operator`), the target branch and a range of update days.
 */
function addFilter(filter: PullFilter, clauses: string[], params: SqlValue[]): void {
  const names = (values: readonly string[]): string =>
    JSON.stringify(values.map((value) => value.toLowerCase()));
  const matching = (all: boolean, values: readonly string[], subquery: string): void => {
    if (values.length === 0) return;
    clauses.push(all ? `(${subquery}) = ?` : `(${subquery}) > 0`);
    params.push(names(values));
    if (all) params.push(values.length);
  };
  if (filter.authors.length > 0) {
    clauses.push('lower(au.username) IN (SELECT value FROM json_each(?))');
    params.push(names(filter.authors));
  }
  matching(
    filter.assigneesAll,
    filter.assignees,
    `SELECT COUNT(*) FROM pull_assignees pa JOIN users u ON u.id = pa.user_id
     WHERE pa.pull_id = p.id AND lower(u.username) IN (SELECT value FROM json_each(?))`,
  );
  matching(
    filter.reviewersAll,
    filter.reviewers,
    `SELECT COUNT(DISTINCT r.author_id) FROM pull_reviews r JOIN users u ON u.id = r.author_id
     WHERE r.pull_id = p.id AND lower(u.username) IN (SELECT value FROM json_each(?))`,
  );
  matching(
    filter.labelsAll,
    filter.labels,
    `SELECT COUNT(*) FROM pull_labels pl JOIN labels l ON l.id = pl.label_id
     WHERE pl.pull_id = p.id AND lower(l.name) IN (SELECT value FROM json_each(?))`,
  );
  if (filter.baseRef) {
    clauses.push('p.base_ref = ?');
    params.push(filter.baseRef);
  }
  if (filter.updatedFrom) {
    clauses.push('p.updated_at >= ?');
    params.push(filter.updatedFrom);
  }
  if (filter.updatedBefore) {
    clauses.push('p.updated_at < ?');
    params.push(filter.updatedBefore);
  }
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
    filter?: PullFilter,
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
    if (filter) addFilter(filter, clauses, params);
    const where = clauses.join(' AND ');
    const order = ORDERS[filter?.orderBy ?? '-created_at'];
    const rows = this.db
      .all<Record<string, unknown>>(
        `${PULL_SELECT} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [...params, limit, offset],
      )
      .map(toPullRow);
    const total =
      this.db.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM pulls p JOIN users au ON au.id = p.author_id WHERE ${where}`,
        params,
      )?.n ?? 0;
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

  /** Change a pull's title, text, state or recorded commits; undefined fields stay. */
  update(
    id: number,
    changes: {
      title?: string;
      body?: string;
      state?: PullRow['state'];
      closedAt?: string | null;
      baseSha?: string;
      headSha?: string;
      updatedAt: string;
    },
  ): void {
    const columns: [string, string | null | undefined][] = [
      ['title', changes.title],
      ['body', changes.body],
      ['state', changes.state],
      ['closed_at', changes.closedAt],
      ['base_sha', changes.baseSha],
      ['head_sha', changes.headSha],
      ['updated_at', changes.updatedAt],
    ];
    const set = columns.filter(([, value]) => value !== undefined);
    this.db.run(
      `UPDATE pulls SET ${set.map(([column]) => `${column} = ?`).join(', ')} WHERE id = ?`,
      [...set.map(([, value]) => value as string | null), id],
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
