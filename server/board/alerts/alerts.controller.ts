import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type {
  AlertView,
  ChannelTestResult,
  ChannelView,
  DeliveryView,
  EvaluateResult,
  SilenceView,
} from '@shared/board/alerts';
import { AdminGuard } from '../admin/admin.guard';
import {
  CreateChannelDto,
  CreateSilenceDto,
  IdParam,
  LimitQuery,
  UpdateChannelDto,
} from './alerts.dto';
import { AlertChannelsService } from './alert-channels.service';
import { AlertsService } from './alerts.service';

/** What a list route answers at most without `limit`. */
const DEFAULT_LIMIT = 50;

/** The alert routes, for admins only; list routes take `limit` (50 unless given, at most 500). */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/alerts')
@UseGuards(AdminGuard)
export class AlertsController {
  constructor(
    private readonly alerts: AlertsService,
    private readonly channelService: AlertChannelsService,
  ) {}

  @Get()
  @ApiOperation({ summary: "Firing alerts, then the last 7 days' resolved ones" })
  async list(@Query() q: LimitQuery): Promise<AlertView[]> {
    return (await this.alerts.list()).slice(0, q.limit ?? DEFAULT_LIMIT);
  }

  @Get('deliveries')
  @ApiOperation({ summary: 'Recent deliveries, newest first' })
  deliveries(@Query() q: LimitQuery): Promise<DeliveryView[]> {
    return this.alerts.deliveries(q.limit ?? DEFAULT_LIMIT);
  }

  @Post('evaluate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Evaluate every rule now' })
  evaluate(): Promise<EvaluateResult> {
    return this.alerts.evaluate();
  }

  @Get('channels')
  @ApiOperation({ summary: 'Alert channels (URL and secret never shown)' })
  async channels(@Query() q: LimitQuery): Promise<ChannelView[]> {
    return (await this.channelService.channels()).slice(0, q.limit ?? DEFAULT_LIMIT);
  }

  @Post('channels')
  @HttpCode(201)
  @ApiOperation({ summary: 'Add an alert channel' })
  createChannel(@Body() body: CreateChannelDto): Promise<ChannelView> {
    return this.channelService.createChannel(body);
  }

  @Put('channels/:id')
  @ApiOperation({ summary: 'Change a channel (partial; secret null clears it)' })
  updateChannel(@Param() p: IdParam, @Body() body: UpdateChannelDto): Promise<ChannelView> {
    return this.channelService.updateChannel(p.id, body);
  }

  @Delete('channels/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a channel' })
  deleteChannel(@Param() p: IdParam): Promise<void> {
    return this.channelService.deleteChannel(p.id);
  }

  @Post('channels/:id/test')
  @HttpCode(200)
  @ApiOperation({ summary: "Send a test message now and show the receiver's answer" })
  testChannel(@Param() p: IdParam): Promise<ChannelTestResult> {
    return this.channelService.testChannel(p.id);
  }

  @Get('silences')
  @ApiOperation({ summary: 'Silences in force' })
  async silences(@Query() q: LimitQuery): Promise<SilenceView[]> {
    return (await this.channelService.silences()).slice(0, q.limit ?? DEFAULT_LIMIT);
  }

  @Post('silences')
  @HttpCode(201)
  @ApiOperation({ summary: 'Mute a rule (for an organization) or one alert until a time' })
  createSilence(@Body() body: CreateSilenceDto): Promise<SilenceView> {
    return this.channelService.createSilence(body);
  }

  @Delete('silences/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'End a silence' })
  deleteSilence(@Param() p: IdParam): Promise<void> {
    return this.channelService.deleteSilence(p.id);
  }
}
