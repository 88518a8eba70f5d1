import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { DtoRepos4User } from '@shared/platform/published';
import { ForbiddenError, NotFoundError } from '../../common/errors';
import { Access } from '../common/access.decorator';
import { scopeAllows, type Scope } from '../common/scopes';
import type { ForgeOrganization } from '../orgs/org.converter';
import { OrgsService } from '../orgs/orgs.service';
import { toPaging } from '../common/paging';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { sendPage } from '../common/send-page';
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
  @Access({ scope: 'repo-code:r', anonymous: true })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Query() query: ListReposQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DtoRepos4User[]> {
    return sendPage(reply, await this.repos.list(principal, org, query, toPaging(query)));
  }

  /** Create a repository: 201 with no body, as published (callers read it back). */
  @Post(':org/-/repos')
  @HttpCode(201)
  @Access({ scope: 'repo-manage:rw' })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Body() body: CreateRepoDto,
  ): Promise<void> {
    await this.repos.create(principal, org, body);
  }

  /**
   * One repository. `/{group}` of a sub-group `org/team` sent with its slash encoded
   * decodes to this route (common/encoded-slash.ts); where no repository of that path
   * exists but the sub-group does, the group answers, under the group route's own scope.
   */
  @Get(':org/:repo')
  @Access({ scope: 'repo-code:r', anonymous: true })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
  ): Promise<DtoRepos4User | ForgeOrganization> {
    try {
      return await this.repos.get(principal, org, repo);
    } catch (error) {
      const group = `${org}/${repo}`;
      if (!(error instanceof NotFoundError) || !principal || !this.orgs.isGroup(group)) throw error;
      requireScope(principal, 'group-resource:r');
      return this.orgs.get(principal, group);
    }
  }

  /** Update description, site, topics or licence: 200 with no body, as published. */
  @Patch(':org/:repo')
  @Access({ scope: 'repo-manage:rw' })
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Body() body: UpdateRepoDto,
  ): Promise<void> {
    await this.repos.update(principal, org, repo, body);
  }

  /**
   * Delete a repository and its git folder: 200 with no body, as published. As for GET,
   * a sub-group `org/team` with no repository of that path is deleted as the group,
   * under the group route's scope.
   */
  @Delete(':org/:repo')
  @HttpCode(200)
  @Access({ scope: 'repo-manage:rw' })
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
  ): Promise<void> {
    try {
      await this.repos.delete(principal, org, repo);
    } catch (error) {
      const group = `${org}/${repo}`;
      if (!(error instanceof NotFoundError) || !principal || !this.orgs.isGroup(group)) throw error;
      requireScope(principal, 'group-delete:rw');
      this.orgs.delete(principal, group);
    }
  }

  /** Change the visibility: 200 with no body, as published. */
  @Post(':org/:repo/-/settings/set_visibility')
  @HttpCode(200)
  @Access({ scope: 'repo-manage:rw' })
  setVisibility(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Query() query: SetVisibilityQueryDto,
  ): void {
    this.repos.setVisibility(principal, org, repo, query.visibility);
  }

  /** Archive: 200 with no body, as published. */
  @Post(':org/:repo/-/settings/archive')
  @HttpCode(200)
  @Access({ scope: 'repo-manage:rw' })
  archive(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
  ): void {
    this.repos.setArchived(principal, org, repo, true);
  }

  /** Bring an archived repository back: 200 with no body, as published. */
  @Post(':org/:repo/-/settings/unarchive')
  @HttpCode(200)
  @Access({ scope: 'repo-manage:rw' })
  unarchive(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
  ): void {
    this.repos.setArchived(principal, org, repo, false);
  }
}
