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
}

const ORG_SELECT = `
  SELECT o.id, o.path, o.name, o.remark, o.description, o.site, o.email, o.created_at, o.updated_at,
    (SELECT COUNT(*) FROM memberships m WHERE m.org_id = o.id) AS member_count,
    (SELECT COUNT(*) FROM repos r WHERE r.namespace_id = o.id) AS sub_repo_count,
    (SELECT m.role FROM memberships m WHERE m.org_id = o.id AND m.user_id = ?) AS role
  FROM orgs o`;

/** Which of a member's organizations a list shows: a path fragment, a least role. */
export interface MemberOrgFilter {
  search?: string;
  minRole?: number;
}

function memberWhere(
  userId: number,
  filter: MemberOrgFilter,
): { where: string; params: SqlValue[] } {
  const clauses = ['o.id IN (SELECT org_id FROM memberships WHERE user_id = ? AND role >= ?)'];
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
        `INSERT INTO orgs (id, path, name, remark, description, site, email, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          org.path,
          org.name,
          org.remark,
          org.description,
          org.site,
          org.email,
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

  /** An organization by path, with the role of `userId` in it. */
  byPath(path: string, userId: number): OrgRow | undefined {
    return this.db.get<OrgRow>(`${ORG_SELECT} WHERE o.path = ?`, [userId, path]);
  }

  /** One page of the organizations `userId` has a role in, by path. */
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

  /** How many organizations `userId` has a role in. */
  countForMember(userId: number, filter: MemberOrgFilter = {}): number {
    const { where, params } = memberWhere(userId, filter);
    return (
      this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM orgs o WHERE ${where}`, params)?.n ?? 0
    );
  }

  /** The namespace (user or organization) at `path`. */
  namespace(path: string): NamespaceRow | undefined {
    return this.db.get<NamespaceRow>('SELECT id, path, kind FROM namespaces WHERE path = ?', [
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
