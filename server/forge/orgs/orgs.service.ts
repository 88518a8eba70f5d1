import { Injectable } from '@nestjs/common';
import type { AccessRole } from '@shared/platform/types';
import {
  ForbiddenError,
  InvalidError,
  NotFoundError,
  UnauthorizedError,
} from '../../common/errors';
import { Clock } from '../common/clock';
import { checkName, checkPathName } from '../common/names';
import type { Page, Paging } from '../common/paging';
import type { Principal } from '../common/principal';
import { ROLE_LEVELS, parseRole } from '../common/roles';
import { iso } from '../common/time';
import { ForgeConfig } from '../config/forge-config';
import { UsersService } from '../users/users.service';
import { toPlatformOrganization, type ForgeOrganization } from './org.converter';
import type { NamespaceRow } from './org.types';
import type { CreateGroupDto } from './orgs.dto';
import { OrgsRepository } from './orgs.repository';

/** Organizations, namespaces and roles: who may do what where. */
@Injectable()
export class OrgsService {
  constructor(
    private readonly orgs: OrgsRepository,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
  ) {}

  /** Create an organization owned by the caller. */
  create(principal: Principal, input: CreateGroupDto): ForgeOrganization {
    const caller = this.requireCaller(principal);
    const path = checkName('path', input.path, { namespace: true });
    this.orgs.insert(
      {
        path,
        name: path,
        remark: input.remark?.trim() ?? '',
        description: input.description ?? '',
        site: '',
        email: '',
        createdAt: iso(this.clock.now()),
      },
      caller.userId,
      ROLE_LEVELS.Owner,
    );
    return this.get(principal, path);
  }

  /** An organization's record, with the caller's role in it. */
  get(principal: Principal, path: string): ForgeOrganization {
    const caller = this.requireCaller(principal);
    checkPathName('org', path);
    const row = this.orgs.byPath(path, caller.userId);
    if (!row) throw new NotFoundError(`Organization ${path} not found`, { field: 'org' });
    const role = caller.isAdmin ? ROLE_LEVELS.Owner : row.role;
    return toPlatformOrganization(row, this.config.publicUrl, role);
  }

  /** The organizations the caller has a role in. */
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

  /** Give a user a role in an organization (CLI and seed). */
  setRole(orgPath: string, username: string, role: string): void {
    const level = parseRole(role);
    if (!level)
      throw new InvalidError(`role must be one of ${Object.keys(ROLE_LEVELS).join(', ')}`, {
        field: 'role',
      });
    const org = this.organization(orgPath);
    this.orgs.setRole(org.id, this.users.require(username).id, ROLE_LEVELS[level]);
  }

  private requireCaller(principal: Principal): NonNullable<Principal> {
    if (!principal) throw new UnauthorizedError('Not logged in');
    return principal;
  }
}
