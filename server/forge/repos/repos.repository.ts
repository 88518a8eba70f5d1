import { Injectable } from '@nestjs/common';
import type { CreateVisibility } from '@shared/platform/types';
import { containsPattern } from '../common/sql';
import { ForgeDatabase, type SqlValue } from '../storage/forge-database';
import type { RepoListFilter, RepoOrder, RepoRow } from './repo.types';

export interface InsertRepo {
  namespaceId: number;
  name: string;
  description: string;
  visibility: CreateVisibility;
  createdAt: string;
  lastCommitAt?: string | null;
}

export interface RepoChanges {
  description?: string;
  site?: string;
  topics?: string;
  license?: string;
  updatedAt: string;
}

const REPO_SELECT = `
  SELECT r.id, r.namespace_id, n.path AS owner_path, n.kind AS owner_kind, r.name, r.description, r.visibility,
    r.site, r.topics, r.license, r.star_count, r.fork_count, r.status, r.created_at, r.updated_at, r.last_commit_at,
    (SELECT COUNT(*) FROM issues i WHERE i.repo_id = r.id AND i.state = 'open') AS open_issue_count,
    (SELECT COUNT(*) FROM pulls p WHERE p.repo_id = r.id AND p.state = 'open') AS open_pull_count,
    (SELECT COUNT(*) FROM pulls p JOIN users u ON u.id = p.author_id
      WHERE p.repo_id = r.id AND u.is_npc = 1) AS npc_created_pull_count,
    (SELECT COUNT(*) FROM pulls p JOIN users u ON u.id = p.author_id
      WHERE p.repo_id = r.id AND u.is_npc = 1 AND p.state = 'merged') AS npc_merged_pull_count,
    (SELECT COUNT(*) FROM builds b
      WHERE b.repo_id = r.id AND b.event LIKE '%@npc') AS npc_builded_count,
    (SELECT u.username || char(10) || u.nickname FROM events e JOIN users u ON u.id = e.actor_id
      WHERE e.repo_id = r.id AND e.type = 'PushEvent' ORDER BY e.created_at DESC LIMIT 1) AS last_pusher
  FROM repos r JOIN namespaces n ON n.id = r.namespace_id`;

/** The record without its open counts: what access checks need, at a third of the cost. */
const REPO_SELECT_SLIM = `
  SELECT r.id, r.namespace_id, n.path AS owner_path, n.kind AS owner_kind, r.name, r.description, r.visibility,
    r.site, r.topics, r.license, r.star_count, r.fork_count, r.status, r.created_at, r.updated_at, r.last_commit_at,
    0 AS open_issue_count, 0 AS open_pull_count, 0 AS npc_created_pull_count,
    0 AS npc_merged_pull_count, 0 AS npc_builded_count, NULL AS last_pusher
  FROM repos r JOIN namespaces n ON n.id = r.namespace_id`;

/** One repository for the access check: asked on every repository request, so kept whole. */
const REPO_BY_NAME_SLIM = `${REPO_SELECT_SLIM} WHERE r.namespace_id = ? AND r.name = ?`;

const ORDER_COLUMNS: Readonly<Record<RepoOrder, readonly string[]>> = {
  last_updated_at: ["IFNULL(r.last_commit_at, '')"],
  created_at: ['r.created_at'],
  stars: ['r.star_count'],
  forks: ['r.fork_count'],
  slug_path: ['n.path COLLATE NOCASE', 'r.name'],
};

