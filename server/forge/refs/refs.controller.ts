import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { ApiBranch, ApiBranchDetail } from '@shared/platform/published';
import { RepoAccess } from '../access/access.decorator';
import type { Caller } from '../access/principal';
import { PageQueryDto, toPaging } from '../http/paging';
import { sendPage } from '../http/send-page';
import { Repo, type RepoContext } from '../access/request-context';
import { CreateBranchDto, CreateTagDto } from './refs.dto';
import { RefsService, type ForgeTag } from './refs.service';

/** Branches and tags. Names may hold `/` (sent literally or as %2F). */
@Controller()
export class RefsController {
  constructor(private readonly refs: RefsService) {}

  /** Branches. */
  @Get(':org/:repo/-/git/branches')
  @RepoAccess('repo-code:r', 'read')
  async listBranches(
    @Repo() ctx: RepoContext,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiBranch[]> {
    return sendPage(reply, await this.refs.listBranches(ctx, toPaging(query)));
  }

  /** Create a branch: 201 with no body, as published (callers read it back). */
  @Post(':org/:repo/-/git/branches')
  @HttpCode(201)
  @RepoAccess('repo-code:rw', 'develop')
  async createBranch(
    @Repo() ctx: RepoContext<Caller>,
    @Body() body: CreateBranchDto,
  ): Promise<void> {
    await this.refs.createBranch(ctx, body);
  }

  /** One branch with its head commit. */
  @Get(':org/:repo/-/git/branches/*')
  @RepoAccess('repo-code:r', 'read')
  getBranch(@Repo() ctx: RepoContext, @Param('*') branch: string): Promise<ApiBranchDetail> {
    return this.refs.getBranch(ctx, branch);
  }

  /** Delete a branch: 200 with no body, as published. */
  @Delete(':org/:repo/-/git/branches/*')
  @HttpCode(200)
  @RepoAccess('repo-code:rw', 'develop')
  async deleteBranch(@Repo() ctx: RepoContext<Caller>, @Param('*') branch: string): Promise<void> {
    await this.refs.deleteBranch(ctx, branch);
  }

  /** Lock a branch: 201 with no body, as published. */
  @Post(':org/:repo/-/git/branch-locks/*')
  @HttpCode(201)
  @RepoAccess('repo-code:rw', 'manage')
  async lockBranch(@Repo() ctx: RepoContext<Caller>, @Param('*') branch: string): Promise<void> {
    await this.refs.lockBranch(ctx, branch);
  }

  /** Unlock a branch: 204, as published. */
  @Delete(':org/:repo/-/git/branch-locks/*')
  @HttpCode(204)
  @RepoAccess('repo-code:rw', 'manage')
  unlockBranch(@Repo() ctx: RepoContext, @Param('*') branch: string): void {
    this.refs.unlockBranch(ctx, branch);
  }

  /** Tags. */
  @Get(':org/:repo/-/git/tags')
  @RepoAccess('repo-code:r', 'read')
  async listTags(
    @Repo() ctx: RepoContext,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ForgeTag[]> {
    return sendPage(reply, await this.refs.listTags(ctx, toPaging(query)));
  }

  /** Create a tag (annotated when `message` is given). */
  @Post(':org/:repo/-/git/tags')
  @HttpCode(201)
  @RepoAccess('repo-code:rw', 'develop')
  createTag(@Repo() ctx: RepoContext<Caller>, @Body() body: CreateTagDto): Promise<ForgeTag> {
    return this.refs.createTag(ctx, body);
  }

  /** One tag. */
  @Get(':org/:repo/-/git/tags/*')
  @RepoAccess('repo-code:r', 'read')
  getTag(@Repo() ctx: RepoContext, @Param('*') tag: string): Promise<ForgeTag> {
    return this.refs.getTag(ctx, tag);
  }

  /** Delete a tag. */
  @Delete(':org/:repo/-/git/tags/*')
  @HttpCode(204)
  @RepoAccess('repo-code:rw', 'develop')
  async deleteTag(@Repo() ctx: RepoContext<Caller>, @Param('*') tag: string): Promise<void> {
    await this.refs.deleteTag(ctx, tag);
  }
}
