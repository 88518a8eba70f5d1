import { Injectable, Logger } from '@nestjs/common';
import {
  ALERT_RULES,
  type AdminSettings,
  type SettingsChange,
  type WipLimits,
} from '@shared/board/admin';
import { InvalidError } from '../../common/errors';
import { withCode } from '../common/error-code';
import { BoardConfig } from '../config/board-config';
import { BoardStore } from '../store/board-store';

/** The environment variable that gives each setting its default. */
const DEFAULTS: { [K in keyof AdminSettings]: (config: BoardConfig) => AdminSettings[K] } = {
  credit_alert_threshold: (c) => c.creditAlertThreshold,
  runway_alert_days: (c) => c.runwayAlertDays,
  alert_repeat_hours: (c) => c.alertRepeatHours,
  alert_rules: () =>
    Object.fromEntries(ALERT_RULES.map((rule) => [rule, true])) as AdminSettings['alert_rules'],
  pickup_slo_minutes: (c) => c.pickupSloMinutes,
  stuck_after_hours: (c) => c.stuckAfterHours,
  run_max_minutes: (c) => c.runMaxMinutes,
  failed_runs_in_a_row: (c) => c.failedRunsInARow,
  wip_soft_limit: (c) => c.wipSoftLimit,
  wip_hard_limit: (c) => c.wipHardLimit,
  wip_limits: () => ({}),
};

const KEYS = Object.keys(DEFAULTS) as (keyof AdminSettings)[];

/**
 * Every admin setting in one object (docs/rules.md#settings): each is stored under
 * its own name in the board's store, and falls back to its environment default.
 */
@Injectable()
export class SettingsService {
  private readonly logger = new Logger(SettingsService.name);

  constructor(
    private readonly store: BoardStore,
    private readonly config: BoardConfig,
  ) {}

  /** The current settings; without the store (Redis restarting) the defaults hold. */
  async get(): Promise<AdminSettings> {
    const entries = await Promise.all(
      KEYS.map(async (key) => [key, await this.stored(key)] as const),
    );
    const settings = Object.fromEntries(
      entries.map(([key, value]) => [
        key,
        value === undefined ? DEFAULTS[key](this.config) : value,
      ]),
    ) as unknown as AdminSettings;
    // A rule added after the switches were saved is on until switched off.
    settings.alert_rules = { ...DEFAULTS.alert_rules(this.config), ...settings.alert_rules };
    return settings;
  }

  /**
   * Store the given settings, keep the others. `alert_rules` and `wip_limits` merge into
   * the stored maps (a per-NPC entry set to null is removed).
   */
  async update(changes: SettingsChange): Promise<AdminSettings> {
    const current = await this.get();
    this.check(current, changes);
    for (const key of KEYS) {
      let value: unknown = changes[key];
      if (value === undefined) continue;
      if (key === 'alert_rules') value = { ...current.alert_rules, ...changes.alert_rules };
      if (key === 'wip_limits') value = mergeWipLimits(current.wip_limits, changes.wip_limits!);
      await this.store.setSetting(key, value);
    }
    return this.get();
  }

  /** Refuse per-NPC limits for unknown NPCs and a hard limit below the soft one. */
  private check(current: AdminSettings, changes: SettingsChange): void {
    for (const npc of Object.keys(changes.wip_limits ?? {})) {
      if (!this.config.npcHandles.includes(npc)) {
        const allowed = this.config.npcHandles.join(', ');
        throw new InvalidError(
          `wip_limits.${npc} is not an NPC (one of ${allowed})`,
          withCode('wip_limits_unknown_npc', { field: `wip_limits.${npc}`, npc, allowed }),
        );
      }
    }
    const soft = changes.wip_soft_limit ?? current.wip_soft_limit;
    const hard =
      changes.wip_hard_limit === undefined ? current.wip_hard_limit : changes.wip_hard_limit;
    if (hard !== null && hard < soft) {
      throw new InvalidError(
        `wip_hard_limit (${hard}) must not be below wip_soft_limit (${soft})`,
        withCode('wip_hard_below_soft', { field: 'wip_hard_limit', hard, soft }),
      );
    }
  }

  private async stored(key: keyof AdminSettings): Promise<unknown> {
    try {
      return await this.store.getSetting<unknown>(key);
    } catch (error) {
      this.logger.warn(`Setting ${key} from its default: ${(error as Error).message}`);
      return undefined;
    }
  }
}

/** Per-NPC WIP limits after a partial change: null removes an NPC's own limits. */
function mergeWipLimits(
  current: AdminSettings['wip_limits'],
  changes: Record<string, WipLimits | null>,
): AdminSettings['wip_limits'] {
  const merged = { ...current };
  for (const [npc, limits] of Object.entries(changes)) {
    if (limits === null) delete merged[npc];
    else merged[npc] = { ...merged[npc], ...limits };
  }
  return merged;
}
