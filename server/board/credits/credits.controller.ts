import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CreditSnapshot, OrgCredits } from '@shared/board/entities';
import { RouteCacheInterceptor } from '../cache/route-cache.interceptor';
import { PublicRead } from '../cache/public-reads';
import { DaysQuery, OrgParams } from '../common/params';
import { CreditsService } from './credits.service';

@ApiTags('credits')
@Controller('api')
@UseInterceptors(RouteCacheInterceptor)
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get('orgs/:slug/credits')
  @PublicRead()
  @ApiOperation({ summary: 'Balance, consumption, forecast and history of one organization' })
  orgCredits(@Param() p: OrgParams, @Query() q: DaysQuery): Promise<OrgCredits> {
    return this.credits.orgCredits(p.slug, q.days);
  }

  @Get('credits/snapshot')
  @PublicRead()
  @ApiOperation({ summary: 'Latest credit snapshot of every covered organization' })
  snapshot(): Promise<CreditSnapshot[]> {
    return this.credits.latest();
  }

  @Get('credits/history')
  @PublicRead()
  @ApiOperation({ summary: 'Snapshots of every covered organization over 7 or 30 days' })
  history(@Query() q: DaysQuery): Promise<CreditSnapshot[]> {
    return this.credits.history(q.days);
  }
}
