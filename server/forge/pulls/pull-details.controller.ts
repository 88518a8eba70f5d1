import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type {
  ApiCommit,
  ApiCommitStatuses,
  ApiLabel,
  ApiPullFile,
  ApiPullRequestComment,
  ApiPullReview,
  ApiPullReviewComment,
  ApiUserInfo,
} from '@shared/platform/published';
import { RepoAccess } from '../access/access.decorator';
import type { Caller } from '../access/principal';
import { PageQueryDto, toPaging } from '../http/paging';
import { sendPage } from '../http/send-page';
import { Repo, type RepoContext } from '../access/request-context';
import type { ForgePull, ForgePullRequestInfo } from './pull.converter';
import { PullDetailsService } from './pull-details.service';
import { CreatePullCommentDto, CreatePullReviewDto, PullBatchQueryDto } from './pulls.dto';
import { PullsService } from './pulls.service';

const PULL = ':org/:repo/-/pulls/:number';

/** One pull request and what hangs off it. */
@Controller()
export class PullDetailsController {
  constructor(
    private readonly pulls: PullsService,
    private readonly details: PullDetailsService,
  ) {}

  /** Pulls by number. */
  @Get(':org/:repo/-/pull-in-batch')
  @RepoAccess('repo-code:r', 'read')
  batch(
    @Repo() ctx: RepoContext,
    @Query() query: PullBatchQueryDto,
  ): Promise<ForgePullRequestInfo[]> {
    return this.pulls.batch(ctx, query.n.split(',').map(Number));
  }

  /** One pull request. */
  @Get(PULL)
  @RepoAccess('repo-code:r', 'read')
  get(@Repo() ctx: RepoContext, @Param('number') number: string): Promise<ForgePull> {
    return this.pulls.get(ctx, number);
  }

  /** Users assigned to the pull. */
  @Get(`${PULL}/assignees`)
  @RepoAccess('repo-code:r', 'read')
  assignees(@Repo() ctx: RepoContext, @Param('number') number: string): Promise<ApiUserInfo[]> {
    return this.details.assignees(ctx, number);
  }

  /** Whether a user can be assigned: 204, or 404. */
  @Get(`${PULL}/assignees/:assignee`)
  @HttpCode(204)
  @RepoAccess('repo-code:r', 'read')
  async canAssign(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Param('assignee') assignee: string,
  ): Promise<void> {
    await this.details.checkAssignable(ctx, number, assignee);
  }

  /** Labels of the pull. */
  @Get(`${PULL}/labels`)
  @RepoAccess('repo-code:r', 'read')
  async labels(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiLabel[]> {
    return sendPage(reply, await this.details.labels(ctx, number, toPaging(query)));
  }

  /** Commits the pull brings. */
  @Get(`${PULL}/commits`)
  @RepoAccess('repo-code:r', 'read')
  async commits(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiCommit[]> {
    return sendPage(reply, await this.details.commitList(ctx, number, toPaging(query)));
  }

  /** Files the pull changes. */
  @Get(`${PULL}/files`)
  @RepoAccess('repo-code:r', 'read')
  files(@Repo() ctx: RepoContext, @Param('number') number: string): Promise<ApiPullFile[]> {
    return this.details.files(ctx, number);
  }

  /** Comments on the pull. */
  @Get(`${PULL}/comments`)
  @RepoAccess('repo-notes:r', 'read')
  async comments(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiPullRequestComment[]> {
    return sendPage(reply, await this.details.comments(ctx, number, toPaging(query)));
  }

  /** Comment on the pull. */
  @Post(`${PULL}/comments`)
  @HttpCode(201)
  @RepoAccess('repo-notes:rw', 'participate')
  createComment(
    @Repo() ctx: RepoContext<Caller>,
    @Param('number') number: string,
    @Body() body: CreatePullCommentDto,
  ): Promise<ApiPullRequestComment> {
    return this.details.createComment(ctx, number, body.body);
  }

  /** One comment on the pull. */
  @Get(`${PULL}/comments/:comment_id`)
  @RepoAccess('repo-notes:r', 'read')
  comment(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Param('comment_id') commentId: string,
  ): Promise<ApiPullRequestComment> {
    return this.details.comment(ctx, number, commentId);
  }

  /** Change a comment's text (its author, or a Reporter). */
  @Patch(`${PULL}/comments/:comment_id`)
  @RepoAccess('repo-notes:rw', 'participate')
  updateComment(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Param('comment_id') commentId: string,
    @Body() body: CreatePullCommentDto,
  ): Promise<ApiPullRequestComment> {
    return this.details.updateComment(ctx, number, commentId, body.body);
  }

  /** Reviews of the pull. */
  @Get(`${PULL}/reviews`)
  @RepoAccess('repo-code:r', 'read')
  async reviews(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiPullReview[]> {
    return sendPage(reply, await this.details.reviews(ctx, number, toPaging(query)));
  }

  /** Review the pull. */
  @Post(`${PULL}/reviews`)
  @HttpCode(201)
  @RepoAccess('repo-code:rw', 'participate')
  createReview(
    @Repo() ctx: RepoContext<Caller>,
    @Param('number') number: string,
    @Body() body: CreatePullReviewDto,
  ): Promise<ApiPullReview> {
    return this.details.createReview(ctx, number, body);
  }

  /** Line comments of one review. */
  @Get(`${PULL}/reviews/:review_id/comments`)
  @RepoAccess('repo-code:r', 'read')
  async reviewComments(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Param('review_id') reviewId: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiPullReviewComment[]> {
    return sendPage(
      reply,
      await this.details.reviewComments(ctx, number, reviewId, toPaging(query)),
    );
  }

  /** Statuses of the pull's head commit. */
  @Get(`${PULL}/commit-statuses`)
  @RepoAccess('repo-code:r', 'read')
  statuses(@Repo() ctx: RepoContext, @Param('number') number: string): Promise<ApiCommitStatuses> {
    return this.details.statuses(ctx, number);
  }
}
