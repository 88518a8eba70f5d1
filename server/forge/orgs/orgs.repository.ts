import { Injectable } from '@nestjs/common';
import { ConflictError } from '../../common/errors';
import { containsPattern } from '../common/sql';
import { ForgeDatabase, type SqlValue } from '../storage/forge-database';
import type { NamespaceRow, OrgRow } from './org.types';

export interface InsertOrg {
  path: string;
  name: string;
  remark: string;
  description: string;
  site: string;
  email: string;
  createdAt: string;
  /** The parent organization of a sub-group; absent for a top-level organization. */
  parentId?: number;
  /** The domain a top-level organization is bound to. */
  domain?: string;
}

/** The organizations below `o` (paths `o.path/…`), as an index range on the path. */
const DESCENDANTS = "d.path > o.path || '/' AND d.path < o.path || '0'";

/**
 * An organization with its counts. Descendants are the organizations whose path starts
 * with this one's path and a slash; the "all" counts take in the organization itself and
 * every descendant (members counted once).
 */
const ORG_SELECT = `
  SELECT o.id, o.path, o.name, o.remark, o.description, o.site, o.email, o.domain,
    o.created_at, o.updated_at,
    (SELECT COUNT(*) FROM memberships m WHERE m.org_id = o.id) AS member_count,
    (SELECT COUNT(DISTINCT m.user_id) FROM memberships m
      WHERE m.org_id = o.id OR m.org_id IN (SELECT d.id FROM orgs d WHERE ${DESCENDANTS}))
      AS all_member_count,
    (SELECT COUNT(*) FROM repos r WHERE r.namespace_id = o.id) AS sub_repo_count,
    (SELECT COUNT(*) FROM repos r WHERE r.namespace_id = o.id)
      + (SELECT COUNT(*) FROM orgs d JOIN repos r ON r.namespace_id = d.id WHERE ${DESCENDANTS})
      AS all_sub_repo_count,
    (SELECT COUNT(*) FROM orgs c WHERE c.parent_id = o.id) AS sub_group_count,
    (SELECT COUNT(*) FROM orgs d WHERE ${DESCENDANTS}) AS all_sub_group_count,
    (SELECT m.role FROM memberships m WHERE m.org_id = o.id AND m.user_id = ?) AS role
  FROM orgs o`;

/** Which of a member's top-level organizations a list shows: a path fragment, a least role. */
export interface MemberOrgFilter {
  search?: string;
  minRole?: number;
}

function memberWhere(
  userId: number,
  filter: MemberOrgFilter,
): { where: string; params: SqlValue[] } {
  const clauses = [
    'o.parent_id IS NULL',
    'o.id IN (SELECT org_id FROM memberships WHERE user_id = ? AND role >= ?)',
  ];
  const params: SqlValue[] = [userId, filter.minRole ?? 0];
  if (filter.search) {
    clauses.push("o.path LIKE ? ESCAPE '\\'");
    params.push(containsPattern(filter.search));
  }
  return { where: clauses.join(' AND '), params };
}

