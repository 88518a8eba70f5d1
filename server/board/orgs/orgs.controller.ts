import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Organization } from '@shared/board/entities';
import { RouteCacheInterceptor } from '../cache/route-cache.interceptor';
import { PublicRead } from '../cache/public-reads';
import { OrgsService } from './orgs.service';

@ApiTags('organizations')
@Controller('api/orgs')
@UseInterceptors(RouteCacheInterceptor)
export class OrgsController {
  constructor(private readonly orgs: OrgsService) {}

  @Get()
  @PublicRead()
  @ApiOperation({ summary: 'Covered organizations with counts and credit balance' })
  list(): Promise<Organization[]> {
    return this.orgs.listOrganizations();
  }
}
