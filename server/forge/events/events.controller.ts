import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { PlatformEvent } from '@shared/platform/types';
import { RepoAccess } from '../access/access.decorator';
import { PageQueryDto, toPaging } from '../http/paging';
import { sendPage } from '../http/send-page';
import { Repo, type RepoContext } from '../access/request-context';
import { EventsService } from './events.service';

/** `GET /events/{repo}/-/{date}`. */
@Controller()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  /** Events of a repository on a UTC day (`YYYY-MM-DD`) or hour (`YYYY-MM-DD-H`). */
  @Get('events/:org/:repo/-/:date')
  @RepoAccess('repo-code:r', 'read')
  list(
    @Repo() ctx: RepoContext,
    @Param('date') date: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): PlatformEvent[] {
    return sendPage(reply, this.events.list(ctx, date, toPaging(query)));
  }
}
