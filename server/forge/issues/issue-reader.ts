import { Injectable } from '@nestjs/common';
import type { PlatformIssue } from '@shared/platform/types';
import { InvalidError, NotFoundError } from '../../common/errors';
import { ForgeConfig } from '../config/forge-config';
import { toPlatformIssue, type ForgeIssue } from './issue.converter';
import { IssuePropertiesRepository } from './issue-properties.repository';
import type { IssueRow } from './issue.types';
import { IssuesRepository } from './issues.repository';

/** Parse an issue number from a URL: a positive integer, else InvalidError naming `number`. */
export function parseIssueNumber(value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value))
    throw new InvalidError('number must be a positive integer', { field: 'number' });
  return Number(value);
}

/**
 * Loads issues and renders them with their labels, assignees and custom properties (four
 * queries per page, whatever its size).
 */
@Injectable()
export class IssueReader {
  constructor(
    private readonly issues: IssuesRepository,
    private readonly properties: IssuePropertiesRepository,
    private readonly config: ForgeConfig,
  ) {}

  /** The issue `number` of a repository; NotFoundError when there is none. */
  require(repoId: number, number: string): IssueRow {
    const row = this.issues.byNumber(repoId, parseIssueNumber(number));
    if (!row) throw new NotFoundError(`Issue #${number} not found`, { field: 'number' });
    return row;
  }

  /** Re-read one issue (after a write) and render it. */
  render(repoId: number, number: number): PlatformIssue {
    const row = this.issues.byNumber(repoId, number);
    if (!row) throw new NotFoundError(`Issue #${number} not found`, { field: 'number' });
    return this.toWire([row], false)[0];
  }

  /** Render rows with their labels, assignees and custom properties. */
  toWire(rows: readonly IssueRow[], withRepo: boolean): ForgeIssue[] {
    const ids = rows.map((row) => row.id);
    const labels = this.issues.labelsOf(ids);
    const assignees = this.issues.assigneesOf(ids);
    const properties = this.properties.valuesOf(ids);
    return rows.map((row) =>
      toPlatformIssue(
        row,
        labels.get(row.id) ?? [],
        assignees.get(row.id) ?? [],
        this.config.publicUrl,
        withRepo,
        properties.get(row.id) ?? [],
      ),
    );
  }
}
