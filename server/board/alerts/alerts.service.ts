import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleInit,
} from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { randomUUID } from 'node:crypto';
import { ALERT_RULES, type AdminSettings } from '@shared/board/admin';
import type {
  AlertSubject,
  AlertView,
  ChannelTestResult,
  ChannelView,
  DeliveryView,
  EvaluateResult,
  SilenceView,
} from '@shared/board/alerts';
import { averageDailyConsumption, isBelowThreshold } from '@shared/board/credits';
import { Clock } from '../../common/clock';
import { InvalidError, NotFoundError } from '../../common/errors';
import { SNAPSHOT_SCHEDULE } from '../board.tokens';
import { DistributedLock } from '../cache/distributed-lock';
import { BoardConfig } from '../config/board-config';
import { SnapshotService, type SnapshotRun } from '../credits/snapshot.service';
import { IssueSearchQuery } from '../issues/issue-search.query';
import { IssuesService } from '../issues/issues.service';
import { BoardMetrics } from '../ops/board-metrics';
import { OrgsService } from '../orgs/orgs.service';
import { SettingsService } from '../settings/settings.service';
import { BoardStore } from '../store/board-store';
import { AlertDestinations } from './alert-destinations';
import type { ChannelRecord, DeliveryRecord, SilenceRecord } from './alert-records';
import {
  channelTakes,
  evaluateAlerts,
  groupMessages,
  type AlertFinding,
  type AlertMessage,
  type AlertState,
} from './alert-rules';
import type { CreateChannelDto, CreateSilenceDto, UpdateChannelDto } from './alerts.dto';
import { DeliveryWorker } from './delivery-worker';
import { maskUrl, RefusedDestination } from './destination';

const DAY_MS = 86_400_000;
/** Resolved alerts listed, and kept. */
const RESOLVED_SHOWN_MS = 7 * DAY_MS;
const RESOLVED_KEPT_MS = 30 * DAY_MS;
/** Consecutive failed snapshot runs after which an organization's balance is "failing". */
export const SNAPSHOT_FAILING_RUNS = 3;
/** Store setting: consecutive failed snapshot runs per organization. */
const SNAPSHOT_FAILURES_KEY = 'alerts:snapshot-failures';
const EVALUATION_LOCK_MS = 2 * 60_000;
/** How often the outbox worker looks for due deliveries. */
const DELIVERY_TICK_MS = 15_000;
const EVALUATE_INTERVAL = 'alerts-evaluate';
const DELIVER_INTERVAL = 'alerts-deliver';

/**
 * Alert rules over credits, snapshots and NPC issues (docs/architecture.md#alerts):
 * evaluation every ALERT_EVAL_MINUTES and after every snapshot run, one replica at a
 * time; state, channels, silences and the outbox in the board's store.
 */
