import { Body, Controller, Get, HttpCode, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Issue } from '@shared/board/entities';
import { DaysQuery } from '../common/params';
import { AdminCreditsService } from './admin-credits.service';
import type { AdminSettings, RefreshResult } from '@shared/board/admin';
import { AdminGuard } from './admin.guard';
import { CreateIssueDto } from './create-issue.dto';
import { SettingsDto } from '../settings/settings.dto';
import { DispatchService } from './dispatch.service';
import { OverviewService } from './overview.service';
import type { AdminOverview } from '@shared/board/admin';

/** Every admin route, and only these, sit behind the admin guard. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api')
@UseGuards(AdminGuard)
export class AdminController {
  constructor(
    private readonly dispatcher: DispatchService,
    private readonly overviews: OverviewService,
    private readonly credits: AdminCreditsService,
  ) {}

  @Post('issues/create')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create an issue and dispatch an NPC to it' })
  dispatch(@Body() body: CreateIssueDto): Promise<Issue> {
    return this.dispatcher.dispatch(body);
  }

  @Get('admin/overview')
  @ApiOperation({ summary: 'Completion rate, NPC response time and rankings over 7 or 30 days' })
  overview(@Query() q: DaysQuery): Promise<AdminOverview> {
    return this.overviews.overview(q.days);
  }

  @Get('admin/settings')
  @ApiOperation({ summary: 'Admin settings' })
  settings(): Promise<AdminSettings> {
    return this.credits.settings();
  }

  @Put('admin/settings')
  @ApiOperation({ summary: 'Change the credit alert threshold' })
  updateSettings(@Body() body: SettingsDto): Promise<AdminSettings> {
    return this.credits.updateSettings(body);
  }

  @Post('admin/credits/refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Drop cached balances and record a snapshot now' })
  refresh(): Promise<RefreshResult> {
    return this.credits.refresh();
  }
}
