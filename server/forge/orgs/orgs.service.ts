import { Injectable } from '@nestjs/common';
import type { AccessRole } from '@shared/platform/types';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  UnauthorizedError,
} from '../../common/errors';
import { Clock } from '../common/clock';
import { checkName, checkPathName } from '../common/names';
import type { Page, Paging } from '../http/paging';
import type { OrgRule } from '../access/access.decorator';
import type { Caller, Principal } from '../access/principal';
import { type GroupContext, OrgContext, settle } from '../access/request-context';
import { ROLE_LEVELS, parseRole } from '../access/roles';
import { iso } from '../common/time';
import { ForgeConfig } from '../config/forge-config';
import { UsersService } from '../users/users.service';
import { toPlatformOrganization, type ForgeOrganization } from './org.converter';
import type { GroupGrant, NamespaceGrant, NamespaceRow, OrgRow } from './org.types';
import type { CreateGroupDto, UpdateGroupDto } from './orgs.dto';
import { OrgsRepository } from './orgs.repository';

/** What an organization route names, and the least role it needs there. */
type OrgTargetRule = Pick<OrgRule, 'target' | 'role'>;
type GroupRule = OrgTargetRule & { target: 'group' };

/** The least roles for changing and deleting a group, and the action each refusal names. */
export const CHANGING_GROUP = { least: 'Master', action: 'Changing' } as const;
export const DELETING_GROUP = { least: 'Owner', action: 'Deleting' } as const;

/** Sub-groups one list reads at most (the forge's sub-group lists are short). */
const MAX_SUB_GROUPS = 1000;

/** Organizations, namespaces and roles: who may do what where. */
@Injectable()
export class OrgsService {
  constructor(
    private readonly orgs: OrgsRepository,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
  ) {}

  /**
   * Create an organization owned by the caller. A path of several names (`org/team`)
   * creates a sub-group under the organization named by all but the last one, which must
   * exist (else the path is invalid) and where the caller needs the Master role; `bind_domain` applies to top-level
   * organizations only.
   */
  create(principal: Principal, input: CreateGroupDto): ForgeOrganization {
    const caller = this.requireCaller(principal);
    const names = typeof input.path === 'string' ? input.path.split('/') : [input.path];
    names.forEach((name, index) => checkName('path', name, { namespace: index === 0 }));
    const path = names.join('/');
    const domain = input.bind_domain?.trim() ?? '';
    let parentId: number | undefined;
    if (names.length > 1) {
      if (domain !== '') {
        throw new InvalidError('bind_domain applies to top-level organizations only', {
          field: 'bind_domain',
        });
      }
      const parentPath = names.slice(0, -1).join('/');
      const parent = this.orgs.byPath(parentPath, caller.userId);
      if (!parent) {
        throw new InvalidError(`path: there is no organization ${parentPath} to hold it`, {
          field: 'path',
        });
      }
      const role = caller.isAdmin
        ? ROLE_LEVELS.Owner
        : (this.orgs.inheritedRole(parent.path, caller.userId) ?? 0);
      if (role < ROLE_LEVELS.Master) {
        throw new ForbiddenError(`Creating a sub-group needs the Master role in ${parent.path}`, {
          role: 'Master',
        });
      }
      parentId = parent.id;
    }
    this.orgs.insert(
      {
        path,
        name: names[names.length - 1],
        remark: input.remark?.trim() ?? '',
        description: input.description ?? '',
        site: '',
        email: '',
        domain,
        parentId,
        createdAt: iso(this.clock.now()),
      },
      caller.userId,
      ROLE_LEVELS.Owner,
    );
    const group = this.requireGroup(caller, path);
    return toPlatformOrganization(
      group,
      this.config.publicUrl,
      this.accessLevel(caller, group.path),
    );
  }

  /**
   * The organization, user namespace or sub-group a route names, for the access guard:
   * the grant, or the refusal for later.
   */
  context(principal: Principal, path: string, rule: GroupRule): GroupContext;
  context(
    principal: Principal,
    path: string,
    rule: OrgTargetRule,
  ): OrgContext<NamespaceGrant | GroupGrant>;
  context(
    principal: Principal,
    path: string,
    rule: OrgTargetRule,
  ): OrgContext<NamespaceGrant | GroupGrant> {
    return new OrgContext(
      principal,
      path,
      settle(() => ({ ...this.grant(principal, path, rule), caller: principal })),
    );
  }