@Injectable()
export class AlertsService
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown
{
  private readonly logger = new Logger('Alerts');
  /** Evaluations in this process run one after the other. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: BoardStore,
    private readonly clock: Clock,
    private readonly config: BoardConfig,
    private readonly lock: DistributedLock,
    private readonly settings: SettingsService,
    private readonly orgs: OrgsService,
    private readonly issues: IssuesService,
    private readonly snapshots: SnapshotService,
    private readonly worker: DeliveryWorker,
    private readonly destinations: AlertDestinations,
    private readonly metrics: BoardMetrics,
    @Inject(SchedulerRegistry) private readonly scheduler: SchedulerRegistry,
    @Inject(SNAPSHOT_SCHEDULE) private readonly scheduled: boolean,
  ) {}

  onModuleInit(): void {
    this.snapshots.onRun((run) => {
      this.afterSnapshot(run).catch((error) =>
        this.logger.error(`Evaluation after a snapshot run failed: ${String(error)}`),
      );
    });
  }

  /** With the schedule on: evaluate every period, and send what the outbox holds (also what a previous process left). */
  onApplicationBootstrap(): void {
    if (!this.scheduled) return;
    const period = this.config.alertEvalMinutes * 60_000;
    this.scheduler.addInterval(
      EVALUATE_INTERVAL,
      setInterval(() => {
        this.evaluateScheduled().catch((error) =>
          this.logger.error(`Alert evaluation failed: ${String(error)}`),
        );
      }, period),
    );
    this.scheduler.addInterval(
      DELIVER_INTERVAL,
      setInterval(() => this.worker.kick(), DELIVERY_TICK_MS),
    );
    this.worker.kick();
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const name of [EVALUATE_INTERVAL, DELIVER_INTERVAL]) {
      if (this.scheduler.doesExist('interval', name)) this.scheduler.deleteInterval(name);
    }
    await this.chain.catch(() => undefined);
    await this.worker.settled();
  }

  /** The timer's evaluation: one replica per period takes it. */
  async evaluateScheduled(): Promise<EvaluateResult | null> {
    const period = this.config.alertEvalMinutes * 60_000;
    const slot = Math.floor(this.clock.now().getTime() / period);
    const taken = await this.lock.acquire(`alerts:period:${slot}`, Math.max(1000, period - 1000));
    if (!taken) return null;
    return this.evaluate();
  }

  /**
   * Evaluate every rule now, queue the messages and start sending them; answers the
   * alerts that fired and resolved. Another replica evaluating at the same moment makes
   * this one a no-op.
   */
  evaluate(): Promise<EvaluateResult> {
    const next = this.chain.then(() => this.evaluateLocked());
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async evaluateLocked(): Promise<EvaluateResult> {
    const lock = await this.lock.acquire('alerts:evaluate', EVALUATION_LOCK_MS);
    if (!lock) return { fired: [], resolved: [] };
    try {
      return await this.evaluateOnce();
    } finally {
      await lock.release();
    }
  }

  private async evaluateOnce(): Promise<EvaluateResult> {
    const now = this.clock.now();
    const [settings, previous, silences, channels] = await Promise.all([
      this.settings.get(),
      this.store.listAlerts(),
      this.store.listAlertSilences(),
      this.store.listAlertChannels(),
    ]);
    const findings = await this.findings(settings, previous, now);
    const outcome = evaluateAlerts({
      now,
      findings,
      previous,
      resolveAfterMs: this.config.alertResolveAfterMinutes * 60_000,
      repeatMs: settings.alert_repeat_hours * 3_600_000,
      holdBack: (alert) =>
        isMuted(alert, silences, now) || !channels.some((c) => channelTakes(c, alert)),
    });
    const deliveries: DeliveryRecord[] = groupMessages(
      outcome.events,
      channels,
      this.config.boardPublicUrl,
    ).map(({ channel_id, message }) => queued(channel_id, message, now));
    await this.store.commitAlerts(outcome.changed, deliveries);
    await this.store.pruneAlerts(new Date(now.getTime() - RESOLVED_KEPT_MS));
    this.countAlerts(await this.store.listAlerts());
    if (deliveries.length > 0) this.worker.kick();
    return {
      fired: outcome.fired.map((a) => view(a, silences, now)),
      resolved: outcome.resolved.map((a) => view(a, silences, now)),
    };
  }

  /** What is true now, for the rules that are switched on. */
  private async findings(
    settings: AdminSettings,
    previous: readonly AlertState[],
    now: Date,
  ): Promise<AlertFinding[]> {
    const on = settings.alert_rules;
    const orgs = await this.orgs.coveredOrgs();
    const [latest, history, failures] = await Promise.all([
      this.store.latestSnapshots(orgs),
      this.store.listSnapshots(orgs, new Date(now.getTime() - 7 * DAY_MS)),
      this.store.getSetting<Record<string, number>>(SNAPSHOT_FAILURES_KEY),
    ]);
    const found: AlertFinding[] = [];
    for (const org of orgs) {
      const subject = this.orgSubject(org);
      const add = (rule: AlertFinding['rule'], summary: string, details: Record<string, unknown>) =>
        found.push({ rule, org, subject, summary, details });
      const balance = latest.find((s) => s.org_slug === org)?.balance ?? null;
      if (balance !== null) {
        if (on.credits_exhausted && balance <= 0) {
          add('credits_exhausted', `${org} has no credits left (balance ${balance})`, { balance });
        }
        const threshold = settings.credit_alert_threshold;
        if (on.credits_below_threshold && isBelowThreshold(balance, threshold)) {
          add(
            'credits_below_threshold',
            `${org} has ${balance} credits, below the alert threshold of ${threshold}`,
            { balance, threshold },
          );
        }
        const average = averageDailyConsumption(history.filter((s) => s.org_slug === org));
        if (on.runway_short && balance > 0 && average !== null && average > 0) {
          const days = balance / average;
          if (days < settings.runway_alert_days) {
            add(
              'runway_short',
              `${org} runs out of credits in about ${days.toFixed(1)} days (alert under ${settings.runway_alert_days})`,
              {
                balance,
                runway_days: Math.round(days * 10) / 10,
                avg_daily_consumption: Math.round(average * 100) / 100,
              },
            );
          }
        }
      }
      const failed = failures?.[org] ?? 0;
      if (on.snapshot_failing && failed >= SNAPSHOT_FAILING_RUNS) {
        add(
          'snapshot_failing',
          `${org}'s balance could not be read in the last ${failed} snapshot runs`,
          { failed_runs: failed, reason: this.snapshots.failureReason(org) ?? null },
        );
      }
    }
    if (on.npc_stuck || on.pickup_overdue) {
      found.push(...(await this.issueFindings(settings, previous, orgs)));
    }
    return found;
  }

  /**
   * Stuck and overdue NPC issues. When the platform cannot list them, the issue alerts
   * that were firing stay as they were instead of resolving for lack of news.
   */
  private async issueFindings(
    settings: AdminSettings,
    previous: readonly AlertState[],
    orgs: readonly string[],
  ): Promise<AlertFinding[]> {
    let issues;
    try {
      const query = Object.assign(new IssueSearchQuery(), { state: 'open', attention: 'any' });
      issues = (await this.issues.search(query)).items;
    } catch (error) {
      this.logger.warn(`Issue rules kept their state: issues unreadable (${String(error)})`);
      return previous
        .filter((a) => a.status === 'firing' && a.subject.type === 'issue')
        .filter((a) => orgs.includes(a.org))
        .map(({ rule, org, subject, summary, details }) => ({
          rule,
          org,
          subject,
          summary,
          details,
        }));
    }
    const found: AlertFinding[] = [];
    for (const issue of issues) {
      const reason = issue.attention?.reason;
      const rule =
        reason === 'stuck' ? 'npc_stuck' : reason === 'overdue' ? 'pickup_overdue' : null;
      if (!rule || !settings.alert_rules[rule]) continue;
      const repo = issue.repository.full_name;
      const org = repo.split('/')[0];
      const id = `${repo}#${issue.number}`;
      const npc = issue.assignees.find((a) => a.is_npc)?.username ?? null;
      const since = issue.attention!.since;
      const subject: AlertSubject = {
        type: 'issue',
        id,
        name: `${id} ${issue.title}`,
        url: this.link(`tasks?repo=${encodeURIComponent(repo)}&issue=${issue.number}`),
      };
      found.push({
        rule,
        org,
        subject,
        summary:
          rule === 'npc_stuck'
            ? `${id} "${issue.title}" is stuck: no NPC activity since ${since}`
            : `${id} "${issue.title}" has waited for ${npc ?? 'its NPC'} since ${since}`,
        details: { npc, since, repo, number: issue.number },
      });
    }
    return found;
  }

  private orgSubject(org: string): AlertSubject {
    return {
      type: 'organization',
      id: org,
      name: org,
      url: this.link(`credits?org=${encodeURIComponent(org)}`),
    };
  }

  private link(path: string): string | null {
    const base = this.config.boardPublicUrl;
    return base ? `${base}/${path}` : null;
  }

  /** After a snapshot run: count consecutive failures per organization, then evaluate. */
  private async afterSnapshot(run: SnapshotRun): Promise<void> {
    const counts = {
      ...((await this.store.getSetting<Record<string, number>>(SNAPSHOT_FAILURES_KEY)) ?? {}),
    };
    for (const { org_slug } of run.recorded) delete counts[org_slug];
    for (const { org_slug } of run.failed) counts[org_slug] = (counts[org_slug] ?? 0) + 1;
    await this.store.setSetting(SNAPSHOT_FAILURES_KEY, counts);
    await this.evaluate();
  }

  private countAlerts(alerts: readonly AlertState[]): void {
    this.metrics.alerts.reset();
    for (const rule of ALERT_RULES) {
      for (const status of ['firing', 'resolved'] as const) {
        this.metrics.alerts.set(
          { rule, status },
          alerts.filter((a) => a.rule === rule && a.status === status).length,
        );
      }
    }
  }

  // ---- Reading ----

  /** Firing alerts first (newest first), then those resolved in the last 7 days. */
  async list(): Promise<AlertView[]> {
    const now = this.clock.now();
    const [alerts, silences] = await Promise.all([
      this.store.listAlerts(),
      this.store.listAlertSilences(),
    ]);
    const firing = alerts
      .filter((a) => a.status === 'firing')
      .sort((a, b) => b.started_at.localeCompare(a.started_at) || a.id.localeCompare(b.id));
    const resolved = alerts
      .filter(
        (a) =>
          a.status === 'resolved' &&
          now.getTime() - Date.parse(a.resolved_at!) <= RESOLVED_SHOWN_MS,
      )
      .sort((a, b) => b.resolved_at!.localeCompare(a.resolved_at!));
    return [...firing, ...resolved].map((a) => view(a, silences, now));
  }

  async deliveries(limit = 50): Promise<DeliveryView[]> {
    return (await this.store.listDeliveries(limit)).map((d) => ({
      id: d.id,
      alert_id: d.alert_id,
      channel_id: d.channel_id,
      status: d.status,
      attempts: d.attempts,
      last_error: d.last_error,
      created_at: d.created_at,
      sent_at: d.sent_at,
    }));
  }

  // ---- Channels ----

  async channels(): Promise<ChannelView[]> {
    return (await this.store.listAlertChannels()).map(channelView);
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
      created_at: this.clock.now().toISOString(),
    };
    await this.checkChannel(record);
    await this.store.saveAlertChannel(record);
    this.logger.log(`Channel ${record.id} (${record.kind}) added`);
    return channelView(record);
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
    };
    await this.checkChannel(record);
    await this.store.saveAlertChannel(record);
    return channelView(record);
  }

  async deleteChannel(id: string): Promise<void> {
    if (!(await this.store.deleteAlertChannel(id))) throw new NotFoundError(`No channel ${id}`);
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
      summary: `Test message from NPC Board to the channel "${channel.name}"`,
      details: {},
      started_at: now,
      resolved_at: null,
      reminder: false,
      board_url: this.config.boardPublicUrl,
    };
    return this.worker.test(channel, message, randomUUID());
  }

  private async channel(id: string): Promise<ChannelRecord> {
    const channel = (await this.store.listAlertChannels()).find((c) => c.id === id);
    if (!channel) throw new NotFoundError(`No channel ${id}`);
    return channel;
  }

  /** Organizations must be covered and the URL must pass the destination checks. */
  private async checkChannel(record: ChannelRecord): Promise<void> {
    await this.checkOrgs(record.orgs, 'orgs');
    try {
      await this.destinations.check(record.url);
    } catch (error) {
      if (error instanceof RefusedDestination)
        throw new InvalidError(error.message, { field: 'url' });
      throw error;
    }
  }

  private async checkOrgs(orgs: readonly string[], field: string): Promise<void> {
    if (orgs.length === 0) return;
    const covered = new Set(await this.orgs.coveredOrgs());
    const unknown = orgs.filter((o) => !covered.has(o));
    if (unknown.length > 0) {
      throw new InvalidError(
        `${field} must list organizations this board covers; not covered: ${unknown.join(', ')}`,
        { field },
      );
    }
  }

  // ---- Silences ----

  async silences(): Promise<SilenceView[]> {
    const now = this.clock.now().getTime();
    return (await this.store.listAlertSilences())
      .filter((s) => Date.parse(s.until) > now)
      .sort((a, b) => a.until.localeCompare(b.until));
  }

  async createSilence(body: CreateSilenceDto): Promise<SilenceView> {
    const now = this.clock.now();
    const until = new Date(body.until);
    if (until.getTime() <= now.getTime()) {
      throw new InvalidError('until must be in the future', { field: 'until' });
    }
    if (body.org) await this.checkOrgs([body.org], 'org');
    if (body.alert_id && !body.alert_id.startsWith(`${body.rule}:`)) {
      throw new InvalidError(`alert_id must be an alert of the rule ${body.rule}`, {
        field: 'alert_id',
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
    if (!(await this.store.deleteAlertSilence(id))) throw new NotFoundError(`No silence ${id}`);
  }
}

function isMuted(alert: AlertState, silences: readonly SilenceRecord[], now: Date): boolean {
  return silences.some(
    (s) =>
      Date.parse(s.until) > now.getTime() &&
      s.rule === alert.rule &&
      (s.org === null || s.org === alert.org) &&
      (s.alert_id === null || s.alert_id === alert.id),
  );
}

function view(alert: AlertState, silences: readonly SilenceRecord[], now: Date): AlertView {
  return {
    id: alert.id,
    rule: alert.rule,
    severity: alert.severity,
    status: alert.status,
    org: alert.org,
    subject: alert.subject,
    summary: alert.summary,
    started_at: alert.started_at,
    resolved_at: alert.resolved_at,
    last_sent_at: alert.last_sent_at,
    muted: alert.status === 'firing' && isMuted(alert, silences, now),
  };
}

function channelView(c: ChannelRecord): ChannelView {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    url_masked: maskUrl(c.url),
    has_secret: c.secret !== null,
    rules: c.rules,
    orgs: c.orgs,
    enabled: c.enabled,
  };
}

function queued(channelId: string, message: AlertMessage, now: Date): DeliveryRecord {
  return {
    id: randomUUID(),
    channel_id: channelId,
    alert_id: message.alert_ids[0] ?? null,
    message,
    status: 'queued',
    attempts: 0,
    last_error: null,
    created_at: now.toISOString(),
    next_attempt_at: now.toISOString(),
    sent_at: null,
  };
}
