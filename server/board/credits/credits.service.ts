import { Injectable } from '@nestjs/common';
import {
  averageDailyConsumption,
  forecastExhaustion,
  sortSnapshots,
  isBelowThreshold,
} from '@shared/board/credits';
import type { CreditSnapshot, OrgCredits } from '@shared/board/entities';
import { Clock } from '../../common/clock';
import { BoardConfig } from '../config/board-config';
import { OrgsService } from '../orgs/orgs.service';
import { BoardStore } from '../store/board-store';
import { SnapshotService } from './snapshot.service';

export const THRESHOLD_SETTING = 'credit_alert_threshold';
const DAY_MS = 86_400_000;

/** Credit balances, history and forecasts, all read from the board's snapshots. */
@Injectable()
export class CreditsService {
  constructor(
    private readonly store: BoardStore,
    private readonly orgs: OrgsService,
    private readonly snapshots: SnapshotService,
    private readonly clock: Clock,
    private readonly config: BoardConfig,
  ) {}

  /** The alert threshold: the admin's setting, else `CREDIT_ALERT_THRESHOLD`. */
  async threshold(): Promise<number> {
    try {
      return (
        (await this.store.getSetting<number>(THRESHOLD_SETTING)) ?? this.config.creditAlertThreshold
      );
    } catch {
      // The store is away (Redis restarting): the configured default still holds.
      return this.config.creditAlertThreshold;
    }
  }

  /** Balance, consumption, forecast and snapshots of one organization over 7 or 30 days. */
  async orgCredits(org: string, days: 7 | 30): Promise<OrgCredits> {
    await this.orgs.assertCovered(org);
    const now = this.clock.now();
    const [history, [latest], threshold] = await Promise.all([
      this.store.listSnapshots([org], new Date(now.getTime() - days * DAY_MS)),
      this.store.latestSnapshots([org]),
      this.threshold(),
    ]);
    const balance = latest?.balance ?? null;
    const average = averageDailyConsumption(history);
    const forecast = forecastExhaustion(balance, average, now);
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
      snapshots: sortSnapshots(history),
    };
  }

  /** The newest snapshot of every covered organization. */
  async latest(): Promise<CreditSnapshot[]> {
    return this.store.latestSnapshots(await this.orgs.coveredOrgs());
  }

  /** Every covered organization's snapshots over the window, oldest first. */
  async history(days: 7 | 30): Promise<CreditSnapshot[]> {
    const since = new Date(this.clock.now().getTime() - days * DAY_MS);
    return this.store.listSnapshots(await this.orgs.coveredOrgs(), since);
  }
}
