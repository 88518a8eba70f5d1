import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { ChannelTestResult, ChannelView, SilenceView } from '@shared/board/alerts';
import { byCodeUnit } from '@shared/board/text-order';
import { Clock } from '../../common/clock';
import { InvalidError, NotFoundError } from '../../common/errors';
import { withCode } from '../common/error-code';
import { BoardConfig } from '../config/board-config';
import { Coverage } from '../scope/coverage.service';
import { BoardStore } from '../store/board-store';
import { AlertDestinations } from './alert-destinations';
import type { ChannelRecord, SilenceRecord } from '../store/alert-records';
import type { AlertMessage } from '../store/alert-records';
import type { CreateChannelDto, CreateSilenceDto, UpdateChannelDto } from './alerts.dto';
import { DeliveryWorker } from './delivery-worker';
import { maskUrl, RefusedDestination } from './destination';

/**
 * Where alerts go and what is muted: channels (checked destinations, write-only URLs and
 * secrets, a test message on demand) and silences.
 */
@Injectable()
export class AlertChannelsService {
  private readonly logger = new Logger('Alerts');

  constructor(
    private readonly store: BoardStore,
    private readonly clock: Clock,
    private readonly config: BoardConfig,
    private readonly coverage: Coverage,
    private readonly worker: DeliveryWorker,
    private readonly destinations: AlertDestinations,
  ) {}

  async channels(): Promise<ChannelView[]> {
    return (await this.store.listAlertChannels()).map((c) => channelView(c, this.config));
  }

  async createChannel(body: CreateChannelDto): Promise<ChannelView> {
    const record: ChannelRecord = {
      id: randomUUID(),
      name: body.name,
      kind: body.kind,
      url: body.url,
      secret: body.secret ?? null,
      rules: [...new Set(body.rules ?? [])],
      orgs: [...new Set(body.orgs ?? [])],
      enabled: body.enabled ?? true,
      language: body.language ?? this.config.boardLanguage,
      created_at: this.clock.now().toISOString(),
    };
    await this.checkChannel(record);
    await this.store.saveAlertChannel(record);
    this.logger.log(`Channel ${record.id} (${record.kind}) added`);
    return channelView(record, this.config);
  }

  async updateChannel(id: string, body: UpdateChannelDto): Promise<ChannelView> {
    const before = await this.channel(id);
    const record: ChannelRecord = {
      ...before,
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.kind !== undefined ? { kind: body.kind } : {}),
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.secret !== undefined ? { secret: body.secret } : {}),
      ...(body.rules !== undefined ? { rules: [...new Set(body.rules)] } : {}),
      ...(body.orgs !== undefined ? { orgs: [...new Set(body.orgs)] } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
    };
    await this.checkChannel(record);
    await this.store.saveAlertChannel(record);
    return channelView(record, this.config);
  }

  async deleteChannel(id: string): Promise<void> {
    if (!(await this.store.deleteAlertChannel(id))) {
      throw new NotFoundError(`No channel ${id}`, withCode('channel_not_found', { id }));
    }
  }

  /** Send a test message to a channel now; answers what the receiver said. */
  async testChannel(id: string): Promise<ChannelTestResult> {
    const channel = await this.channel(id);
    const now = this.clock.now().toISOString();
    const message: AlertMessage = {
      rule: 'test',
      status: 'firing',
      severity: 'info',
      org: '',
      alert_ids: [],
      subjects: [],
      more: 0,
      details: { channel: channel.name },
      started_at: now,
      resolved_at: null,
      reminder: false,
      board_url: this.config.boardPublicUrl,
    };
    return this.worker.test(channel, message, randomUUID());
  }

  private async channel(id: string): Promise<ChannelRecord> {
    const channel = (await this.store.listAlertChannels()).find((c) => c.id === id);
    if (!channel)
      throw new NotFoundError(`No channel ${id}`, withCode('channel_not_found', { id }));
    return channel;
  }

  /** Organizations must be covered and the URL must pass the destination checks. */
  private async checkChannel(record: ChannelRecord): Promise<void> {
    await this.checkOrgs(record.orgs, 'orgs');
    try {
      await this.destinations.check(record.url);
    } catch (error) {
      if (error instanceof RefusedDestination) {
        throw new InvalidError(error.message, {
          field: 'url',
          ...withCode('channel_url_refused', { field: 'url', ...error.params }),
        });
      }
      throw error;
    }
  }

  private async checkOrgs(orgs: readonly string[], field: string): Promise<void> {
    if (orgs.length === 0) return;
    const covered = new Set(await this.coverage.coveredOrgs());
    const unknown = orgs.filter((o) => !covered.has(o));
    if (unknown.length > 0) {
      throw new InvalidError(
        `${field} must list organizations this board covers; not covered: ${unknown.join(', ')}`,
        {
          field,
          ...withCode('orgs_not_covered', {
            field,
            orgs: unknown.join(', '),
            count: unknown.length,
          }),
        },
      );
    }
  }

  async silences(): Promise<SilenceView[]> {
    const now = this.clock.now().getTime();
    return (await this.store.listAlertSilences())
      .filter((s) => Date.parse(s.until) > now)
      .sort((a, b) => byCodeUnit(a.until, b.until));
  }

  async createSilence(body: CreateSilenceDto): Promise<SilenceView> {
    const now = this.clock.now();
    const until = new Date(body.until);
    if (until.getTime() <= now.getTime()) {
      throw new InvalidError('until must be in the future', {
        field: 'until',
        ...withCode('silence_until_past', { field: 'until' }),
      });
    }
    if (body.org) await this.checkOrgs([body.org], 'org');
    if (body.alert_id && !body.alert_id.startsWith(`${body.rule}:`)) {
      throw new InvalidError(`alert_id must be an alert of the rule ${body.rule}`, {
        field: 'alert_id',
        ...withCode('silence_alert_mismatch', { field: 'alert_id', rule: body.rule }),
      });
    }
    const silence: SilenceRecord = {
      id: randomUUID(),
      rule: body.rule,
      org: body.org ?? null,
      alert_id: body.alert_id ?? null,
      until: until.toISOString(),
      note: body.note,
      created_at: now.toISOString(),
    };
    await this.store.saveAlertSilence(silence);
    return silence;
  }

  async deleteSilence(id: string): Promise<void> {
    if (!(await this.store.deleteAlertSilence(id))) {
      throw new NotFoundError(`No silence ${id}`, withCode('silence_not_found', { id }));
    }
  }
}

function channelView(c: ChannelRecord, config: BoardConfig): ChannelView {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    url_masked: maskUrl(c.url),
    has_secret: c.secret !== null,
    rules: c.rules,
    orgs: c.orgs,
    enabled: c.enabled,
    language: c.language ?? config.boardLanguage,
  };
}
