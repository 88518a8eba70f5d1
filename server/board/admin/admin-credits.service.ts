import { isBelowThreshold } from '@shared/board/credits';
import { Injectable } from '@nestjs/common';
import type { AdminSettings, RefreshResult, SettingsChange } from '@shared/board/admin';
import { BoardChanges } from '../events/board-changes';
import { CreditsService } from '../credits/credits.service';
import { SnapshotService } from '../credits/snapshot.service';
import { Coverage } from '../scope/coverage.service';
import { SettingsService } from '../settings/settings.service';

/** The admin settings and the manual credit refresh. */
@Injectable()
export class AdminCreditsService {
  constructor(
    private readonly settingsService: SettingsService,
    private readonly credits: CreditsService,
    private readonly snapshots: SnapshotService,
    private readonly coverage: Coverage,
    private readonly changes: BoardChanges,
  ) {}

  /** Current settings. */
  settings(): Promise<AdminSettings> {
    return this.settingsService.get();
  }

  /** Store the given settings; every answer they change is recomputed. */
  async updateSettings(changes: SettingsChange): Promise<AdminSettings> {
    const updated = await this.settingsService.update(changes);
    if (changes.credit_alert_threshold !== undefined) await this.changes.creditsChanged();
    if (changes.pickup_slo_minutes !== undefined || changes.stuck_after_hours !== undefined) {
      await this.changes.signalSettingsChanged();
    }
    return updated;
  }

  /** Drop cached balances, record a snapshot now and return the new balances. */
  async refresh(): Promise<RefreshResult> {
    const orgs = await this.coverage.coveredOrgs();
    // The run drops the cached balances and the answers built from them.
    const run = await this.snapshots.record();
    const threshold = await this.credits.threshold();
    const recorded = new Map(run.recorded.map((s) => [s.org_slug, s]));
    const failed = new Map(run.failed.map((f) => [f.org_slug, f.reason]));
    return {
      recorded_at: run.recorded[0]?.recorded_at ?? null,
      balances: orgs.map((org) => {
        const balance = recorded.get(org)?.balance ?? null;
        return {
          org_slug: org,
          balance,
          below_threshold: isBelowThreshold(balance, threshold),
          ...(failed.has(org) ? { reason: failed.get(org) } : {}),
        };
      }),
    };
  }
}
