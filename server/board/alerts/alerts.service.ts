import { UpstreamBudget } from '../budget/upstream-budget';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ALERT_RULES } from '@shared/board/admin';
import type { AlertView, DeliveryView, EvaluateResult } from '@shared/board/alerts';
import { byCodeUnit } from '@shared/board/text-order';
import { Clock } from '../../common/clock';
import { BoardChanges } from '../events/board-changes';
import { DistributedLock } from '../locks/distributed-lock';
import { BoardConfig } from '../config/board-config';
import { SnapshotService, type SnapshotRun } from '../credits/snapshot.service';
import { BoardMetrics } from '../metrics/board-metrics';
import { SettingsService } from '../settings/settings.service';
import { BoardStore } from '../store/board-store';
import { AlertFactsService } from './alert-facts.service';
import type { DeliveryRecord, SilenceRecord } from '../store/alert-records';
import { channelTakes, evaluateAlerts, groupMessages } from './alert-rules';
import type { AlertMessage, AlertState } from '../store/alert-records';
import { DeliveryWorker } from './delivery-worker';

const DAY_MS = 86_400_000;
/** Resolved alerts listed, and kept. */
const RESOLVED_SHOWN_MS = 7 * DAY_MS;
const RESOLVED_KEPT_MS = 30 * DAY_MS;
const EVALUATION_LOCK_MS = 2 * 60_000;

/**
 * Alert rules over credits, snapshots and NPC issues (docs/rules.md#alerts):
 * evaluation every ALERT_EVAL_MINUTES (timed by `BoardSchedule`) and after every snapshot
 * run, one replica at a time; state, channels, silences and the outbox in the board's store.
 */
@Injectable()
export class AlertsService implements OnModuleInit {
  private readonly logger = new Logger('Alerts');
  /**
   * Evaluations in this process run one after the other. The chain settles to nothing:
   * holding the last evaluation's answer would keep every alert it fired in memory.
   */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: BoardStore,
    private readonly clock: Clock,
    private readonly config: BoardConfig,
    private readonly lock: DistributedLock,
    private readonly settings: SettingsService,
    private readonly snapshots: SnapshotService,
    private readonly facts: AlertFactsService,
    private readonly worker: DeliveryWorker,
    private readonly metrics: BoardMetrics,
    private readonly budget: UpstreamBudget,
    private readonly changes: BoardChanges,
  ) {}

  onModuleInit(): void {
    this.snapshots.onRun((run) => {
      this.afterSnapshot(run).catch((error) =>
        this.logger.error(`Evaluation after a snapshot run failed: ${String(error)}`),
      );
    });
  }

  /** Send what the outbox holds that is due (also what a previous process left). */
  deliverDue(): void {
    this.worker.kick();
  }

  /** Wait for the evaluation and the deliveries in progress, e.g. before shutting down. */
  async settled(): Promise<void> {
    await this.chain.catch(() => undefined);
    await this.worker.settled();
  }

  /** The timer's evaluation: one replica per period takes it. */
  async evaluateScheduled(): Promise<EvaluateResult | null> {
    const period = this.config.alertEvalMinutes * 60_000;
    const slot = Math.floor(this.clock.now().getTime() / period);
    const taken = await this.lock.acquire(`alerts:period:${slot}`, Math.max(1000, period - 1000));
    if (!taken) return null;
    // A scheduled evaluation is background work: it leaves the budget's reserve to viewers.
    return this.budget.background(() => this.evaluate());
  }

  /**
   * Evaluate every rule now, queue the messages and start sending them; answers the
   * alerts that fired and resolved. Another replica evaluating at the same moment makes
   * this one a no-op.
   */
  evaluate(): Promise<EvaluateResult> {
    return this.evaluateAfter(() => Promise.resolve());
  }

  /** Queue an evaluation behind those queued, with `prepare` run first in its turn. */
  private evaluateAfter(prepare: () => Promise<void>): Promise<EvaluateResult> {
    const next = this.chain.then(async () => {
      await prepare();
      return this.evaluateLocked();
    });
    this.chain = next.then(
      () => undefined,
      () => undefined,
    );
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
    const findings = await this.facts.findings(settings, previous, now);
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
    if (outcome.changed.length > 0) await this.changes.alertsChanged();
    return {
      fired: outcome.fired.map((a) => view(a, silences, now)),
      resolved: outcome.resolved.map((a) => view(a, silences, now)),
    };
  }

  /** After a snapshot run: count consecutive failures per organization, then evaluate. */
  /**
   * Record the run and evaluate, queued at once: an evaluation asked for after the run
   * has ended comes after this one.
   */
  private async afterSnapshot(run: SnapshotRun): Promise<void> {
    await this.budget.background(() => this.evaluateAfter(() => this.facts.recordSnapshotRun(run)));
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
      .sort((a, b) => byCodeUnit(b.started_at, a.started_at) || byCodeUnit(a.id, b.id));
    const resolved = alerts
      .filter(
        (a) =>
          a.status === 'resolved' &&
          now.getTime() - Date.parse(a.resolved_at!) <= RESOLVED_SHOWN_MS,
      )
      .sort((a, b) => byCodeUnit(b.resolved_at!, a.resolved_at!));
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
    params: Object.fromEntries(
      Object.entries(alert.details).filter(
        (entry): entry is [string, string | number] =>
          typeof entry[1] === 'string' || typeof entry[1] === 'number',
      ),
    ),
    started_at: alert.started_at,
    resolved_at: alert.resolved_at,
    last_sent_at: alert.last_sent_at,
    muted: alert.status === 'firing' && isMuted(alert, silences, now),
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
