import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { PlatformEvent } from '@shared/platform/types';
import { Access } from '../common/access.decorator';
import { PageQueryDto, toPaging } from '../common/paging';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { sendPage } from '../common/send-page';
import { EventsService } from './events.service';

/** `GET /events/{repo}/-/{date}`. */
@Controller()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  /** Events of a repository on a UTC day (`YYYY-MM-DD`) or hour (`YYYY-MM-DD-H`). */
  @Get('events/:org/:repo/-/:date')
  @Access({ scope: 'repo-code:r', anonymous: true })
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Param('repo') repo: string,
    @Param('date') date: string,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): PlatformEvent[] {
    return sendPage(reply, this.events.list(principal, org, repo, date, toPaging(query)));
  }
}