  /**
   * An organization's record, with the caller's role in it: the highest role held in it
   * or in an organization above it.
   */
  get(ctx: GroupContext): ForgeOrganization {
    const { group, role } = ctx.granted();
    return toPlatformOrganization(group, this.config.publicUrl, role);
  }

  /** The sub-groups directly under a group, with the caller's role in each. */
  listSubGroups(
    ctx: GroupContext<Caller>,
    paging: Paging,
    query: { search?: string } = {},
  ): Page<ForgeOrganization> {
    const { group: parent, role: above, caller } = ctx.granted();
    const { rows, total } = this.orgs.listChildren(
      parent.id,
      caller.userId,
      paging.pageSize,
      paging.offset,
      query.search?.trim() || undefined,
    );
    return {
      items: rows.map((row) =>
        toPlatformOrganization(row, this.config.publicUrl, Math.max(above, row.role ?? 0)),
      ),
      total,
    };
  }

  /**
   * The sub-groups directly under a group the caller can reach (a role in them or above
   * them), at least at level `access` when given (10 Guest … 50 Owner).
   */
  listMySubGroups(
    ctx: GroupContext<Caller>,
    paging: Paging,
    access?: number,
  ): Page<ForgeOrganization> {
    const { group: parent, role: above, caller } = ctx.granted();
    const least = Math.max(1, access ?? 1);
    const reachable = this.orgs
      .listChildren(parent.id, caller.userId, MAX_SUB_GROUPS, 0)
      .rows.map((row) => ({ row, role: Math.max(above, row.role ?? 0) }))
      .filter((entry) => entry.role >= least);
    return {
      items: reachable
        .slice(paging.offset, paging.offset + paging.pageSize)
        .map((entry) => toPlatformOrganization(entry.row, this.config.publicUrl, entry.role)),
      total: reachable.length,
    };
  }

  /**
   * Change an organization's or sub-group's details (Master role in it or above). The
   * published form also names `wechat_mp` and `readme_repo_id`/`readme_repo_path`; the
   * forge keeps no such settings, so they are accepted and left out.
   */
  update(ctx: GroupContext, input: UpdateGroupDto): void {
    const { group: row } = ctx.granted();
    const domain = input.domain?.trim();
    if (domain && row.path.includes('/'))
      throw new InvalidError('domain applies to top-level organizations only', { field: 'domain' });
    this.orgs.update(row.id, {
      remark: input.remark?.trim(),
      description: input.description,
      site: input.site,
      email: input.email,
      domain,
      updatedAt: iso(this.clock.now()),
    });
  }

  /**
   * Delete an empty organization or sub-group (Owner role in it or above). One that still
   * holds repositories or sub-groups is refused with 409: the published text does not say
   * what happens to them, and deleting a whole tree on one call is the reading that loses
   * data, so the forge takes the other one.
   */
  delete(ctx: GroupContext): void {
    const { group: row } = ctx.granted();
    if (row.all_sub_repo_count > 0 || row.all_sub_group_count > 0)
      throw new ConflictError(`${row.path} still holds repositories or sub-groups`, {
        field: 'group',
      });
    this.orgs.delete(row.id);
  }

  /** Whether an organization or sub-group of this path exists. */
  isGroup(path: string): boolean {
    return this.orgs.namespace(path)?.kind === 'org';
  }

  /**
   * What the caller holds in the namespace or group `path`, checked against the rule's
   * least role; throws the refusal (401, 404, 403) in the order the routes always gave it.
   */
  private grant(
    principal: Principal,
    path: string,
    rule: OrgTargetRule,
  ): NamespaceGrant | GroupGrant {
    const { target, role: needs } = rule;
    if (target === 'group') {
      const caller = this.requireCaller(principal);
      const group = this.requireGroup(caller, path);
      const role = this.accessLevel(caller, group.path);
      if (needs && role < ROLE_LEVELS[needs.least])
        throw new ForbiddenError(`${needs.action} ${group.path} needs the ${needs.least} role`, {
          role: needs.least,
        });
      return { group, role };
    }
    const namespace =
      target === 'organization' ? this.organization(path) : this.namespace('org', path);
    if (needs) this.requireRole(principal, namespace, needs.least, needs.action);
    return { namespace, role: this.roleIn(principal, namespace) };
  }

