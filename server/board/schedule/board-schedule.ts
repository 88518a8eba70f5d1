import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { Cron, SchedulerRegistry } from '@nestjs/schedule';
import { CronTime } from 'cron';
import { setTimeout as sleep } from 'node:timers/promises';
import { AlertsService } from '../alerts/alerts.service';
import { BoardConfig } from '../config/board-config';
import { SnapshotService } from '../credits/snapshot.service';
import { SyncCycle } from '../sync/sync-cycle';

/** The hourly snapshot job's name in the scheduler registry. */
export const SNAPSHOT_JOB = 'credit-snapshot';
const EVALUATE_INTERVAL = 'alerts-evaluate';
const DELIVER_INTERVAL = 'alerts-deliver';
const SYNC_INTERVAL = 'sync-cycle';
/** How often the alert outbox is looked at for due deliveries. */
export const DELIVERY_TICK_MS = 15_000;
/** Longest the start-up snapshot may hold back the board's start. */
export const STARTUP_WAIT_MS = 15_000;

/**
 * Every timer of the board (docs/architecture.md#the-schedule), each a thin call into the
 * service that does the work: the hourly credit snapshot (`SNAPSHOT_CRON`) and the one
 * at start-up when the hour has none, alert evaluation every `ALERT_EVAL_MINUTES`, the
 * alert outbox tick, and the sync cycle that looks for changes every cache life. The
 * board module provides it, with Nest's scheduler, only when the board schedules (a
 * platform is connected and the caller did not turn it off): without it nothing runs by
 * itself, and tests drive runs themselves.
 */
@Injectable()
export class BoardSchedule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BoardSchedule.name);

  constructor(
    private readonly snapshots: SnapshotService,
    private readonly alerts: AlertsService,
    private readonly config: BoardConfig,
    private readonly scheduler: SchedulerRegistry,
    private readonly sync: SyncCycle,
  ) {}

  /**
   * The hourly snapshot. `@Cron` takes a constant: the job is declared with the default
   * hour and disabled, and re-timed from SNAPSHOT_CRON and started at bootstrap.
   */
  @Cron('0 * * * *', { name: SNAPSHOT_JOB, timeZone: 'UTC', disabled: true })
  async snapshotHour(): Promise<void> {
    try {
      await this.snapshots.recordScheduled();
    } catch (error) {
      this.logger.error(`Snapshot run failed: ${String(error)}`);
    }
  }

  /**
   * Start every timer, and record the start-up snapshot before the board listens, so its
   * first answers already show balances (a slow platform delays the start by at most
   * STARTUP_WAIT_MS; the snapshot then completes in the background).
   */
  async onApplicationBootstrap(): Promise<void> {
    const job = this.scheduler.getCronJob(SNAPSHOT_JOB);
    job.setTime(new CronTime(this.config.snapshotCron, 'UTC'));
    job.start();
    this.every(EVALUATE_INTERVAL, this.config.alertEvalMinutes * 60_000, () =>
      this.alerts
        .evaluateScheduled()
        .catch((error) => this.logger.error(`Alert evaluation failed: ${String(error)}`)),
    );
    this.every(SYNC_INTERVAL, this.config.cacheTtlMs, () =>
      this.sync.run().catch((error) => this.logger.error(`Sync cycle failed: ${String(error)}`)),
    );
    // The outbox may hold what a previous process left: look at once, then every tick.
    this.alerts.deliverDue();
    this.every(DELIVER_INTERVAL, DELIVERY_TICK_MS, () => this.alerts.deliverDue());
    const startup = this.snapshots
      .recordIfHourMissing()
      .catch((error) => this.logger.warn(`Start-up snapshot failed: ${String(error)}`));
    await Promise.race([startup, sleep(STARTUP_WAIT_MS, undefined, { ref: false })]);
  }

  /** Stop every timer and let work in progress finish writing before the store closes. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.scheduler.doesExist('cron', SNAPSHOT_JOB)) {
      await this.scheduler.getCronJob(SNAPSHOT_JOB).stop();
    }
    for (const name of [EVALUATE_INTERVAL, DELIVER_INTERVAL, SYNC_INTERVAL]) {
      if (this.scheduler.doesExist('interval', name)) this.scheduler.deleteInterval(name);
    }
    await this.snapshots.settled();
    await this.alerts.settled();
  }

  private every(name: string, periodMs: number, tick: () => unknown): void {
    this.scheduler.addInterval(name, setInterval(tick, periodMs));
  }
}
