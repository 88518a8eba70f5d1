import { Injectable, Logger } from '@nestjs/common';
import type { DtoRepos4User } from '@shared/platform/published';
import type { AccessRole, CreateVisibility } from '@shared/platform/types';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../../common/errors';
import { Clock } from '../common/clock';
import { checkName, checkPathName } from '../common/names';
import type { Page, Paging } from '../http/paging';
import type { Principal } from '../access/principal';
import { type OrgContext, RepoContext, settle } from '../access/request-context';
import { ROLE_LEVELS } from '../access/roles';
import { iso } from '../common/time';
import { ForgeConfig } from '../config/forge-config';
import { GitAdapter } from '../git/git.adapter';
import { OrgsService } from '../orgs/orgs.service';
import { RepoLanguages } from './repo-languages';
import { toPlatformRepository } from './repo.converter';
import type { NamespaceGrant } from '../orgs/org.types';
import type { RepoGrant, RepoOrder, RepoPermission, RepoRow } from './repo.types';
import type {
  CreateRepoDto,
  ListReposQueryDto,
  UpdateRepoDto,
  UserReposQueryDto,
} from './repos.dto';
import { ReposRepository } from './repos.repository';

/** Least role each permission needs in the repository's namespace (reading a public repository needs none). */
const PERMISSION_ROLE: Readonly<Record<RepoPermission, AccessRole>> = {
  read: 'Guest',
  participate: 'Guest',
  triage: 'Reporter',
  develop: 'Developer',
  manage: 'Master',
  delete: 'Owner',
};

/** Repositories: records, access checks for everything inside them, and their bare git folders. */
@Injectable()
export class ReposService {
  private readonly logger = new Logger('Forge');

  constructor(
    private readonly repos: ReposRepository,
    private readonly orgs: OrgsService,
    private readonly git: GitAdapter,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
    private readonly languages: RepoLanguages,
  ) {}

  /** The repository a route names, for the access guard: the grant, or the refusal for later. */
  context(
    principal: Principal,
    owner: string,
    name: string,
    permission: RepoPermission,
  ): RepoContext {
    return new RepoContext(
      principal,
      owner,
      name,
      settle(() => ({ ...this.resolve(principal, owner, name, permission), caller: principal })),
    );
  }

  /**
   * The repository `owner/name` if the caller may act on it as `permission` asks.
   * Anonymous callers see public repositories only (anything else answers 16, without
   * saying whether it exists); secret repositories refuse token access (7).
   */
  private resolve(
    principal: Principal,
    owner: string,
    name: string,
    permission: RepoPermission,
  ): RepoGrant {
    checkPathName('org', owner);
    checkPathName('repo', name);
    const namespace = this.orgs.namespace('org', owner);
    // Every request inside a repository passes here; the open counts are read only where shown.
    const repo = this.repos.byNameForAccess(namespace.id, name);
    if (!principal) {
      if (repo?.visibility === 'public' && permission === 'read')
        return { repo, namespace, role: 0 };
      throw new UnauthorizedError('Not logged in: send Authorization: Bearer <token>');
    }
    if (!repo) throw new NotFoundError(`Repository ${owner}/${name} not found`, { field: 'repo' });
    if (repo.visibility === 'secret') {
      throw new ForbiddenError('Secret repositories refuse token access', { visibility: 'secret' });
    }
    const role = this.orgs.roleIn(principal, namespace);
    const publicReach =
      repo.visibility === 'public' && (permission === 'read' || permission === 'participate');
    if (!publicReach && role < ROLE_LEVELS[PERMISSION_ROLE[permission]]) {
      throw new ForbiddenError(
        `This needs the ${PERMISSION_ROLE[permission]} role in ${namespace.path}`,
        {
          role: PERMISSION_ROLE[permission],
        },
      );
    }
    return { repo, namespace, role };
  }

  /** One repository's record. */
  get(ctx: RepoContext): Promise<DtoRepos4User> {
    return this.toWire(ctx.caller, this.repos.byId(ctx.granted().repo.id) as RepoRow);
  }

  /** Create a repository: the git folder first, then the record (removed again if the record fails). */
  async create(ctx: OrgContext, input: CreateRepoDto): Promise<DtoRepos4User> {
    const { namespace } = ctx.granted();
    const name = checkName('name', input.name);
    if (this.repos.exists(namespace.id, name)) {
      throw new ConflictError(`Repository ${namespace.path}/${name} already exists`, {
        field: 'name',
      });
    }
    await this.git.initBare(namespace.path, name);
    let id: number;
    try {
      id = this.repos.insert({
        namespaceId: namespace.id,
        name,
        description: input.description ?? '',
        visibility: input.visibility,
        createdAt: iso(this.clock.now()),
      });
      if (input.license)
        this.repos.update(id, { license: input.license, updatedAt: iso(this.clock.now()) });
    } catch (error) {
      await this.git.remove(namespace.path, name);
      if (error instanceof Error && /UNIQUE/.test(error.message)) {
        throw new ConflictError(`Repository ${namespace.path}/${name} already exists`, {
          field: 'name',
        });
      }
      throw error;
    }
    return this.toWire(ctx.caller, this.repos.byId(id) as RepoRow);
  }

