import { Injectable, Logger } from '@nestjs/common';
import type { AdminSettings } from '@shared/board/admin';
import { BoardConfig } from '../config/board-config';
import { BoardStore } from '../store/board-store';

/** The environment variable that gives each setting its default. */
const DEFAULTS: { [K in keyof AdminSettings]: (config: BoardConfig) => AdminSettings[K] } = {
  credit_alert_threshold: (c) => c.creditAlertThreshold,
  pickup_slo_minutes: (c) => c.pickupSloMinutes,
  stuck_after_hours: (c) => c.stuckAfterHours,
};

const KEYS = Object.keys(DEFAULTS) as (keyof AdminSettings)[];

/**
 * Every admin setting in one object (docs/architecture.md#settings): each is stored under
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
    return Object.fromEntries(
      entries.map(([key, value]) => [key, value ?? DEFAULTS[key](this.config)]),
    ) as unknown as AdminSettings;
  }

  /** Store the given settings, keep the others. */
  async update(changes: Partial<AdminSettings>): Promise<AdminSettings> {
    for (const key of KEYS) {
      const value = changes[key];
      if (value !== undefined) await this.store.setSetting(key, value);
    }
    return this.get();
  }

  private async stored(key: keyof AdminSettings): Promise<number | undefined> {
    try {
      return await this.store.getSetting<number>(key);
    } catch (error) {
      this.logger.warn(`Setting ${key} from its default: ${(error as Error).message}`);
      return undefined;
    }
  }
}
