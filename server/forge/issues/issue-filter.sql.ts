import type { IssueOrderBy } from '@shared/platform/types';
import { containsPattern } from '../common/sql';
import type { SqlValue } from '../storage/forge-database';
import type { IssueFilter } from './issue.types';

/**
 * ORDER BY of each `order_by`. Each walks one of the (scope, time) indexes; the id
 * breaks ties (rows created in the same millisecond) so pages never overlap.
 */
export const ISSUE_ORDER: Readonly<Record<IssueOrderBy, string>> = {
  created_at: 'i.created_at ASC, i.id ASC',
  '-created_at': 'i.created_at DESC, i.id DESC',
  '-updated_at': 'i.updated_at DESC, i.id DESC',
  '-last_acted_at': 'i.last_acted_at DESC, i.id DESC',
};

const json = (values: readonly (string | number)[]): string => JSON.stringify(values);

/** The WHERE clause and its parameters for an issue list (used by the count and the page alike). */
export function issueWhere(filter: IssueFilter): { where: string; params: SqlValue[] } {
  const clauses: string[] = [];
  const params: SqlValue[] = [];
  const add = (clause: string, ...values: SqlValue[]): void => {
    clauses.push(clause);
    params.push(...values);
  };

  if ('repoId' in filter.scope) add('i.repo_id = ?', filter.scope.repoId);
  else if (!('namespaceId' in filter.scope))
    add('i.repo_id IN (SELECT value FROM json_each(?))', json(filter.scope.repoIds));
  else {
    add('i.namespace_id = ?', filter.scope.namespaceId);
    // Unary + keeps SQLite on the namespace index (ordered by time) instead of per-repository lookups.
    add('+i.repo_id IN (SELECT value FROM json_each(?))', json(filter.scope.repoIds));
  }
  if (filter.state) add('i.state = ?', filter.state);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    if (/^\d{1,10}$/.test(filter.keyword)) {
      add(
        "(i.title LIKE ? ESCAPE '\\' OR i.body LIKE ? ESCAPE '\\' OR i.number = ?)",
        pattern,
        pattern,
        Number(filter.keyword),
      );
    } else add("(i.title LIKE ? ESCAPE '\\' OR i.body LIKE ? ESCAPE '\\')", pattern, pattern);
  }
  if (filter.labels && filter.labels.length > 0) {
    const matching =
      'SELECT COUNT(*) FROM issue_labels il JOIN labels l ON l.id = il.label_id ' +
      'WHERE il.issue_id = i.id AND l.name IN (SELECT value FROM json_each(?))';
    if (filter.labelsOperator === 'OR') add(`(${matching}) > 0`, json(filter.labels));
    else add(`(${matching}) = ?`, json(filter.labels), filter.labels.length);
  }
  if (filter.authors && filter.authors.length > 0) {
    add(
      'i.author_id IN (SELECT id FROM users WHERE username IN (SELECT value FROM json_each(?)))',
      json(filter.authors),
    );
  }
  const named = filter.assignees && filter.assignees.length > 0;
  if (named || filter.unassigned) {
    const parts: string[] = [];
    const values: SqlValue[] = [];
    if (named) {
      parts.push(
        'EXISTS (SELECT 1 FROM issue_assignees a JOIN users u ON u.id = a.user_id ' +
          'WHERE a.issue_id = i.id AND u.username IN (SELECT value FROM json_each(?)))',
      );
      values.push(json(filter.assignees ?? []));
    }
    if (filter.unassigned)
      parts.push('NOT EXISTS (SELECT 1 FROM issue_assignees a WHERE a.issue_id = i.id)');
    add(`(${parts.join(' OR ')})`, ...values);
  }
  if (filter.priorities && filter.priorities.length > 0) {
    add('i.priority IN (SELECT value FROM json_each(?))', json(filter.priorities));
  }
  if (filter.updatedFrom) add('i.updated_at >= ?', filter.updatedFrom);
  if (filter.updatedBefore) add('i.updated_at < ?', filter.updatedBefore);
  if (filter.closedFrom) add('i.closed_at >= ?', filter.closedFrom);
  if (filter.closedBefore) add('i.closed_at < ?', filter.closedBefore);
  return { where: clauses.join(' AND '), params };
}
