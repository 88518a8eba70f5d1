import { Injectable } from '@nestjs/common';
import { ForgeDatabase, type SqlValue } from '../storage/forge-database';
import { pickUser, userColumns, type EmbeddedUserRow } from '../users/user.types';
import { ISSUE_ORDER, issueWhere } from './issue-filter.sql';
import type { IssueChanges, IssueFilter, IssueRow, LabelRow, NewIssue } from './issue.types';

const ISSUE_SELECT = `
  SELECT i.id, i.repo_id, i.number, i.title, i.body, i.state, i.state_reason, i.priority,
    i.created_at, i.updated_at, i.last_acted_at, i.closed_at, i.start_date, i.end_date,
    (SELECT COUNT(*) FROM comments c WHERE c.issue_id = i.id) AS comment_count,
    n.path AS owner_path, r.name AS repo_name, ${userColumns('au', 'author_')}
  FROM issues i
    JOIN users au ON au.id = i.author_id
    JOIN repos r ON r.id = i.repo_id
    JOIN namespaces n ON n.id = r.namespace_id`;

/** The SQL of one issue-list page, exported so the benchmark's bare handler runs the very same. */
export function issuePageSql(filter: IssueFilter): {
  sql: string;
  countSql: string;
  params: SqlValue[];
} {
  const { where, params } = issueWhere(filter);
  return {
    sql: `${ISSUE_SELECT} WHERE ${where} ORDER BY ${ISSUE_ORDER[filter.orderBy]} LIMIT ? OFFSET ?`,
    countSql: `SELECT COUNT(*) AS n FROM issues i WHERE ${where}`,
    params,
  };
}

export const ISSUE_LABELS_SQL = `
  SELECT il.issue_id, l.id, l.name, l.color, l.description
  FROM issue_labels il JOIN labels l ON l.id = il.label_id
  WHERE il.issue_id IN (SELECT value FROM json_each(?))
  ORDER BY l.name`;

export const ISSUE_ASSIGNEES_SQL = `
  SELECT a.issue_id, ${userColumns('u', 'user_')}
  FROM issue_assignees a JOIN users u ON u.id = a.user_id
  WHERE a.issue_id IN (SELECT value FROM json_each(?))
  ORDER BY u.username`;

function toIssueRow(raw: Record<string, unknown>): IssueRow {
  return { ...(raw as unknown as IssueRow), author: pickUser(raw, 'author_') };
}