/** Repository records; counts of open issues and pulls are computed, so always exact. */
@Injectable()
export class ReposRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** Insert a repository; returns its id. */
  insert(repo: InsertRepo): number {
    return this.db.run(
      `INSERT INTO repos (namespace_id, name, description, visibility, created_at, updated_at, last_commit_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        repo.namespaceId,
        repo.name,
        repo.description,
        repo.visibility,
        repo.createdAt,
        repo.createdAt,
        repo.lastCommitAt ?? null,
      ],
    ).id;
  }

  /** A repository by owner namespace and name (any case). */
  byName(namespaceId: number, name: string): RepoRow | undefined {
    return this.db.get<RepoRow>(`${REPO_SELECT} WHERE r.namespace_id = ? AND r.name = ?`, [
      namespaceId,
      name,
    ]);
  }

  /** A repository by owner namespace and name, without its open counts (they read as 0). */
  byNameForAccess(namespaceId: number, name: string): Readonly<RepoRow> | undefined {
    return this.db.lookUp<RepoRow>(REPO_BY_NAME_SLIM, [namespaceId, name]);
  }

  /** The id of `owner/name`, if it exists. */
  idOf(owner: string, name: string): number | undefined {
    return this.db.get<{ id: number }>(
      'SELECT r.id FROM repos r JOIN namespaces n ON n.id = r.namespace_id WHERE n.path = ? AND r.name = ?',
      [owner, name],
    )?.id;
  }

  /** A repository by id. */
  byId(id: number): RepoRow | undefined {
    return this.db.get<RepoRow>(`${REPO_SELECT} WHERE r.id = ?`, [id]);
  }

  /** Whether the namespace already has a repository of that name. */
  exists(namespaceId: number, name: string): boolean {
    return !!this.db.get('SELECT 1 FROM repos WHERE namespace_id = ? AND name = ?', [
      namespaceId,
      name,
    ]);
  }

  /**
   * Ids of the public and private repositories of the namespaces a user owns or has a
   * role in; every repository's for null (the admin).
   */
  idsAccessibleTo(userId: number | null): number[] {
    const where =
      userId === null
        ? ''
        : 'AND (namespace_id = ? OR namespace_id IN (SELECT org_id FROM memberships WHERE user_id = ?))';
    return this.db
      .all<{ id: number }>(
        `SELECT id FROM repos WHERE visibility != 'secret' ${where}`,
        userId === null ? [] : [userId, userId],
      )
      .map((row) => row.id);
  }

  /** Ids of a namespace's repositories of the given visibilities. */
  idsIn(namespaceId: number, visibilities: readonly CreateVisibility[]): number[] {
    return this.db
      .all<{ id: number }>(
        'SELECT id FROM repos WHERE namespace_id = ? AND visibility IN (SELECT value FROM json_each(?))',
        [namespaceId, JSON.stringify(visibilities)],
      )
      .map((row) => row.id);
  }

  /** One page of repositories matching the filter, and how many match in all. */
  list(filter: RepoListFilter): { rows: RepoRow[]; total: number } {
    const { where, params } = this.where(filter);
    const direction = filter.desc ? 'DESC' : 'ASC';
    const order = ORDER_COLUMNS[filter.orderBy]
      .map((column) => `${column} ${direction}`)
      .join(', ');
    const rows = this.db.all<RepoRow>(
      `${REPO_SELECT} WHERE ${where} ORDER BY ${order}, r.id ${direction} LIMIT ? OFFSET ?`,
      [...params, filter.limit, filter.offset],
    );
    const total =
      this.db.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM repos r JOIN namespaces n ON n.id = r.namespace_id WHERE ${where}`,
        params,
      )?.n ?? 0;
    return { rows, total };
  }

  /** Apply a PATCH. */
  update(id: number, changes: RepoChanges): void {
    const sets: string[] = ['updated_at = ?'];
    const params: SqlValue[] = [changes.updatedAt];
    for (const key of ['description', 'site', 'topics', 'license'] as const) {
      const value = changes[key];
      if (value !== undefined) {
        sets.push(`${key} = ?`);
        params.push(value);
      }
    }
    this.db.run(`UPDATE repos SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
  }

  /** Change a repository's visibility or status (0 active, 1 archived). */
  setSettings(
    id: number,
    settings: { visibility?: CreateVisibility; status?: 0 | 1 },
    updatedAt: string,
  ): void {
    if (settings.visibility !== undefined)
      this.db.run('UPDATE repos SET visibility = ?, updated_at = ? WHERE id = ?', [
        settings.visibility,
        updatedAt,
        id,
      ]);
    if (settings.status !== undefined)
      this.db.run('UPDATE repos SET status = ?, updated_at = ? WHERE id = ?', [
        settings.status,
        updatedAt,
        id,
      ]);
  }

  /** Set the time of the newest commit (the seed, and pushes in part 2). */
  setLastCommit(id: number, at: string | null): void {
    this.db.run('UPDATE repos SET last_commit_at = ? WHERE id = ?', [at, id]);
  }

  /** Delete a repository and, by cascade, its issues, labels, comments and pulls. */
  delete(id: number): void {
    this.db.run('DELETE FROM repos WHERE id = ?', [id]);
  }

  private where(filter: RepoListFilter): { where: string; params: SqlValue[] } {
    const clauses: string[] = [];
    const params: SqlValue[] = [];
    if (filter.namespaceId !== undefined) {
      clauses.push('r.namespace_id = ?');
      params.push(filter.namespaceId);
    }
    if (filter.accessibleTo !== undefined) {
      clauses.push(
        '(r.namespace_id = ? OR r.namespace_id IN (SELECT org_id FROM memberships WHERE user_id = ? AND role >= ?))',
      );
      params.push(filter.accessibleTo, filter.accessibleTo, filter.minRole ?? 0);
    }
    clauses.push('r.visibility IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(filter.visibilities));
    if (filter.status !== undefined) {
      clauses.push('r.status = ?');
      params.push(filter.status);
    }
    if (filter.search) {
      clauses.push("(r.name LIKE ? ESCAPE '\\' OR r.description LIKE ? ESCAPE '\\')");
      const pattern = containsPattern(filter.search);
      params.push(pattern, pattern);
    }
    return { where: clauses.join(' AND '), params };
  }
}
