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
import { Access } from '../common/access.decorator';
import { PageQueryDto, toPaging } from '../common/paging';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { sendPage } from '../common/send-page';
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
  @Access({ scope: 'repo-code:r', anonymous: true })
  batch(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Query() query: PullBatchQueryDto,
  ): Promise<ForgePullRequestInfo[]> {
    return this.pulls.batch(principal, org, repo, query.n.split(',').map(Number));
  }

  /** One pull request. */
  @Get(PULL)
  @Access({ scope: 'repo-code:r', anonymous: true })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
  ): Promise<ForgePull> {
    return this.pulls.get(principal, org, repo, number);
  }

  /** Users assigned to the pull. */
  @Get(`${PULL}/assignees`)
  @Access({ scope: 'repo-code:r', anonymous: true })
  assignees(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
  ): Promise<ApiUserInfo[]> {
    return this.details.assignees(principal, org, repo, number);
  }

  /** Whether a user can be assigned: 204, or 404. */
  @Get(`${PULL}/assignees/:assignee`)
  @HttpCode(204)
  @Access({ scope: 'repo-code:r', anonymous: true })
  async canAssign(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Param('assignee') assignee: string,
  ): Promise<void> {
    await this.details.checkAssignable(principal, org, repo, number, assignee);
  }

  /** Labels of the pull. */
  @Get(`${PULL}/labels`)
  @Access({ scope: 'repo-code:r', anonymous: true })
  async labels(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiLabel[]> {
    return sendPage(
      reply,
      await this.details.labels(principal, org, repo, number, toPaging(query)),
    );
  }

  /** Commits the pull brings. */
  @Get(`${PULL}/commits`)
  @Access({ scope: 'repo-code:r', anonymous: true })
  async commits(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiCommit[]> {
    return sendPage(
      reply,
      await this.details.commitList(principal, org, repo, number, toPaging(query)),
    );
  }

  /** Files the pull changes. */
  @Get(`${PULL}/files`)
  @Access({ scope: 'repo-code:r', anonymous: true })
  files(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
  ): Promise<ApiPullFile[]> {
    return this.details.files(principal, org, repo, number);
  }

  /** Comments on the pull. */
  @Get(`${PULL}/comments`)
  @Access({ scope: 'repo-notes:r', anonymous: true })
  async comments(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiPullRequestComment[]> {
    return sendPage(
      reply,
      await this.details.comments(principal, org, repo, number, toPaging(query)),
    );
  }

  /** Comment on the pull. */
  @Post(`${PULL}/comments`)
  @HttpCode(201)
  @Access({ scope: 'repo-notes:rw' })
  createComment(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Body() body: CreatePullCommentDto,
  ): Promise<ApiPullRequestComment> {
    return this.details.createComment(principal, org, repo, number, body.body);
  }

  /** One comment on the pull. */
  @Get(`${PULL}/comments/:comment_id`)
  @Access({ scope: 'repo-notes:r', anonymous: true })
  comment(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Param('comment_id') commentId: string,
  ): Promise<ApiPullRequestComment> {
    return this.details.comment(principal, org, repo, number, commentId);
  }

  /** Change a comment's text (its author, or a Reporter). */
  @Patch(`${PULL}/comments/:comment_id`)
  @Access({ scope: 'repo-notes:rw' })
  updateComment(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Param('comment_id') commentId: string,
    @Body() body: CreatePullCommentDto,
  ): Promise<ApiPullRequestComment> {
    return this.details.updateComment(principal, org, repo, number, commentId, body.body);
  }

  /** Reviews of the pull. */
  @Get(`${PULL}/reviews`)
  @Access({ scope: 'repo-code:r', anonymous: true })
  async reviews(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiPullReview[]> {
    return sendPage(
      reply,
      await this.details.reviews(principal, org, repo, number, toPaging(query)),
    );
  }

  /** Review the pull. */
  @Post(`${PULL}/reviews`)
  @HttpCode(201)
  @Access({ scope: 'repo-code:rw' })
  createReview(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Body() body: CreatePullReviewDto,
  ): Promise<ApiPullReview> {
    return this.details.createReview(principal, org, repo, number, body);
  }

  /** Line comments of one review. */
  @Get(`${PULL}/reviews/:review_id/comments`)
  @Access({ scope: 'repo-code:r', anonymous: true })
  async reviewComments(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Param('review_id') reviewId: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiPullReviewComment[]> {
    return sendPage(
      reply,
      await this.details.reviewComments(principal, org, repo, number, reviewId, toPaging(query)),
    );
  }

  /** Statuses of the pull's head commit. */
  @Get(`${PULL}/commit-statuses`)
  @Access({ scope: 'repo-code:r', anonymous: true })
  statuses(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
  ): Promise<ApiCommitStatuses> {
    return this.details.statuses(principal, org, repo, number);
  }
}