/** Issues, their labels and assignees. */
@Injectable()
export class IssuesRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** One page of issues matching the filter, and how many match in all. */
  list(filter: IssueFilter): { rows: IssueRow[]; total: number } {
    const { sql, countSql, params } = issuePageSql(filter);
    const rows = this.db
      .all<Record<string, unknown>>(sql, [...params, filter.limit, filter.offset])
      .map(toIssueRow);
    const total = this.db.get<{ n: number }>(countSql, params)?.n ?? 0;
    return { rows, total };
  }

  /** An issue by its number in a repository. */
  byNumber(repoId: number, number: number): IssueRow | undefined {
    const raw = this.db.get<Record<string, unknown>>(
      `${ISSUE_SELECT} WHERE i.repo_id = ? AND i.number = ?`,
      [repoId, number],
    );
    return raw ? toIssueRow(raw) : undefined;
  }

  /** Labels of each issue, by issue id, sorted by name. */
  labelsOf(issueIds: readonly number[]): Map<number, LabelRow[]> {
    const byIssue = new Map<number, LabelRow[]>();
    if (issueIds.length === 0) return byIssue;
    for (const row of this.db.all<LabelRow & { issue_id: number }>(ISSUE_LABELS_SQL, [
      JSON.stringify(issueIds),
    ])) {
      const list = byIssue.get(row.issue_id) ?? [];
      list.push({ id: row.id, name: row.name, color: row.color, description: row.description });
      byIssue.set(row.issue_id, list);
    }
    return byIssue;
  }

  /** Assignees of each issue, by issue id, sorted by username. */
  assigneesOf(issueIds: readonly number[]): Map<number, EmbeddedUserRow[]> {
    const byIssue = new Map<number, EmbeddedUserRow[]>();
    if (issueIds.length === 0) return byIssue;
    for (const row of this.db.all<Record<string, unknown>>(ISSUE_ASSIGNEES_SQL, [
      JSON.stringify(issueIds),
    ])) {
      const issueId = row['issue_id'] as number;
      const list = byIssue.get(issueId) ?? [];
      list.push(pickUser(row, 'user_'));
      byIssue.set(issueId, list);
    }
    return byIssue;
  }

  /** Insert an issue with the repository's next number; returns its id and number. */
  insert(issue: NewIssue): { id: number; number: number } {
    return this.db.transaction(() => {
      this.db.run('UPDATE repos SET issue_seq = issue_seq + 1 WHERE id = ?', [issue.repoId]);
      const number = (
        this.db.get<{ n: number }>('SELECT issue_seq AS n FROM repos WHERE id = ?', [
          issue.repoId,
        ]) as { n: number }
      ).n;
      const { id } = this.db.run(
        `INSERT INTO issues (repo_id, namespace_id, number, title, body, state, state_reason, author_id, priority,
           work_mode, created_at, updated_at, last_acted_at, closed_at, start_date, end_date)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          issue.repoId,
          issue.namespaceId,
          number,
          issue.title,
          issue.body,
          issue.state ?? 'open',
          issue.stateReason ?? 'open',
          issue.authorId,
          issue.priority,
          issue.workMode ? 1 : 0,
          issue.createdAt,
          issue.updatedAt ?? issue.createdAt,
          issue.lastActedAt ?? issue.createdAt,
          issue.closedAt ?? null,
          issue.startDate ?? '',
          issue.endDate ?? '',
        ],
      );
      return { id, number };
    });
  }

  /** Apply a PATCH; also moves `updated_at` and `last_acted_at`. */
  update(id: number, changes: IssueChanges): void {
    const sets = ['updated_at = ?', 'last_acted_at = ?'];
    const params: SqlValue[] = [changes.at, changes.at];
    const columns: [keyof IssueChanges, string][] = [
      ['title', 'title'],
      ['body', 'body'],
      ['state', 'state'],
      ['stateReason', 'state_reason'],
      ['closedAt', 'closed_at'],
      ['priority', 'priority'],
      ['startDate', 'start_date'],
      ['endDate', 'end_date'],
    ];
    for (const [key, column] of columns) {
      if (changes[key] !== undefined) {
        sets.push(`${column} = ?`);
        params.push(changes[key]);
      }
    }
    this.db.run(`UPDATE issues SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
  }

  /** Record activity on an issue (a comment, a label, an assignee). */
  touch(id: number, at: string): void {
    this.db.run('UPDATE issues SET updated_at = ?, last_acted_at = ? WHERE id = ?', [at, at, id]);
  }

  /** Attach labels (already existing in the repository); duplicates are ignored. */
  addLabels(issueId: number, labelIds: readonly number[]): void {
    for (const labelId of labelIds) {
      this.db.run('INSERT OR IGNORE INTO issue_labels (issue_id, label_id) VALUES (?, ?)', [
        issueId,
        labelId,
      ]);
    }
  }

  /** Detach every label. */
  clearLabels(issueId: number): void {
    this.db.run('DELETE FROM issue_labels WHERE issue_id = ?', [issueId]);
  }

  /** Detach one label; returns whether it was attached. */
  removeLabel(issueId: number, labelId: number): boolean {
    return (
      this.db.run('DELETE FROM issue_labels WHERE issue_id = ? AND label_id = ?', [
        issueId,
        labelId,
      ]).changes > 0
    );
  }

  /** Add assignees; duplicates are ignored. */
  addAssignees(issueId: number, userIds: readonly number[]): void {
    for (const userId of userIds) {
      this.db.run('INSERT OR IGNORE INTO issue_assignees (issue_id, user_id) VALUES (?, ?)', [
        issueId,
        userId,
      ]);
    }
  }

  /** Remove assignees. */
  removeAssignees(issueId: number, userIds: readonly number[]): void {
    this.db.run(
      'DELETE FROM issue_assignees WHERE issue_id = ? AND user_id IN (SELECT value FROM json_each(?))',
      [issueId, JSON.stringify(userIds)],
    );
  }

  /** How many users are assigned to an issue. */
  assigneeCount(issueId: number): number {
    return (
      this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM issue_assignees WHERE issue_id = ?', [
        issueId,
      ])?.n ?? 0
    );
  }

  /** Replace all assignees. */
  replaceAssignees(issueId: number, userIds: readonly number[]): void {
    this.db.run('DELETE FROM issue_assignees WHERE issue_id = ?', [issueId]);
    this.addAssignees(issueId, userIds);
  }

  /** Run several writes as one. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work);
  }
}
