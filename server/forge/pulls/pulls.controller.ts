import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { ForgePull, ForgePullRequest } from './pull.converter';
import { Access, ForgeExtension } from '../common/access.decorator';
import { toPaging } from '../common/paging';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { sendPage } from '../common/send-page';
import { CreatePullDto, ListPullsQueryDto, MergePullDto, UpdatePullDto } from './pulls.dto';
import { PullChangesService, type MergePullResult } from './pull-changes.service';
import { PullsService } from './pulls.service';

/** Pull requests of a repository and of an organization. */
@Controller()
export class PullsController {
  constructor(
    private readonly pulls: PullsService,
    private readonly changes: PullChangesService,
  ) {}

  /** Pulls of every readable repository of an organization. */
  @Get(':org/-/pulls')
  @ForgeExtension()
  @Access({ scope: 'repo-code:r' })
  listOrg(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Query() query: ListPullsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ForgePullRequest[]> {
    return this.pulls
      .listOrg(principal, org, query, toPaging(query))
      .then((page) => sendPage(reply, page));
  }

  /** Pulls of a repository. */
  @Get(':org/:repo/-/pulls')
  @Access({ scope: 'repo-code:r', anonymous: true })
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Query() query: ListPullsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ForgePullRequest[]> {
    return this.pulls
      .list(principal, org, repo, query, toPaging(query))
      .then((page) => sendPage(reply, page));
  }

  /** Record a pull request: 201 with the `api.Pull` record (reviewers included), as published. */
  @Post(':org/:repo/-/pulls')
  @HttpCode(201)
  @Access({ scope: 'repo-code:rw' })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Body() body: CreatePullDto,
  ): Promise<ForgePull> {
    const created = await this.pulls.create(principal, org, repo, body);
    return this.pulls.get(principal, org, repo, String(created.number));
  }

  /** Change the title or text, close or reopen: 200 with the `api.Pull` record, as published. */
  @Patch(':org/:repo/-/pulls/:number')
  @Access({ scope: 'repo-code:rw' })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Body() body: UpdatePullDto,
  ): Promise<ForgePull> {
    return this.changes.update(principal, org, repo, number, body);
  }

  /** Merge into the base branch: 200 with `{merged, message, sha}`. */
  @Put(':org/:repo/-/pulls/:number/merge')
  @HttpCode(200)
  @Access({ scope: 'repo-code:rw' })
  merge(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Body() body: MergePullDto,
  ): Promise<MergePullResult> {
    return this.changes.merge(principal, org, repo, number, body);
  }
}
