import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { DtoRepos4User } from '@shared/platform/published';
import { ForbiddenError, NotFoundError } from '../../common/errors';
import { Access, OrgAccess, RepoAccess } from '../access/access.decorator';
import { scopeAllows, type Scope } from '../access/scopes';
import type { ForgeOrganization } from '../orgs/org.converter';
import { DELETING_GROUP, OrgsService } from '../orgs/orgs.service';
import { toPaging } from '../http/paging';
import { CurrentPrincipal, type Principal } from '../access/principal';
import { Org, type OrgContext, Repo, type RepoContext } from '../access/request-context';
import { sendPage } from '../http/send-page';
import {
  CreateRepoDto,
  ListReposQueryDto,
  SetVisibilityQueryDto,
  UpdateRepoDto,
  UserReposQueryDto,
} from './repos.dto';
import { ReposService } from './repos.service';

/** The scope check of the guard, for a route that answers for a group in place of a repository. */
function requireScope(principal: NonNullable<Principal>, scope: Scope): void {
  if (!scopeAllows(principal.scopes, scope))
    throw new ForbiddenError(`The token lacks the ${scope} scope`, { scope });
}

/** Repository records: `/{org}/{repo}`, `/{slug}/-/repos`, `/user/repos`. */
@Controller()
export class ReposController {
  constructor(
    private readonly repos: ReposService,
    private readonly orgs: OrgsService,
  ) {}

  /** Repositories the caller can reach. */
  @Get('user/repos')
  @Access({ scope: 'repo-code:r' })
  async mine(
    @CurrentPrincipal() principal: Principal,
    @Query() query: UserReposQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DtoRepos4User[]> {
    return sendPage(reply, await this.repos.listForCaller(principal, query, toPaging(query)));
  }

  /** Repositories of a user or an organization. */
  @Get(':org/-/repos')
  @OrgAccess('repo-code:r', 'namespace', { anonymous: true })
  async list(
    @Org() ctx: OrgContext,
    @Query() query: ListReposQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DtoRepos4User[]> {
    return sendPage(reply, await this.repos.list(ctx, query, toPaging(query)));
  }

  /** Create a repository: 201 with no body, as published (callers read it back). */
  @Post(':org/-/repos')
  @HttpCode(201)
  @OrgAccess('repo-manage:rw', 'namespace', {
    role: { least: 'Master', action: 'Creating a repository' },
  })
  async create(@Org() ctx: OrgContext, @Body() body: CreateRepoDto): Promise<void> {
    await this.repos.create(ctx, body);
  }

  /**
   * One repository. `/{group}` of a sub-group `org/team` sent with its slash encoded
   * decodes to this route (http/encoded-slash.ts); where no repository of that path
   * exists but the sub-group does, the group answers, under the group route's own scope.
   */
  @Get(':org/:repo')
  @RepoAccess('repo-code:r', 'read')
  async get(@Repo() ctx: RepoContext): Promise<DtoRepos4User | ForgeOrganization> {
    try {
      return await this.repos.get(ctx);
    } catch (error) {
      const group = this.groupInstead(ctx, error, 'group-resource:r');
      return this.orgs.get(this.orgs.context(ctx.caller, group, { target: 'group' }));
    }
  }

  /** Update description, site, topics or licence: 200 with no body, as published. */
  @Patch(':org/:repo')
  @RepoAccess('repo-manage:rw', 'manage')
  async update(@Repo() ctx: RepoContext, @Body() body: UpdateRepoDto): Promise<void> {
    await this.repos.update(ctx, body);
  }

  /**
   * Delete a repository and its git folder: 200 with no body, as published. As for GET,
   * a sub-group `org/team` with no repository of that path is deleted as the group,
   * under the group route's scope.
   */
  @Delete(':org/:repo')
  @HttpCode(200)
  @RepoAccess('repo-manage:rw', 'delete')
  async remove(@Repo() ctx: RepoContext): Promise<void> {
    try {
      await this.repos.delete(ctx);
    } catch (error) {
      const group = this.groupInstead(ctx, error, 'group-delete:rw');
      this.orgs.delete(
        this.orgs.context(ctx.caller, group, { target: 'group', role: DELETING_GROUP }),
      );
    }
  }

  /** Change the visibility: 200 with no body, as published. */
  @Post(':org/:repo/-/settings/set_visibility')
  @HttpCode(200)
  @RepoAccess('repo-manage:rw', 'manage')
  setVisibility(@Repo() ctx: RepoContext, @Query() query: SetVisibilityQueryDto): void {
    this.repos.setVisibility(ctx, query.visibility);
  }

  /** Archive: 200 with no body, as published. */
  @Post(':org/:repo/-/settings/archive')
  @HttpCode(200)
  @RepoAccess('repo-manage:rw', 'manage')
  archive(@Repo() ctx: RepoContext): void {
    this.repos.setArchived(ctx, true);
  }

  /** Bring an archived repository back: 200 with no body, as published. */
  @Post(':org/:repo/-/settings/unarchive')
  @HttpCode(200)
  @RepoAccess('repo-manage:rw', 'manage')
  unarchive(@Repo() ctx: RepoContext): void {
    this.repos.setArchived(ctx, false);
  }

  /**
   * The sub-group `org/team` a repository route names when no repository has that path
   * but the group exists; the caller's token then needs the group route's scope. Throws
   * the repository's refusal otherwise.
   */
  private groupInstead(ctx: RepoContext, error: unknown, scope: Scope): string {
    const group = `${ctx.owner}/${ctx.name}`;
    const { caller } = ctx;
    if (!(error instanceof NotFoundError) || !caller || !this.orgs.isGroup(group)) throw error;
    requireScope(caller, scope);
    return group;
  }
}
