import { Controller, Get, Inject, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { BoardMeta } from '@shared/board/entities';
import { projectVersion } from '../../common/project-root';
import { RouteCacheInterceptor } from '../cache/route-cache.interceptor';
import { PublicRead } from '../cache/public-reads';
import { BoardConfig } from '../config/board-config';
import { PLATFORM_CONNECTION, PlatformConnection } from '../connection/platform-connection';
import { CreditsService } from '../credits/credits.service';
import { Coverage } from '../scope/coverage.service';

@ApiTags('meta')
@Controller('api/meta')
@UseInterceptors(RouteCacheInterceptor)
export class MetaController {
  constructor(
    private readonly config: BoardConfig,
    private readonly coverage: Coverage,
    private readonly credits: CreditsService,
    @Inject(PLATFORM_CONNECTION) private readonly connection: PlatformConnection,
  ) {}

  @Get()
  @PublicRead()
  @ApiOperation({ summary: 'What the pages need to know: NPCs, threshold, links, organizations' })
  async meta(): Promise<BoardMeta> {
    const [covered, threshold] = await Promise.all([
      this.coverage.coveredOrgs(),
      this.credits.threshold(),
    ]);
    return {
      version: projectVersion(),
      npc_handles: this.config.npcHandles,
      credit_alert_threshold: threshold,
      platform_web_url: this.connection.available ? this.connection.webUrl : '',
      covered_orgs: covered,
      cache_ttl_seconds: Math.round(this.config.cacheTtlMs / 1000),
    };
  }
}
