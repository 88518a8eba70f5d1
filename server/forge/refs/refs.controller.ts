import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { ApiBranch, ApiBranchDetail } from '@shared/platform/published';
import { Access } from '../common/access.decorator';
import { PageQueryDto, toPaging } from '../common/paging';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { sendPage } from '../common/send-page';
import { CreateBranchDto, CreateTagDto } from './refs.dto';
import { RefsService, type ForgeTag } from './refs.service';

/** Spec 4.2: branches and tags. Names may hold `/` (sent literally or as %2F). */
@Controller()
export class RefsController {
  constructor(private readonly refs: RefsService) {}

  /** Branches. */
  @Get(':org/:repo/-/git/branches')
  @Access({ scope: 'repo-code:r', anonymous: true })
  async listBranches(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiBranch[]> {
    return sendPage(reply, await this.refs.listBranches(principal, org, repo, toPaging(query)));
  }

  /** Create a branch: 201 with no body, as published (callers read it back). */
  @Post(':org/:repo/-/git/branches')
  @HttpCode(201)
  @Access({ scope: 'repo-code:rw' })
  async createBranch(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Body() body: CreateBranchDto,
  ): Promise<void> {
    await this.refs.createBranch(principal, org, repo, body);
  }

  /** One branch with its head commit. */
  @Get(':org/:repo/-/git/branches/*')
  @Access({ scope: 'repo-code:r', anonymous: true })
  getBranch(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') branch: string,
  ): Promise<ApiBranchDetail> {
    return this.refs.getBranch(principal, org, repo, branch);
  }

  /** Delete a branch: 200 with no body, as published. */
  @Delete(':org/:repo/-/git/branches/*')
  @HttpCode(200)
  @Access({ scope: 'repo-code:rw' })
  async deleteBranch(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') branch: string,
  ): Promise<void> {
    await this.refs.deleteBranch(principal, org, repo, branch);
  }

  /** Lock a branch: 201 with no body, as published. */
  @Post(':org/:repo/-/git/branch-locks/*')
  @HttpCode(201)
  @Access({ scope: 'repo-code:rw' })
  async lockBranch(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') branch: string,
  ): Promise<void> {
    await this.refs.lockBranch(principal, org, repo, branch);
  }

  /** Unlock a branch: 204, as published. */
  @Delete(':org/:repo/-/git/branch-locks/*')
  @HttpCode(204)
  @Access({ scope: 'repo-code:rw' })
  unlockBranch(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') branch: string,
  ): void {
    this.refs.unlockBranch(principal, org, repo, branch);
  }

  /** Tags. */
  @Get(':org/:repo/-/git/tags')
  @Access({ scope: 'repo-code:r', anonymous: true })
  async listTags(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ForgeTag[]> {
    return sendPage(reply, await this.refs.listTags(principal, org, repo, toPaging(query)));
  }

  /** Create a tag (annotated when `message` is given). */
  @Post(':org/:repo/-/git/tags')
  @HttpCode(201)
  @Access({ scope: 'repo-code:rw' })
  createTag(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Body() body: CreateTagDto,
  ): Promise<ForgeTag> {
    return this.refs.createTag(principal, org, repo, body);
  }

  /** One tag. */
  @Get(':org/:repo/-/git/tags/*')
  @Access({ scope: 'repo-code:r', anonymous: true })
  getTag(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') tag: string,
  ): Promise<ForgeTag> {
    return this.refs.getTag(principal, org, repo, tag);
  }

  /** Delete a tag. */
  @Delete(':org/:repo/-/git/tags/*')
  @HttpCode(204)
  @Access({ scope: 'repo-code:rw' })
  async deleteTag(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('*') tag: string,
  ): Promise<void> {
    await this.refs.deleteTag(principal, org, repo, tag);
  }
}
