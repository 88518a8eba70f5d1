import {
  Body,
  Controller,
  Delete,
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
import type { ApiIssueActivity, ApiIssueProperty } from '@shared/platform/published';
import { InvalidError } from '../../common/errors';
import { PageQueryDto, toPaging } from '../http/paging';
import { sendPage } from '../http/send-page';
import type { EmbeddedUser, PlatformIssue, PlatformLabel } from '@shared/platform/types';
import { RepoAccess } from '../access/access.decorator';
import type { Caller } from '../access/principal';
import { Repo, type RepoContext } from '../access/request-context';
import { IssueDetailsService, type ApiIssuePropertyUpdateResult } from './issue-details.service';
import { AssigneesDto, IssueLabelsDto, IssuePropertiesDto } from './issues.dto';

const ISSUE = ':org/:repo/-/issues/:number';

/** Labels and assignees of one issue. */
@Controller()
export class IssueDetailsController {
  constructor(private readonly details: IssueDetailsService) {}

  /** Labels on the issue, by name, a page at a time. */
  @Get(`${ISSUE}/labels`)
  @RepoAccess('repo-issue:r', 'read')
  labels(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): PlatformLabel[] {
    const labels = this.details.listLabels(ctx, number);
    const paging = toPaging(query);
    return sendPage(reply, {
      items: labels.slice(paging.offset, paging.offset + paging.pageSize),
      total: labels.length,
    });
  }

  /** Add labels by name: 200 with one `api.Label`, as published (the last one named). */
  @Post(`${ISSUE}/labels`)
  @HttpCode(200)
  @RepoAccess('repo-issue:rw', 'triage')
  addLabels(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Body() body: IssueLabelsDto,
  ): PlatformLabel {
    return this.details.applyLabels(ctx, number, body.labels);
  }

  /** Replace the labels by name: 200 with one `api.Label`, as published (the last one named). */
  @Put(`${ISSUE}/labels`)
  @HttpCode(200)
  @RepoAccess('repo-issue:rw', 'triage')
  replaceLabels(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Body() body: IssueLabelsDto,
  ): PlatformLabel {
    return this.details.applyLabels(ctx, number, body.labels, true);
  }

  /** Remove every label: 204, as published. */
  @Delete(`${ISSUE}/labels`)
  @HttpCode(204)
  @RepoAccess('repo-issue:rw', 'triage')
  clearLabels(@Repo() ctx: RepoContext, @Param('number') number: string): void {
    this.details.clearLabels(ctx, number);
  }

  /** Remove one label: 200 with the removed `api.Label`, as published. */
  @Delete(`${ISSUE}/labels/:name`)
  @HttpCode(200)
  @RepoAccess('repo-issue:rw', 'triage')
  removeLabel(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Param('name') name: string,
  ): PlatformLabel {
    return this.details.removeLabel(ctx, number, name);
  }

  /** Custom properties the issue has a value for. */
  @Get(`${ISSUE}/property`)
  @RepoAccess('repo-issue:r', 'read')
  properties(@Repo() ctx: RepoContext, @Param('number') number: string): ApiIssueProperty[] {
    return this.details.listProperties(ctx, number);
  }

  /** Set custom property values; keys the repository does not define fail on their own. */
  @Patch(`${ISSUE}/property`)
  @RepoAccess('repo-issue:rw', 'triage')
  updateProperties(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Body() body: IssuePropertiesDto,
  ): ApiIssuePropertyUpdateResult {
    return this.details.updateProperties(ctx, number, body.properties);
  }

  /** What happened to the issue, oldest first. */
  @Get(`${ISSUE}/activities`)
  @RepoAccess('repo-issue:r', 'read')
  activities(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): ApiIssueActivity[] {
    return sendPage(reply, this.details.activities(ctx, number, toPaging(query)));
  }

  /** What happened to the issue after the activity `id`. */
  @Get(`${ISSUE}/activities/latest/:id`)
  @RepoAccess('repo-issue:r', 'read')
  latestActivities(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Param('id') id: string,
  ): ApiIssueActivity[] {
    if (!/^\d{1,15}$/.test(id))
      throw new InvalidError('id must be an activity id (a number)', { field: 'id' });
    return this.details.activities(ctx, number, toPaging({ page_size: 100 }), Number(id)).items;
  }

  /** Whether a user can be assigned to the issue: 204, or 404. */
  @Get(`${ISSUE}/assignees/:assignee`)
  @HttpCode(204)
  @RepoAccess('repo-issue:r', 'read')
  canAssign(
    @Repo() ctx: RepoContext,
    @Param('number') number: string,
    @Param('assignee') assignee: string,
  ): void {
    this.details.checkAssignable(ctx, number, assignee);
  }

  /** Users assigned to the issue. */
  @Get(`${ISSUE}/assignees`)
  @RepoAccess('repo-issue:r', 'read')
  assignees(@Repo() ctx: RepoContext, @Param('number') number: string): EmbeddedUser[] {
    return this.details.assignees(ctx, number);
  }

  /** Add assignees. */
  @Post(`${ISSUE}/assignees`)
  @HttpCode(201)
  @RepoAccess('repo-issue:rw', 'triage')
  addAssignees(
    @Repo() ctx: RepoContext<Caller>,
    @Param('number') number: string,
    @Body() body: AssigneesDto,
  ): PlatformIssue {
    return this.details.changeAssignees(ctx, number, 'add', body.assignees);
  }

  /** Replace the assignees. */
  @Patch(`${ISSUE}/assignees`)
  @RepoAccess('repo-issue:rw', 'triage')
  replaceAssignees(
    @Repo() ctx: RepoContext<Caller>,
    @Param('number') number: string,
    @Body() body: AssigneesDto,
  ): PlatformIssue {
    return this.details.changeAssignees(ctx, number, 'replace', body.assignees);
  }

  /** Remove assignees. */
  @Delete(`${ISSUE}/assignees`)
  @RepoAccess('repo-issue:rw', 'triage')
  removeAssignees(
    @Repo() ctx: RepoContext<Caller>,
    @Param('number') number: string,
    @Body() body: AssigneesDto,
  ): PlatformIssue {
    return this.details.changeAssignees(ctx, number, 'remove', body.assignees);
  }
}
