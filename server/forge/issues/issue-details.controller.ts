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
import { PageQueryDto, toPaging } from '../common/paging';
import { sendPage } from '../common/send-page';
import type { EmbeddedUser, PlatformIssue, PlatformLabel } from '@shared/platform/types';
import { Access } from '../common/access.decorator';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { IssueDetailsService, type ApiIssuePropertyUpdateResult } from './issue-details.service';
import { AssigneesDto, IssueLabelsDto, IssuePropertiesDto } from './issues.dto';

const ISSUE = ':org/:repo/-/issues/:number';

/** Labels and assignees of one issue. */
@Controller()
export class IssueDetailsController {
  constructor(private readonly details: IssueDetailsService) {}

  /** Labels on the issue, by name, a page at a time. */
  @Get(`${ISSUE}/labels`)
  @Access({ scope: 'repo-issue:r', anonymous: true })
  labels(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): PlatformLabel[] {
    const labels = this.details.listLabels(principal, org, repo, number);
    const paging = toPaging(query);
    return sendPage(reply, {
      items: labels.slice(paging.offset, paging.offset + paging.pageSize),
      total: labels.length,
    });
  }

  /** Add labels by name: 200 with one `api.Label`, as published (the last one named). */
  @Post(`${ISSUE}/labels`)
  @HttpCode(200)
  @Access({ scope: 'repo-issue:rw' })
  addLabels(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Body() body: IssueLabelsDto,
  ): PlatformLabel {
    return this.details.applyLabels(principal, org, repo, number, body.labels);
  }

  /** Replace the labels by name: 200 with one `api.Label`, as published (the last one named). */
  @Put(`${ISSUE}/labels`)
  @HttpCode(200)
  @Access({ scope: 'repo-issue:rw' })
  replaceLabels(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Body() body: IssueLabelsDto,
  ): PlatformLabel {
    return this.details.applyLabels(principal, org, repo, number, body.labels, true);
  }

  /** Remove every label: 204, as published. */
  @Delete(`${ISSUE}/labels`)
  @HttpCode(204)
  @Access({ scope: 'repo-issue:rw' })
  clearLabels(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
  ): void {
    this.details.clearLabels(principal, org, repo, number);
  }

  /** Remove one label: 200 with the removed `api.Label`, as published. */
  @Delete(`${ISSUE}/labels/:name`)
  @HttpCode(200)
  @Access({ scope: 'repo-issue:rw' })
  removeLabel(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Param('name') name: string,
  ): PlatformLabel {
    return this.details.removeLabel(principal, org, repo, number, name);
  }

  /** Custom properties the issue has a value for. */
  @Get(`${ISSUE}/property`)
  @Access({ scope: 'repo-issue:r', anonymous: true })
  properties(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
  ): ApiIssueProperty[] {
    return this.details.listProperties(principal, org, repo, number);
  }

  /** Set custom property values; keys the repository does not define fail on their own. */
  @Patch(`${ISSUE}/property`)
  @Access({ scope: 'repo-issue:rw' })
  updateProperties(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Body() body: IssuePropertiesDto,
  ): ApiIssuePropertyUpdateResult {
    return this.details.updateProperties(principal, org, repo, number, body.properties);
  }

  /** What happened to the issue, oldest first. */
  @Get(`${ISSUE}/activities`)
  @Access({ scope: 'repo-issue:r', anonymous: true })
  activities(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): ApiIssueActivity[] {
    return sendPage(reply, this.details.activities(principal, org, repo, number, toPaging(query)));
  }

  /** What happened to the issue after the activity `id`. */
  @Get(`${ISSUE}/activities/latest/:id`)
  @Access({ scope: 'repo-issue:r', anonymous: true })
  latestActivities(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Param('id') id: string,
  ): ApiIssueActivity[] {
    if (!/^\d{1,15}$/.test(id))
      throw new InvalidError('id must be an activity id (a number)', { field: 'id' });
    return this.details.activities(
      principal,
      org,
      repo,
      number,
      toPaging({ page_size: 100 }),
      Number(id),
    ).items;
  }

  /** Whether a user can be assigned to the issue: 204, or 404. */
  @Get(`${ISSUE}/assignees/:assignee`)
  @HttpCode(204)
  @Access({ scope: 'repo-issue:r', anonymous: true })
  canAssign(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Param('assignee') assignee: string,
  ): void {
    this.details.checkAssignable(principal, org, repo, number, assignee);
  }

  /** Users assigned to the issue. */
  @Get(`${ISSUE}/assignees`)
  @Access({ scope: 'repo-issue:r', anonymous: true })
  assignees(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
  ): EmbeddedUser[] {
    return this.details.assignees(principal, org, repo, number);
  }

  /** Add assignees. */
  @Post(`${ISSUE}/assignees`)
  @HttpCode(201)
  @Access({ scope: 'repo-issue:rw' })
  addAssignees(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Body() body: AssigneesDto,
  ): PlatformIssue {
    return this.details.changeAssignees(principal, org, repo, number, 'add', body.assignees);
  }

  /** Replace the assignees. */
  @Patch(`${ISSUE}/assignees`)
  @Access({ scope: 'repo-issue:rw' })
  replaceAssignees(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Body() body: AssigneesDto,
  ): PlatformIssue {
    return this.details.changeAssignees(principal, org, repo, number, 'replace', body.assignees);
  }

  /** Remove assignees. */
  @Delete(`${ISSUE}/assignees`)
  @Access({ scope: 'repo-issue:rw' })
  removeAssignees(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('number') number: string,
    @Body() body: AssigneesDto,
  ): PlatformIssue {
    return this.details.changeAssignees(principal, org, repo, number, 'remove', body.assignees);
  }
}
