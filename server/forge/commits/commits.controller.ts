import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { GitHead, PlatformCommit, PlatformCompare } from '@shared/platform/types';
import { Access } from '../common/access.decorator';
import { toPaging } from '../common/paging';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { sendPage } from '../common/send-page';
import { ListCommitsQueryDto } from './commits.dto';
import { CommitsService } from './commits.service';

/** Spec 4.2: head, commits, compare. */
@Controller()
export class CommitsController {
  constructor(private readonly commits: CommitsService) {}

  /** The default branch. */
  @Get(':org/:repo/-/git/head')
  @Access({ scope: 'repo-code:r', anonymous: true })
  head(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
  ): Promise<GitHead> {
    return this.commits.head(principal, org, repo);
  }

  /** Commits, newest first (filters `sha`, `author`, `since`, `until`). */
  @Get(':org/:repo/-/git/commits')
  @Access({ scope: 'repo-code:r', anonymous: true })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Query() query: ListCommitsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PlatformCommit[]> {
    return sendPage(reply, await this.commits.list(principal, org, repo, query, toPaging(query)));
  }

  /** One commit; the ref may hold `/` (sent literally or as %2F). */
  @Get(':org/:repo/-/git/commits/*')
  @Access({ scope: 'repo-code:r', anonymous: true })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') ref: string,
  ): Promise<PlatformCommit> {
    return this.commits.get(principal, org, repo, ref);
  }

  /** `base...head` or `base..head`. */
  @Get(':org/:repo/-/git/compare/*')
  @Access({ scope: 'repo-code:r', anonymous: true })
  compare(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') basehead: string,
  ): Promise<PlatformCompare> {
    return this.commits.compare(principal, org, repo, basehead);
  }
}