  /** Change description, site, topics or licence. */
  update(ctx: RepoContext, input: UpdateRepoDto): Promise<DtoRepos4User> {
    const { repo } = ctx.granted();
    this.repos.update(repo.id, {
      description: input.description,
      site: input.site,
      topics: input.topics?.map((topic) => topic.trim()).join(','),
      license: input.license,
      updatedAt: iso(this.clock.now()),
    });
    return this.toWire(ctx.caller, this.repos.byId(repo.id) as RepoRow);
  }

  /** Change who can see a repository (Master role, as for other settings). */
  setVisibility(ctx: RepoContext, visibility: CreateVisibility): void {
    const { repo } = ctx.granted();
    this.repos.setSettings(repo.id, { visibility }, iso(this.clock.now()));
  }

  /** Archive a repository or bring it back (Master role); the record shows status 1 while archived. */
  setArchived(ctx: RepoContext, archived: boolean): void {
    const { repo } = ctx.granted();
    this.repos.setSettings(repo.id, { status: archived ? 1 : 0 }, iso(this.clock.now()));
  }

  /** Delete the record (and everything in it), then the git folder. */
  async delete(ctx: RepoContext): Promise<void> {
    const { repo, namespace } = ctx.granted();
    this.repos.delete(repo.id);
    try {
      await this.git.remove(namespace.path, repo.name);
    } catch (error) {
      this.logger.warn(
        `Repository ${namespace.path}/${repo.name} deleted, but its folder stayed: ${String(error)}`,
      );
    }
  }

  /**
   * Repositories of a user or an organization the caller can see: members see public and
   * private ones, others public ones. Secret repositories refuse every token, so no list
   * names them.
   */
  list(ctx: OrgContext, query: ListReposQueryDto, paging: Paging): Promise<Page<DtoRepos4User>> {
    const { namespace, role } = ctx.granted();
    const visibilities: CreateVisibility[] = role > 0 ? ['public', 'private'] : ['public'];
    return this.page(ctx.caller, { namespaceId: namespace.id, visibilities }, query, paging);
  }

  /**
   * Repositories in the caller's own namespace and in the organizations they belong to
   * (every namespace, for the admin), secret ones left out as in every list.
   */
  listForCaller(
    principal: Principal,
    query: UserReposQueryDto,
    paging: Paging,
  ): Promise<Page<DtoRepos4User>> {
    if (!principal) throw new UnauthorizedError('Not logged in');
    // The least role defaults to Owner, as published; the admin owns every namespace.
    const minRole = ROLE_LEVELS[query.role ?? 'Owner'];
    const scope = principal.isAdmin ? {} : { accessibleTo: principal.userId, minRole };
    return this.page(principal, { ...scope, visibilities: ['public', 'private'] }, query, paging);
  }

  /**
   * The repositories of an organization whose contents the caller may read, for
   * organization-wide lists: members see public and private ones, others public ones;
   * secret repositories never appear.
   */
  readableInOrg({ namespace, role }: NamespaceGrant): { namespaceId: number; repoIds: number[] } {
    const visibilities: CreateVisibility[] = role > 0 ? ['public', 'private'] : ['public'];
    return { namespaceId: namespace.id, repoIds: this.repos.idsIn(namespace.id, visibilities) };
  }

  /** The repositories whose issues `/user/issues` looks through: every one the caller can read as a member. */
  readableByCaller(principal: Principal): { repoIds: number[] } {
    if (!principal) throw new UnauthorizedError('Not logged in');
    return { repoIds: this.repos.idsAccessibleTo(principal.isAdmin ? null : principal.userId) };
  }

  /** Set the time of the newest commit of a repository (pushes move it, in part 2). */
  setLastCommit(repoId: number, at: Date | null): void {
    this.repos.setLastCommit(repoId, at ? iso(at) : null);
  }

  private async page(
    principal: Principal,
    scope: { namespaceId?: number; accessibleTo?: number; visibilities: CreateVisibility[] },
    query: ListReposQueryDto,
    paging: Paging,
  ): Promise<Page<DtoRepos4User>> {
    // The published defaults: by last update (newest commit), ascending.
    const orderBy: RepoOrder = query.order_by ?? 'last_updated_at';
    // No forge repository carries feature flags, and sub-groups hold no repositories.
    if (query.flags || query.descendant === 'grand') return { items: [], total: 0 };
    const visibilities = query.filter_type
      ? scope.visibilities.filter((visibility) => visibility === query.filter_type)
      : scope.visibilities;
    const { rows, total } = this.repos.list({
      ...scope,
      visibilities,
      status: query.status === undefined ? undefined : query.status === 'archived' ? 1 : 0,
      search: query.search?.trim() || undefined,
      orderBy,
      desc: query.desc ?? false,
      limit: paging.pageSize,
      offset: paging.offset,
    });
    return { items: await Promise.all(rows.map((row) => this.toWire(principal, row))), total };
  }

  private async toWire(principal: Principal, row: RepoRow): Promise<DtoRepos4User> {
    const role = this.orgs.roleIn(principal, {
      id: row.namespace_id,
      path: row.owner_path,
      kind: row.owner_kind,
    });
    const languages = await this.languages.of({ owner: row.owner_path, name: row.name });
    return toPlatformRepository(row, this.config.publicUrl, { role, languages });
  }
}
