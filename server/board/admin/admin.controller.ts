import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Issue } from '@shared/board/entities';
import type { DispatchHistoryItem, PreflightResult } from '@shared/board/dispatch';
import { DaysQuery, FullNameIssueParams } from '../common/params';
import { AdminCreditsService } from './admin-credits.service';
import type { AdminSettings, RefreshResult } from '@shared/board/admin';
import { AdminGuard } from './admin.guard';
import { AdminAuth } from './admin-auth';
import { CreateIssueDto, DispatchesQuery, PreflightDto, RedispatchDto } from './create-issue.dto';
import { GuardedDispatchService } from './guarded-dispatch.service';
import { IdempotencyService, type IdempotentAnswer } from './idempotency.service';
import { PreflightService } from './preflight.service';
import { SettingsDto } from '../settings/settings.dto';
import { OverviewService } from './overview.service';
import { RunStopService } from './run-stop.service';
import { RunQuery, StopRunDto } from './stop-run.dto';
import type { NpcRun, StopRunResult } from '@shared/board/runs';
import type { AdminOverview } from '@shared/board/admin';

const IDEMPOTENCY_HEADER = 'idempotency-key';
const IDEMPOTENCY_DESCRIPTION =
  'Makes the write at most once: a repeat with the same key and body within 24 hours answers the first answer (Idempotent-Replayed: true); the same key with another body is a 422.';

/** The answer's body; a repeat of an earlier request says so in `Idempotent-Replayed`. */
function replayed<T>(reply: FastifyReply, answer: IdempotentAnswer<T>): T {
  if (answer.replayed) void reply.header('Idempotent-Replayed', 'true');
  return answer.body;
}

/** Every admin route, and only these, sit behind the admin guard. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api')
@UseGuards(AdminGuard)
export class AdminController {
  constructor(
    private readonly dispatcher: GuardedDispatchService,
    private readonly preflight: PreflightService,
    private readonly auth: AdminAuth,
    private readonly overviews: OverviewService,
    private readonly credits: AdminCreditsService,
    private readonly runStops: RunStopService,
  ) {}

  @Post('issues/preflight')
  @HttpCode(200)
  @ApiOperation({
    summary: 'What a dispatch would run into (WIP, duplicates, credits…); creates nothing',
  })
  async preflightDispatch(@Body() body: PreflightDto): Promise<PreflightResult> {
    return { findings: await this.preflight.check(body) };
  }

  @Post('issues/create')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create an issue and dispatch an NPC to it; 409 when a check blocks it',
  })
  @ApiHeader({ name: IDEMPOTENCY_HEADER, required: false, description: IDEMPOTENCY_DESCRIPTION })
  async dispatch(
    @Body() body: CreateIssueDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Issue> {
    const key = IdempotencyService.keyFrom(request.headers[IDEMPOTENCY_HEADER]);
    return replayed(reply, await this.dispatcher.dispatch(body, this.actor(request), key));
  }

  @Post('admin/issues/:full_name/:number/redispatch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Hand an open NPC issue to another NPC' })
  @ApiHeader({ name: IDEMPOTENCY_HEADER, required: false, description: IDEMPOTENCY_DESCRIPTION })
  async redispatch(
    @Param() params: FullNameIssueParams,
    @Body() body: RedispatchDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Issue> {
    const key = IdempotencyService.keyFrom(request.headers[IDEMPOTENCY_HEADER]);
    return replayed(
      reply,
      await this.dispatcher.redispatch(
        params.full_name,
        params.number,
        body,
        this.actor(request),
        key,
      ),
    );
  }

  @Get('admin/runs')
  @ApiOperation({
    summary: 'One NPC run as it stands now, with the core-hours it has billed so far',
  })
  run(@Query() q: RunQuery): Promise<NpcRun> {
    return this.runStops.preview(q.repo, q.sn);
  }

  @Post('admin/runs/stop')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Stop a running NPC run; recorded with the dispatches. Stopping it again is harmless',
  })
  stopRun(@Body() body: StopRunDto, @Req() request: FastifyRequest): Promise<StopRunResult> {
    return this.runStops.stop(body, this.actor(request));
  }

  @Get('admin/dispatches')
  @ApiOperation({ summary: 'Dispatches and re-dispatches, newest first, with where each stands' })
  dispatches(@Query() q: DispatchesQuery): Promise<DispatchHistoryItem[]> {
    return this.dispatcher.history({ limit: q.limit, npc: q.npc, org: q.org });
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
  @ApiOperation({ summary: 'Change any admin settings; the others are kept' })
  updateSettings(@Body() body: SettingsDto): Promise<AdminSettings> {
    return this.credits.updateSettings(body);
  }

  @Post('admin/credits/refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Drop cached balances and record a snapshot now' })
  refresh(): Promise<RefreshResult> {
    return this.credits.refresh();
  }

  /** The admin behind a request the guard let through. */
  private actor(request: FastifyRequest): string {
    const identity = this.auth.identify(request);
    return identity?.kind === 'user' ? identity.user : 'token';
  }
}
