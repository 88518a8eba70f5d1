import { Injectable } from '@nestjs/common';
import type { ApiIssueProperty } from '@shared/platform/published';
import { ForgeDatabase } from '../storage/forge-database';

/** The kinds of value a custom issue property holds, as published. */
export const ISSUE_PROPERTY_TYPES = ['string', 'date', 'number'] as const;
export type IssuePropertyType = (typeof ISSUE_PROPERTY_TYPES)[number];

/** A custom issue property a repository defines. */
export interface IssuePropertyDefinition {
  key: string;
  name: string;
  type: IssuePropertyType;
}

const VALUES_SQL = `
  SELECT p.issue_id, p.key, d.name, d.type, p.value
  FROM issue_properties p
  JOIN issues i ON i.id = p.issue_id
  JOIN issue_property_defs d ON d.repo_id = i.repo_id AND d.key = p.key
  WHERE p.issue_id IN (SELECT value FROM json_each(?))
  ORDER BY p.issue_id, d.position, d.key`;

/**
 * Custom issue properties: the keys a repository defines (name, type, order) and the
 * values its issues carry. An issue shows the properties it has a value for.
 */
@Injectable()
export class IssuePropertiesRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** Define (or redefine) a property of a repository, shown after those defined before it. */
  define(repoId: number, definition: IssuePropertyDefinition): void {
    this.db.run(
      `INSERT INTO issue_property_defs (repo_id, key, name, type, position)
       VALUES (?, ?, ?, ?, (SELECT COUNT(*) FROM issue_property_defs WHERE repo_id = ?))
       ON CONFLICT (repo_id, key) DO UPDATE SET name = excluded.name, type = excluded.type`,
      [repoId, definition.key, definition.name, definition.type, repoId],
    );
  }

  /** The properties a repository defines, by key. */
  definitions(repoId: number): Map<string, IssuePropertyDefinition> {
    const rows = this.db.all<IssuePropertyDefinition>(
      'SELECT key, name, type FROM issue_property_defs WHERE repo_id = ? ORDER BY position, key',
      [repoId],
    );
    return new Map(rows.map((row) => [row.key, row]));
  }

  /** The property values of each issue, by issue id, in the repository's order. */
  valuesOf(issueIds: readonly number[]): Map<number, ApiIssueProperty[]> {
    const byIssue = new Map<number, ApiIssueProperty[]>();
    if (issueIds.length === 0) return byIssue;
    for (const row of this.db.all<ApiIssueProperty & { issue_id: number }>(VALUES_SQL, [
      JSON.stringify(issueIds),
    ])) {
      const list = byIssue.get(row.issue_id) ?? [];
      list.push({ key: row.key, name: row.name, type: row.type, value: row.value });
      byIssue.set(row.issue_id, list);
    }
    return byIssue;
  }

  /** Set one value of an issue; an empty value removes it. */
  set(issueId: number, key: string, value: string): void {
    if (value === '') {
      this.db.run('DELETE FROM issue_properties WHERE issue_id = ? AND key = ?', [issueId, key]);
      return;
    }
    this.db.run(
      `INSERT INTO issue_properties (issue_id, key, value) VALUES (?, ?, ?)
       ON CONFLICT (issue_id, key) DO UPDATE SET value = excluded.value`,
      [issueId, key, value],
    );
  }
}
