import { Injectable } from '@nestjs/common';
import { ConflictError } from '../../common/errors';
import { containsPattern } from '../common/sql';
import { ForgeDatabase, type SqlValue } from '../storage/forge-database';
import type { LabelRow } from './issue.types';

/** Labels defined in a repository. */
@Injectable()
export class LabelsRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** One page of a repository's labels by name, optionally matching a keyword, and the total. */
  list(
    repoId: number,
    keyword: string | undefined,
    limit: number,
    offset: number,
  ): { rows: LabelRow[]; total: number } {
    let where = 'repo_id = ?';
    const params: SqlValue[] = [repoId];
    if (keyword) {
      where += " AND name LIKE ? ESCAPE '\\'";
      params.push(containsPattern(keyword));
    }
    const rows = this.db.all<LabelRow>(
      `SELECT id, name, color, description FROM labels WHERE ${where} ORDER BY name LIMIT ? OFFSET ?`,
      [...params, limit, offset],
    );
    const total =
      this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM labels WHERE ${where}`, params)?.n ?? 0;
    return { rows, total };
  }

  /** Labels of a repository by name (any case); unknown names are left out. */
  byNames(repoId: number, names: readonly string[]): LabelRow[] {
    if (names.length === 0) return [];
    return this.db.all<LabelRow>(
      'SELECT id, name, color, description FROM labels WHERE repo_id = ? AND name IN (SELECT value FROM json_each(?))',
      [repoId, JSON.stringify(names)],
    );
  }

  /** Change a label's name, colour or description; ConflictError when the new name is taken. */
  update(repoId: number, label: LabelRow, changes: Partial<Omit<LabelRow, 'id'>>): LabelRow {
    const next = { ...label, ...changes };
    if (
      next.name.toLowerCase() !== label.name.toLowerCase() &&
      this.byNames(repoId, [next.name]).length > 0
    ) {
      throw new ConflictError(`Label "${next.name}" already exists`, { field: 'new_name' });
    }
    this.db.run('UPDATE labels SET name = ?, color = ?, description = ? WHERE id = ?', [
      next.name,
      next.color,
      next.description,
      label.id,
    ]);
    return next;
  }

  /** Delete a label; the issues and pulls carrying it lose it. */
  delete(labelId: number): void {
    this.db.run('DELETE FROM labels WHERE id = ?', [labelId]);
  }

  /** Define a label; ConflictError when the repository has one of that name. */
  insert(repoId: number, name: string, color: string, description: string): LabelRow {
    if (this.byNames(repoId, [name]).length > 0) {
      throw new ConflictError(`Label "${name}" already exists`, { field: 'name' });
    }
    const { id } = this.db.run(
      'INSERT INTO labels (repo_id, name, color, description) VALUES (?, ?, ?, ?)',
      [repoId, name, color, description],
    );
    return { id, name, color, description };
  }
}
