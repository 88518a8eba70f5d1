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
import { RepoAccess } from '../access/access.decorator';
import type { Caller } from '../access/principal';
import { toPaging } from '../http/paging';
import { sendPage } from '../http/send-page';
import { Repo, type RepoContext } from '../access/request-context';
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
  @RepoAccess('repo-notes:r', 'read')
  list(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Query() query: ListCommentsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): PlatformComment[] {
    return sendPage(reply, this.comments.list(ctx, number, query.sort, toPaging(query)));
  }

  /** Comment on an issue. */
  @Post(':org/:repo/-/issues/:number/comments')
  @HttpCode(201)
  @RepoAccess('repo-notes:rw', 'participate')
  create(
    @Repo() ctx: RepoContext<Caller>,
    @Param('number') number: string,
    @Body() body: CreateCommentDto,
  ): Promise<PlatformComment> {
    return this.comments.create(ctx, number, body.body);
  }

  /** One comment of an issue. */
  @Get(':org/:repo/-/issues/:number/comments/:comment_id')
  @RepoAccess('repo-notes:r', 'read')
  getOne(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Param('comment_id') commentId: string,
  ): ApiIssueComment {
    return this.comments.get(ctx, number, commentId);
  }

  /** Change a comment's text (its author, or a Reporter). */
  @Patch(':org/:repo/-/issues/:number/comments/:comment_id')
  @RepoAccess('repo-notes:rw', 'participate')
  update(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Param('comment_id') commentId: string,
    @Body() body: UpdateCommentDto,
  ): ApiIssueComment {
    return this.comments.update(ctx, number, commentId, body.body);
  }

  /** Labels of a repository. */
  @Get(':org/:repo/-/labels')
  @RepoAccess('repo-issue:r', 'read')
  repoLabels(
    @Repo() ctx: RepoContext,
    @Query() query: ListLabelsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): PlatformLabel[] {
    return sendPage(reply, this.labels.list(ctx, query.keyword, toPaging(query)));
  }

  /** Change a repository label: 200 with the `api.Label`, as published. */
  @Patch(':org/:repo/-/labels/:name')
  @RepoAccess('repo-issue:rw', 'triage')
  updateLabel(
    @Repo() ctx: RepoContext,
    @Param('name') name: string,
    @Body() body: UpdateLabelDto,
  ): PlatformLabel {
    return this.labels.update(ctx, name, body);
  }

  /** Delete a repository label: 204, as published. */
  @Delete(':org/:repo/-/labels/:name')
  @HttpCode(204)
  @RepoAccess('repo-issue:rw', 'triage')
  deleteLabel(@Repo() ctx: RepoContext, @Param('name') name: string): void {
    this.labels.delete(ctx, name);
  }

  /** Define a label in a repository. */
  @Post(':org/:repo/-/labels')
  @HttpCode(201)
  @RepoAccess('repo-issue:rw', 'triage')
  createLabel(@Repo() ctx: RepoContext, @Body() body: CreateLabelDto): PlatformLabel {
    return this.labels.create(ctx, body);
  }
}
