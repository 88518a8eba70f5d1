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
import type { ApiIssueComment } from '@shared/platform/published';
import type { FastifyReply } from 'fastify';
import type { PlatformComment, PlatformLabel } from '@shared/platform/types';
import { Access } from '../common/access.decorator';
import { toPaging } from '../common/paging';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { sendPage } from '../common/send-page';
import { CommentsService } from './comments.service';
import {
  CreateCommentDto,
  UpdateCommentDto,
  CreateLabelDto,
  UpdateLabelDto,
  ListCommentsQueryDto,
  ListLabelsQueryDto,
} from './issues.dto';
import { LabelsService } from './labels.service';

/** Comments on issues, and a repository's labels. */
@Controller()
export class CommentsController {
  constructor(
    private readonly comments: CommentsService,
    private readonly labels: LabelsService,
  ) {}

  /** Comments on an issue. */
  @Get(':org/:repo/-/issues/:number/comments')
  @Access({ scope: 'repo-notes:r', anonymous: true })
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Query() query: ListCommentsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): PlatformComment[] {
    return sendPage(
      reply,
      this.comments.list(principal, org, repo, number, query.sort, toPaging(query)),
    );
  }

  /** Comment on an issue. */
  @Post(':org/:repo/-/issues/:number/comments')
  @HttpCode(201)
  @Access({ scope: 'repo-notes:rw' })
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Body() body: CreateCommentDto,
  ): PlatformComment {
    return this.comments.create(principal, org, repo, number, body.body);
  }

  /** One comment of an issue. */
  @Get(':org/:repo/-/issues/:number/comments/:comment_id')
  @Access({ scope: 'repo-notes:r', anonymous: true })
  getOne(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Param('comment_id') commentId: string,
  ): ApiIssueComment {
    return this.comments.get(principal, org, repo, number, commentId);
  }

  /** Change a comment's text (its author, or a Reporter). */
  @Patch(':org/:repo/-/issues/:number/comments/:comment_id')
  @Access({ scope: 'repo-notes:rw' })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Param('comment_id') commentId: string,
    @Body() body: UpdateCommentDto,
  ): ApiIssueComment {
    return this.comments.update(principal, org, repo, number, commentId, body.body);
  }

  /** Labels of a repository. */
  @Get(':org/:repo/-/labels')
  @Access({ scope: 'repo-issue:r', anonymous: true })
  repoLabels(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Query() query: ListLabelsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): PlatformLabel[] {
    return sendPage(reply, this.labels.list(principal, org, repo, query.keyword, toPaging(query)));
  }

  /** Change a repository label: 200 with the `api.Label`, as published. */
  @Patch(':org/:repo/-/labels/:name')
  @Access({ scope: 'repo-issue:rw' })
  updateLabel(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('name') name: string,
    @Body() body: UpdateLabelDto,
  ): PlatformLabel {
    return this.labels.update(principal, org, repo, name, body);
  }

  /** Delete a repository label: 204, as published. */
  @Delete(':org/:repo/-/labels/:name')
  @HttpCode(204)
  @Access({ scope: 'repo-issue:rw' })
  deleteLabel(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('name') name: string,
  ): void {
    this.labels.delete(principal, org, repo, name);
  }

  /** Define a label in a repository. */
  @Post(':org/:repo/-/labels')
  @HttpCode(201)
  @Access({ scope: 'repo-issue:rw' })
  createLabel(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Body() body: CreateLabelDto,
  ): PlatformLabel {
    return this.labels.create(principal, org, repo, body);
  }
}
