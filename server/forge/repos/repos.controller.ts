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
import { Access } from '../common/access.decorator';
import { toPaging } from '../common/paging';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { sendPage } from '../common/send-page';
import { CreateRepoDto, ListReposQueryDto, UpdateRepoDto, UserReposQueryDto } from './repos.dto';
import { ReposService } from './repos.service';

/** Repository records: `/{org}/{repo}`, `/{slug}/-/repos`, `/user/repos`. */
@Controller()
export class ReposController {
  constructor(private readonly repos: ReposService) {}

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

  /** Create a repository. */
  @Post(':org/-/repos')
  @HttpCode(201)
  @Access({ scope: 'repo-manage:rw' })
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Body() body: CreateRepoDto,
  ): Promise<DtoRepos4User> {
    return this.repos.create(principal, org, body);
  }

  /** One repository. */
  @Get(':org/:repo')
  @Access({ scope: 'repo-code:r', anonymous: true })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
  ): Promise<DtoRepos4User> {
    return this.repos.get(principal, org, repo);
  }

  /** Update description, site, topics or licence. */
  @Patch(':org/:repo')
  @Access({ scope: 'repo-manage:rw' })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Body() body: UpdateRepoDto,
  ): Promise<DtoRepos4User> {
    return this.repos.update(principal, org, repo, body);
  }

  /** Delete a repository and its git folder. */
  @Delete(':org/:repo')
  @HttpCode(204)
  @Access({ scope: 'repo-manage:rw' })
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
  ): Promise<void> {
    await this.repos.delete(principal, org, repo);
  }
}
