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
import { OrgAccess, RepoAccess } from '../access/access.decorator';
import type { Caller } from '../access/principal';
import { ForgeExtension } from '../http/route-config';
import { toPaging } from '../http/paging';
import { sendPage } from '../http/send-page';
import { Org, type OrgContext, Repo, type RepoContext } from '../access/request-context';
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
  @OrgAccess('repo-code:r', 'organization')
  listOrg(
    @Org() ctx: OrgContext,
    @Query() query: ListPullsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ForgePullRequest[]> {
    return this.pulls.listOrg(ctx, query, toPaging(query)).then((page) => sendPage(reply, page));
  }

  /** Pulls of a repository. */
  @Get(':org/:repo/-/pulls')
  @RepoAccess('repo-code:r', 'read')
  list(
    @Repo() ctx: RepoContext,
    @Query() query: ListPullsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ForgePullRequest[]> {
    return this.pulls.list(ctx, query, toPaging(query)).then((page) => sendPage(reply, page));
  }

  /** Record a pull request: 201 with the `api.Pull` record (reviewers included), as published. */
  @Post(':org/:repo/-/pulls')
  @HttpCode(201)
  @RepoAccess('repo-code:rw', 'develop')
  async create(@Repo() ctx: RepoContext<Caller>, @Body() body: CreatePullDto): Promise<ForgePull> {
    const created = await this.pulls.create(ctx, body);
    return this.pulls.get(ctx, String(created.number));
  }

  /** Change the title or text, close or reopen: 200 with the `api.Pull` record, as published. */
  @Patch(':org/:repo/-/pulls/:number')
  @RepoAccess('repo-code:rw', 'participate')
  update(
    @Repo() ctx: RepoContext<Caller>,
    @Param('number') number: string,
    @Body() body: UpdatePullDto,
  ): Promise<ForgePull> {
    return this.changes.update(ctx, number, body);
  }

  /** Merge into the base branch: 200 with `{merged, message, sha}`. */
  @Put(':org/:repo/-/pulls/:number/merge')
  @HttpCode(200)
  @RepoAccess('repo-code:rw', 'develop')
  merge(
    @Repo() ctx: RepoContext<Caller>,
    @Param('number') number: string,
    @Body() body: MergePullDto,
  ): Promise<MergePullResult> {
    return this.changes.merge(ctx, number, body);
  }
}