  /** An organization or sub-group by path; NotFoundError when there is none. */
  private requireGroup(caller: NonNullable<Principal>, path: string): OrgRow {
    path.split('/').forEach((name) => checkPathName('org', name));
    const row = this.orgs.byPath(path, caller.userId);
    if (!row) throw new NotFoundError(`Organization ${path} not found`, { field: 'org' });
    return row;
  }

  /** The caller's role level in an organization, counting roles held above it; the admin owns all. */
  private accessLevel(caller: NonNullable<Principal>, path: string): number {
    if (caller.isAdmin) return ROLE_LEVELS.Owner;
    return this.orgs.inheritedRole(path, caller.userId) ?? 0;
  }

  /** The top-level organizations the caller has a role in. */
  listMine(
    principal: Principal,
    paging: Paging,
    query: { search?: string; role?: string } = {},
  ): Page<ForgeOrganization> {
    const caller = this.requireCaller(principal);
    const role = query.role ? parseRole(query.role) : null;
    const filter = {
      search: query.search?.trim() || undefined,
      minRole: role ? ROLE_LEVELS[role] : 0,
    };
    const rows = this.orgs.listForMember(caller.userId, paging.pageSize, paging.offset, filter);
    return {
      items: rows.map((row) =>
        toPlatformOrganization(
          row,
          this.config.publicUrl,
          caller.isAdmin ? ROLE_LEVELS.Owner : row.role,
        ),
      ),
      total: this.orgs.countForMember(caller.userId, filter),
    };
  }

  /** The namespace named in a URL; InvalidError for a malformed name, NotFoundError when absent. */
  namespace(field: string, path: string): NamespaceRow {
    checkPathName(field, path);
    const namespace = this.orgs.namespace(path);
    if (!namespace) throw new NotFoundError(`${path} not found`, { field });
    return namespace;
  }

  /** An organization's namespace (users' namespaces are refused as not found). */
  organization(path: string): NamespaceRow {
    const namespace = this.namespace('org', path);
    if (namespace.kind !== 'org')
      throw new NotFoundError(`Organization ${path} not found`, { field: 'org' });
    return namespace;
  }

  /** The caller's role level in a namespace: 0 for none; a user owns their own; the admin owns all. */
  roleIn(principal: Principal, namespace: NamespaceRow): number {
    if (!principal) return 0;
    if (principal.isAdmin) return ROLE_LEVELS.Owner;
    if (namespace.kind === 'user') return namespace.id === principal.userId ? ROLE_LEVELS.Owner : 0;
    return this.orgs.memberRole(namespace.id, principal.userId) ?? 0;
  }

  /** Throw ForbiddenError unless the caller holds at least `role` in the namespace. */
  requireRole(
    principal: Principal,
    namespace: NamespaceRow,
    role: AccessRole,
    action: string,
  ): void {
    const caller = this.requireCaller(principal);
    if (this.roleIn(caller, namespace) < ROLE_LEVELS[role]) {
      throw new ForbiddenError(`${action} needs the ${role} role in ${namespace.path}`, { role });
    }
  }

  /** Which of these users may be given work in the namespace (any role, or its own user). */
  assignable(namespace: NamespaceRow, userIds: readonly number[]): Set<number> {
    if (namespace.kind === 'user') return new Set(userIds.filter((id) => id === namespace.id));
    return this.orgs.membersAmong(namespace.id, userIds);
  }

  /** Give a user a role in an organization or sub-group (CLI and seed). */
  setRole(orgPath: string, username: string, role: string): void {
    const level = parseRole(role);
    if (!level)
      throw new InvalidError(`role must be one of ${Object.keys(ROLE_LEVELS).join(', ')}`, {
        field: 'role',
      });
    orgPath.split('/').forEach((name) => checkPathName('org', name));
    const org = this.orgs.namespace(orgPath);
    if (!org || org.kind !== 'org')
      throw new NotFoundError(`Organization ${orgPath} not found`, { field: 'org' });
    this.orgs.setRole(org.id, this.users.require(username).id, ROLE_LEVELS[level]);
  }

  private requireCaller(principal: Principal): NonNullable<Principal> {
    if (!principal) throw new UnauthorizedError('Not logged in');
    return principal;
  }
}