/** Organizations, their members' roles, and namespace lookups. */
@Injectable()
export class OrgsRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** Insert an organization and its namespace, with `ownerId` as Owner; ConflictError when the name is taken. */
  insert(org: InsertOrg, ownerId: number, ownerRole: number): number {
    return this.db.transaction(() => {
      if (this.db.get('SELECT 1 FROM namespaces WHERE path = ?', [org.path])) {
        throw new ConflictError(`The path "${org.path}" is already taken`, { field: 'path' });
      }
      const { id } = this.db.run(
        "INSERT INTO namespaces (path, kind, created_at) VALUES (?, 'org', ?)",
        [org.path, org.createdAt],
      );
      this.db.run(
        `INSERT INTO orgs (id, path, name, remark, description, site, email, domain, parent_id,
           created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          org.path,
          org.name,
          org.remark,
          org.description,
          org.site,
          org.email,
          org.domain ?? '',
          org.parentId ?? null,
          org.createdAt,
          org.createdAt,
        ],
      );
      this.db.run('INSERT INTO memberships (org_id, user_id, role) VALUES (?, ?, ?)', [
        id,
        ownerId,
        ownerRole,
      ]);
      return id;
    });
  }

  /** Change an organization's details; undefined fields stay. */
  update(
    id: number,
    changes: {
      remark?: string;
      description?: string;
      site?: string;
      email?: string;
      domain?: string;
      updatedAt: string;
    },
  ): void {
    const set = (['remark', 'description', 'site', 'email', 'domain'] as const).filter(
      (column) => changes[column] !== undefined,
    );
    this.db.run(
      `UPDATE orgs SET ${[...set, 'updated_at'].map((column) => `${column} = ?`).join(', ')} WHERE id = ?`,
      [...set.map((column) => changes[column] as string), changes.updatedAt, id],
    );
  }

  /** Delete an organization with its namespace, memberships and ledger. */
  delete(id: number): void {
    this.db.run('DELETE FROM namespaces WHERE id = ?', [id]);
  }

  /** An organization by path, with the role of `userId` in it. */
  byPath(path: string, userId: number): OrgRow | undefined {
    return this.db.get<OrgRow>(`${ORG_SELECT} WHERE o.path = ?`, [userId, path]);
  }

  /** One page of the top-level organizations `userId` has a role in, by path. */
  listForMember(
    userId: number,
    limit: number,
    offset: number,
    filter: MemberOrgFilter = {},
  ): OrgRow[] {
    const { where, params } = memberWhere(userId, filter);
    return this.db.all<OrgRow>(`${ORG_SELECT} WHERE ${where} ORDER BY o.path LIMIT ? OFFSET ?`, [
      userId,
      ...params,
      limit,
      offset,
    ]);
  }

  /**
   * One page of the sub-groups directly under `parentId`, by path, with `userId`'s role
   * in each; a path fragment narrows them.
   */
  listChildren(
    parentId: number,
    userId: number,
    limit: number,
    offset: number,
    search?: string,
  ): { rows: OrgRow[]; total: number } {
    const clauses = ['o.parent_id = ?'];
    const params: SqlValue[] = [parentId];
    if (search) {
      clauses.push("o.name LIKE ? ESCAPE '\\'");
      params.push(containsPattern(search));
    }
    const where = clauses.join(' AND ');
    const rows = this.db.all<OrgRow>(
      `${ORG_SELECT} WHERE ${where} ORDER BY o.path LIMIT ? OFFSET ?`,
      [userId, ...params, limit, offset],
    );
    const total =
      this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM orgs o WHERE ${where}`, params)?.n ?? 0;
    return { rows, total };
  }

  /**
   * The role `userId` holds in an organization through it or any organization above it
   * (a member of `org` reaches `org/team`): the highest of them, or null.
   */
  inheritedRole(path: string, userId: number): number | null {
    const names = path.split('/');
    const paths = names.map((_name, index) => names.slice(0, index + 1).join('/'));
    return (
      this.db.get<{ role: number | null }>(
        `SELECT MAX(m.role) AS role FROM orgs a JOIN memberships m ON m.org_id = a.id
         WHERE a.path IN (SELECT value FROM json_each(?)) AND m.user_id = ?`,
        [JSON.stringify(paths), userId],
      )?.role ?? null
    );
  }

  /** How many top-level organizations `userId` has a role in. */
  countForMember(userId: number, filter: MemberOrgFilter = {}): number {
    const { where, params } = memberWhere(userId, filter);
    return (
      this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM orgs o WHERE ${where}`, params)?.n ?? 0
    );
  }

  /** The namespace (user or organization) at `path`. */
  namespace(path: string): Readonly<NamespaceRow> | undefined {
    return this.db.lookUp<NamespaceRow>('SELECT id, path, kind FROM namespaces WHERE path = ?', [
      path,
    ]);
  }

  /** The role level of a user in an organization, or null. */
  memberRole(orgId: number, userId: number): number | null {
    return (
      this.db.get<{ role: number }>(
        'SELECT role FROM memberships WHERE org_id = ? AND user_id = ?',
        [orgId, userId],
      )?.role ?? null
    );
  }

  /** Give a user a role in an organization (replacing any previous one). */
  setRole(orgId: number, userId: number, role: number): void {
    this.db.run(
      'INSERT INTO memberships (org_id, user_id, role) VALUES (?, ?, ?) ON CONFLICT (org_id, user_id) DO UPDATE SET role = excluded.role',
      [orgId, userId, role],
    );
  }

  /** Which of these users have any role in the organization. */
  membersAmong(orgId: number, userIds: readonly number[]): Set<number> {
    const rows = this.db.all<{ user_id: number }>(
      'SELECT user_id FROM memberships WHERE org_id = ? AND user_id IN (SELECT value FROM json_each(?))',
      [orgId, JSON.stringify(userIds)],
    );
    return new Set(rows.map((row) => row.user_id));
  }

  /** Paths of every organization. */
  allPaths(): string[] {
    return this.db
      .all<{ path: string }>('SELECT path FROM orgs ORDER BY path')
      .map((row) => row.path);
  }
}
