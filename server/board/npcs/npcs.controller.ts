import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { NpcDetail, NpcScorecards } from '@shared/board/outcomes';
import { RouteCacheInterceptor } from '../cache/route-cache.interceptor';
import { PublicRead } from '../cache/public-reads';
import { DaysQuery } from '../common/params';
import { NpcParams } from './npcs.params';
import { OutcomesService } from './outcomes.service';

@ApiTags('npcs')
@Controller('api')
@UseInterceptors(RouteCacheInterceptor)
export class NpcsController {
  constructor(private readonly outcomes: OutcomesService) {}

  @Get('npcs')
  @PublicRead()
  @ApiOperation({
    summary: "Each NPC's outcomes over 7 or 30 days: tasks, pull requests, what its runs cost",
  })
  scorecards(@Query() q: DaysQuery): Promise<NpcScorecards> {
    return this.outcomes.scorecards(q.days);
  }

  @Get('npcs/:handle')
  @PublicRead()
  @ApiOperation({
    summary: "One NPC's outcomes per organization and repository, its tasks and pull requests",
  })
  detail(@Param() p: NpcParams, @Query() q: DaysQuery): Promise<NpcDetail> {
    return this.outcomes.detail(p.handle, q.days);
  }
}
