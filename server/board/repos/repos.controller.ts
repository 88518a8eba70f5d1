import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PullRequest, Repository } from '@shared/board/entities';
import { RouteCacheInterceptor } from '../cache/route-cache.interceptor';
import { PublicRead } from '../cache/public-reads';
import { FullNameParams, OrgParams, RepoParams } from '../common/params';
import { PullsQuery } from './pulls.query';
import { ReposService } from './repos.service';

@ApiTags('repositories')
@Controller('api')
@UseInterceptors(RouteCacheInterceptor)
export class ReposController {
  constructor(private readonly repos: ReposService) {}

  @Get('orgs/:slug/repos')
  @PublicRead()
  @ApiOperation({ summary: 'Repositories of one organization' })
  repositories(@Param() p: OrgParams): Promise<Repository[]> {
    return this.repos.repositories(p.slug);
  }

  @Get('repos/:org/:repo/pulls')
  @PublicRead()
  @ApiOperation({ summary: 'Pull requests of one repository' })
  pulls(@Param() p: RepoParams, @Query() q: PullsQuery): Promise<PullRequest[]> {
    return this.repos.pulls(p.org, p.repo, q.state);
  }

  @Get('repos/:full_name/pulls')
  @PublicRead()
  @ApiOperation({ summary: 'Pull requests of one repository, its full name percent-encoded' })
  pullsEncoded(@Param() p: FullNameParams, @Query() q: PullsQuery): Promise<PullRequest[]> {
    return this.repos.pulls(p.parts.org, p.parts.repo, q.state);
  }
}
