import { Injectable, Logger } from '@nestjs/common';
import { BoardChanges } from '../events/board-changes';
import type { CreditSnapshot } from '@shared/board/entities';
import { Clock } from '../../common/clock';
import { SingleFlight } from '../../common/single-flight';
import { BoardConfig } from '../config/board-config';
import { Coverage } from '../scope/coverage.service';
import { BoardMetrics } from '../metrics/board-metrics';
import { PlatformClient } from '../platform/platform-client';
import { DistributedLock } from '../locks/distributed-lock';
import { BoardStore, snapshotHour } from '../store/board-store';
import { UpstreamBudget } from '../budget/upstream-budget';
import { CreditSource } from './credit-source';
import { backfillFromLedger } from './ledger-backfill';

/** A replica keeps the hour's lock for most of the hour, so no other records it again. */
const HOUR_LOCK_MS = 50 * 60_000;
const RETENTION_DAYS = 400;
const BACKFILL_DAYS = 30;
const DAY_MS = 86_400_000;

export interface SnapshotRun {
  recorded: CreditSnapshot[];
  failed: { org_slug: string; reason: string }[];
}

/**
 * Credit snapshots (docs/architecture.md#the-store), recorded hourly and at start-up when
 * the current hour has none (both timed by `BoardSchedule`), and on an admin's refresh. One organization's failure records nothing for
 * it and does not stop the others; a second run in the same hour replaces, never adds.
 */
@Injectable()
export class SnapshotService {
  private readonly logger = new Logger(SnapshotService.name);
  /** Why each organization's last balance could not be had, until it can again. */
  private readonly failures = new Map<string, string>();
  /** The run in progress: asking for one while it runs joins it. */
  private readonly runs = new SingleFlight<'run', SnapshotRun>();
  private readonly runListeners: ((run: SnapshotRun) => void)[] = [];

  constructor(
    private readonly coverage: Coverage,
    private readonly source: CreditSource,
    private readonly store: BoardStore,
    private readonly platform: PlatformClient,
    private readonly clock: Clock,
    private readonly config: BoardConfig,
    private readonly metrics: BoardMetrics,
    private readonly budget: UpstreamBudget,
    private readonly lock: DistributedLock,
    private readonly changes: BoardChanges,
  ) {}

  /** Call `listener` after every completed run (alerts are evaluated then). */
  onRun(listener: (run: SnapshotRun) => void): void {
    this.runListeners.push(listener);
  }

  /** Why an organization has no balance, if the last attempt failed. */
  failureReason(org: string): string | undefined {
    return this.failures.get(org);
  }

  /**
   * The hourly run: with several replicas, the one that takes the hour's lock records and
   * the others skip (the store keeps one snapshot per hour either way). It runs as
   * background work: its calls leave the budget's reserve and the first connection slots
   * to pages being viewed (an admin's refresh, `record`, does not).
   */
  async recordScheduled(): Promise<SnapshotRun | null> {
    const lock = await this.lock.acquire(
      `snapshot:${snapshotHour(this.clock.now())}`,
      HOUR_LOCK_MS,
    );
    if (!lock) return null;
    return this.budget.background(() => this.record());
  }

  /** Record a snapshot unless every covered organization already has one this hour. */
  async recordIfHourMissing(): Promise<SnapshotRun | null> {
    const orgs = await this.coverage.coveredOrgs();
    const hour = snapshotHour(this.clock.now());
    const latest = await this.store.latestSnapshots(orgs);
    const done = latest.filter((s) => snapshotHour(s.recorded_at) === hour).length;
    return done === orgs.length ? null : this.recordScheduled();
  }

  /** Record one snapshot per covered organization now (runs never overlap). */
  record(): Promise<SnapshotRun> {
    return this.runs.run('run', () => this.run());
  }

  /** Wait for a run in progress, e.g. before shutting down. */
  async settled(): Promise<void> {
    await this.runs.settled();
  }

  private async run(): Promise<SnapshotRun> {
    const now = this.clock.now();
    const orgs = await this.coverage.coveredOrgs();
    await this.backfill(orgs, now);
    // A snapshot records balances as they are now, not as the cache last saw them.
    await this.changes.creditsChanged(orgs);
    const balances = await this.source.balances(orgs);
    const recorded: CreditSnapshot[] = [];
    const failed: SnapshotRun['failed'] = [];
    for (const org of orgs) {
      const result = balances.get(org) ?? { ok: false, reason: 'no answer from the credit source' };
      if (result.ok) {
        recorded.push({ org_slug: org, balance: result.balance, recorded_at: now.toISOString() });
        this.failures.delete(org);
      } else {
        failed.push({ org_slug: org, reason: result.reason });
        this.failures.set(org, result.reason);
        this.metrics.snapshotFailures.inc({ org });
      }
    }
    await this.store.upsertSnapshots(recorded);
    await this.store.pruneSnapshots(new Date(now.getTime() - RETENTION_DAYS * DAY_MS));
    // Answers showing balances were built from the previous snapshot.
    await this.changes.creditsChanged();
    this.metrics.snapshotRuns.inc();
    if (failed.length > 0) {
      this.logger.warn(
        `No balance for ${failed.map((f) => `${f.org_slug} (${f.reason})`).join(', ')}`,
      );
    }
    for (const listener of this.runListeners) listener({ recorded, failed });
    return { recorded, failed };
  }

  /**
   * Organizations without history get the past 30 days from the forge's ledger extension,
   * once; a platform without it simply starts its history with this run.
   */
  private async backfill(orgs: readonly string[], now: Date): Promise<void> {
    if (this.source.kind !== 'platform') return;
    const withHistory = await this.store.orgsWithHistory(orgs);
    const since = new Date(now.getTime() - BACKFILL_DAYS * DAY_MS);
    await Promise.all(
      orgs
        .filter((org) => !withHistory.has(org))
        .map(async (org) => {
          try {
            const ledger = await this.platform.getLedger(org, since);
            await this.store.upsertSnapshots(backfillFromLedger(org, ledger, since, now));
          } catch {
            // No ledger on this platform (or not for this token): history starts now.
          }
        }),
    );
  }
}
