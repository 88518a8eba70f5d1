import { Controller, Get, Param, Query, Res, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Issue, IssueComment } from '@shared/board/entities';
import type { TaskRuns } from '@shared/board/runs';
import { RouteCacheInterceptor } from '../cache/route-cache.interceptor';
import { PublicRead } from '../cache/public-reads';
import { FullNameIssueParams, FullNameParams, IssueParams, RepoParams } from '../common/params';
import { IssueSearchQuery, RepoIssuesQuery } from './issue-search.query';
import { IssuesService } from './issues.service';

@ApiTags('issues')
@Controller('api')
@UseInterceptors(RouteCacheInterceptor)
export class IssuesController {
  constructor(private readonly issues: IssuesService) {}

  @Get('issues')
  @PublicRead()
  @ApiOperation({ summary: 'Issues across the covered organizations, newest first' })
  async search(
    @Query() query: IssueSearchQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Issue[]> {
    const page = await this.issues.search(query);
    void reply.header('X-Total-Count', String(page.total));
    return page.items;
  }

  @Get('repos/:org/:repo/issues')
  @PublicRead()
  @ApiOperation({ summary: 'Issues of one repository' })
  repositoryIssues(@Param() p: RepoParams, @Query() q: RepoIssuesQuery): Promise<Issue[]> {
    return this.issues.repositoryIssues(p.org, p.repo, q.state);
  }

  @Get('repos/:full_name/issues')
  @PublicRead()
  @ApiOperation({ summary: 'Issues of one repository, its full name percent-encoded' })
  repositoryIssuesEncoded(
    @Param() p: FullNameParams,
    @Query() q: RepoIssuesQuery,
  ): Promise<Issue[]> {
    return this.issues.repositoryIssues(p.parts.org, p.parts.repo, q.state);
  }

  @Get('repos/:org/:repo/issues/:number')
  @PublicRead()
  @ApiOperation({ summary: 'One issue with its description' })
  issue(@Param() p: IssueParams): Promise<Issue> {
    return this.issues.issue(p.org, p.repo, p.number);
  }

  @Get('repos/:full_name/issues/:number')
  @PublicRead()
  @ApiOperation({ summary: 'One issue, its repository full name percent-encoded' })
  issueEncoded(@Param() p: FullNameIssueParams): Promise<Issue> {
    return this.issues.issue(p.parts.org, p.parts.repo, p.number);
  }

  @Get('repos/:org/:repo/issues/:number/comments')
  @PublicRead()
  @ApiOperation({ summary: 'The conversation of one issue, oldest first' })
  comments(@Param() p: IssueParams): Promise<IssueComment[]> {
    return this.issues.comments(p.org, p.repo, p.number);
  }

  @Get('repos/:full_name/issues/:number/comments')
  @PublicRead()
  @ApiOperation({
    summary: 'The conversation of one issue, its repository full name percent-encoded',
  })
  commentsEncoded(@Param() p: FullNameIssueParams): Promise<IssueComment[]> {
    return this.issues.comments(p.parts.org, p.parts.repo, p.number);
  }

  @Get('repos/:org/:repo/issues/:number/runs')
  @PublicRead()
  @ApiOperation({ summary: 'The NPC runs of one task, newest first, with their core-hours' })
  runs(@Param() p: IssueParams): Promise<TaskRuns> {
    return this.issues.taskRuns(p.org, p.repo, p.number);
  }

  @Get('repos/:full_name/issues/:number/runs')
  @PublicRead()
  @ApiOperation({
    summary: 'The NPC runs of one task, its repository full name percent-encoded',
  })
  runsEncoded(@Param() p: FullNameIssueParams): Promise<TaskRuns> {
    return this.issues.taskRuns(p.parts.org, p.parts.repo, p.number);
  }
}
