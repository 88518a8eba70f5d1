import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { PlatformIssue } from '@shared/platform/types';
import { Access, OrgAccess, RepoAccess } from '../access/access.decorator';
import { ForgeExtension } from '../http/route-config';
import { toPaging } from '../http/paging';
import { type Caller, CurrentPrincipal, type Principal } from '../access/principal';
import { Org, type OrgContext, Repo, type RepoContext } from '../access/request-context';
import { sendPage } from '../http/send-page';
import type { ForgeIssue } from './issue.converter';
import {
  CreateIssueDto,
  ListIssuesQueryDto,
  ListUserIssuesQueryDto,
  UpdateIssueDto,
} from './issues.dto';
import { IssuesService } from './issues.service';

/** Issues of a repository and of an organization. */
@Controller()
export class IssuesController {
  constructor(private readonly issues: IssuesService) {}

  /** Issues assigned to (or opened by) the caller across the repositories they can read. */
  @Get('user/issues')
  @Access({ scope: 'repo-issue:r' })
  listMine(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListUserIssuesQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): ForgeIssue[] {
    return sendPage(reply, this.issues.listForUser(principal, query, toPaging(query)));
  }

  /** Issues of every readable repository of an organization. */
  @Get(':org/-/issues')
  @ForgeExtension()
  @OrgAccess('repo-issue:r', 'organization')
  listOrg(
    @Org() ctx: OrgContext,
    @Query() query: ListIssuesQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): PlatformIssue[] {
    return sendPage(reply, this.issues.listOrg(ctx, query, toPaging(query)));
  }

  /** Issues of a repository. */
  @Get(':org/:repo/-/issues')
  @RepoAccess('repo-issue:r', 'read')
  list(
    @Repo() ctx: RepoContext,
    @Query() query: ListIssuesQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): PlatformIssue[] {
    return sendPage(reply, this.issues.list(ctx, query, toPaging(query)));
  }

  /** Open an issue. */
  @Post(':org/:repo/-/issues')
  @HttpCode(201)
  @RepoAccess('repo-issue:rw', 'participate')
  create(@Repo() ctx: RepoContext<Caller>, @Body() body: CreateIssueDto): Promise<PlatformIssue> {
    return this.issues.create(ctx, body);
  }

  /** One issue with its body. */
  @Get(':org/:repo/-/issues/:number')
  @RepoAccess('repo-issue:r', 'read')
  get(@Repo() ctx: RepoContext, @Param('number') number: string): PlatformIssue {
    return this.issues.get(ctx, number);
  }

  /** Change title, body, state, reason or priority. */
  @Patch(':org/:repo/-/issues/:number')
  @RepoAccess('repo-issue:rw', 'participate')
  update(
    @Repo() ctx: RepoContext<Caller>,
    @Param('number') number: string,
    @Body() body: UpdateIssueDto,
  ): PlatformIssue {
    return this.issues.update(ctx, number, body);
  }
}
