import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { PlatformIssue } from '@shared/platform/types';
import { Access, ForgeExtension } from '../common/access.decorator';
import { toPaging } from '../common/paging';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { sendPage } from '../common/send-page';
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
  @Access({ scope: 'repo-issue:r' })
  listOrg(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Query() query: ListIssuesQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): PlatformIssue[] {
    return sendPage(reply, this.issues.listOrg(principal, org, query, toPaging(query)));
  }

  /** Issues of a repository. */
  @Get(':org/:repo/-/issues')
  @Access({ scope: 'repo-issue:r', anonymous: true })
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Query() query: ListIssuesQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): PlatformIssue[] {
    return sendPage(reply, this.issues.list(principal, org, repo, query, toPaging(query)));
  }

  /** Open an issue. */
  @Post(':org/:repo/-/issues')
  @HttpCode(201)
  @Access({ scope: 'repo-issue:rw' })
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Body() body: CreateIssueDto,
  ): PlatformIssue {
    return this.issues.create(principal, org, repo, body);
  }

  /** One issue with its body. */
  @Get(':org/:repo/-/issues/:number')
  @Access({ scope: 'repo-issue:r', anonymous: true })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
  ): PlatformIssue {
    return this.issues.get(principal, org, repo, number);
  }

  /** Change title, body, state, reason or priority. */
  @Patch(':org/:repo/-/issues/:number')
  @Access({ scope: 'repo-issue:rw' })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Body() body: UpdateIssueDto,
  ): PlatformIssue {
    return this.issues.update(principal, org, repo, number, body);
  }
}
