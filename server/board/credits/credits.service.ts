import { Injectable, Logger } from '@nestjs/common';
import {
  averageDailyConsumption,
  consumption,
  creditsPerTask,
  exhaustionBand,
  forecastExhaustion,
  isBelowThreshold,
  runwayTasks,
  sortSnapshots,
} from '@shared/board/credits';
import { toIssue } from '@shared/board/mappers';
import { isNpcIssue } from '@shared/board/npc';
import type { CreditSnapshot, OrgCredits } from '@shared/board/entities';
import { Clock } from '../../common/clock';
import { SettingsService } from '../settings/settings.service';
import { completedBetween } from '@shared/board/outcomes';
import { NpcWorkService } from '../sync/npc-work.service';
import { Coverage } from '../scope/coverage.service';
import { PlatformClient } from '../platform/platform-client';
import { BoardStore } from '../store/board-store';
import { SnapshotService } from './snapshot.service';
import { IssueMirror } from '../sync/issue-mirror';

const DAY_MS = 86_400_000;
/** Runway in tasks is priced at the last 7 days' cost per task. */
export const TASK_WINDOW_DAYS = 7;

/** Credit balances, history and forecasts, all read from the board's snapshots. */
@Injectable()
export class CreditsService {
  private readonly logger = new Logger(CreditsService.name);

  constructor(
    private readonly store: BoardStore,
    private readonly coverage: Coverage,
    private readonly snapshots: SnapshotService,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly platform: PlatformClient,
    private readonly work: NpcWorkService,
    private readonly mirror: IssueMirror,
  ) {}

  /** The alert threshold: the admin's setting, else `CREDIT_ALERT_THRESHOLD`. */
  async threshold(): Promise<number> {
    return (await this.settings.get()).credit_alert_threshold;
  }

  /** Balance, consumption, forecast and snapshots of one organization over 7 or 30 days. */
  async orgCredits(org: string, days: 7 | 30): Promise<OrgCredits> {
    await this.coverage.assertCovered(org);
    const now = this.clock.now();
    const taskWindowStart = new Date(now.getTime() - TASK_WINDOW_DAYS * DAY_MS);
    const [history, [latest], threshold, completed] = await Promise.all([
      this.store.listSnapshots([org], new Date(now.getTime() - days * DAY_MS)),
      this.store.latestSnapshots([org]),
      this.threshold(),
      this.completedTasks(org, taskWindowStart, now),
    ]);
    const balance = latest?.balance ?? null;
    const average = averageDailyConsumption(history);
    const forecast = forecastExhaustion(balance, average, now);
    const taskWindow = history.filter(
      (s) => Date.parse(s.recorded_at) >= taskWindowStart.getTime(),
    );
    const perTask = completed === null ? null : creditsPerTask(consumption(taskWindow), completed);
    const reason = this.snapshots.failureReason(org);
    return {
      org_slug: org,
      balance,
      ...(balance === null ? { balance_unknown_reason: reason ?? 'no snapshot recorded yet' } : {}),
      threshold,
      below_threshold: isBelowThreshold(balance, threshold),
      avg_daily_consumption: average === null ? null : Math.round(average * 100) / 100,
      predicted_exhaustion_date: forecast.date,
      forecast: forecast.kind,
      credits_per_task: perTask,
      tasks_completed: completed ?? 0,
      task_window_days: TASK_WINDOW_DAYS,
      runway_tasks: runwayTasks(balance, perTask),
      exhaustion_band: exhaustionBand(balance, history, days, now),
      snapshots: sortSnapshots(history),
    };
  }

  /**
   * NPC issues of an organization completed between `from` and `to`; null when the
   * platform cannot list them now (the credit figures still show).
   */
  async completedTasks(org: string, from: Date, to: Date): Promise<number | null> {
    try {
      const ctx = this.coverage.mapContext;
      const closed = (await this.mirror.orgIssues(org))
        .flatMap((raw) => (raw.repo ? [toIssue(raw, raw.repo.path, ctx)] : []))
        .filter(
          (issue) =>
            issue.state === 'closed' &&
            isNpcIssue(issue) &&
            Date.parse(issue.updated_at) >= from.getTime(),
        );
      return completedBetween(await this.work.annotate(closed), from, to).length;
    } catch (error) {
      this.logger.warn(`Completed tasks of ${org}: ${(error as Error).message}`);
      return null;
    }
  }

  /** The newest snapshot of every covered organization. */
  async latest(): Promise<CreditSnapshot[]> {
    return this.store.latestSnapshots(await this.coverage.coveredOrgs());
  }

  /** Every covered organization's snapshots over the window, oldest first. */
  async history(days: 7 | 30): Promise<CreditSnapshot[]> {
    const since = new Date(this.clock.now().getTime() - days * DAY_MS);
    return this.store.listSnapshots(await this.coverage.coveredOrgs(), since);
  }
}
