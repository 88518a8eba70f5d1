import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RunFigures } from '@shared/board/runs';
import { RouteCacheInterceptor } from '../cache/route-cache.interceptor';
import { PublicRead } from '../cache/public-reads';
import { DaysQuery } from '../common/params';
import { RunFiguresService } from './run-figures.service';

@ApiTags('runs')
@Controller('api')
@UseInterceptors(RouteCacheInterceptor)
export class RunsController {
  constructor(private readonly figures: RunFiguresService) {}

  @Get('runs')
  @PublicRead()
  @ApiOperation({
    summary:
      "Each covered organization's NPC runs: going now, core-hours today and over 7 or 30 days",
  })
  runs(@Query() q: DaysQuery): Promise<RunFigures> {
    return this.figures.figures(q.days);
  }
}
