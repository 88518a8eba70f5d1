import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { ForgeConfig } from './config/forge-config';
import { FORGE_MODE, type ForgeMode } from './forge-mode';
import { Clock } from './common/clock';
import { DemoSeedService } from './seed/demo-seed.service';
import { NpcSimulatorService } from './simulator/npc-simulator.service';
import { AdminTokenStore } from './storage/admin-token.store';
import { generateToken, UsersService } from './users/users.service';

/**
 * Start-up work that needs the whole application: the admin user and its token, the
 * demo seed on first start, the NPC simulator when enabled.
 */
@Injectable()
export class ForgeBootstrap implements OnApplicationBootstrap {
  private token: string | null = null;

  constructor(
    private readonly config: ForgeConfig,
    private readonly users: UsersService,
    private readonly tokenStore: AdminTokenStore,
    private readonly seed: DemoSeedService,
    private readonly simulator: NpcSimulatorService,
    private readonly clock: Clock,
    @Inject(FORGE_MODE) private readonly mode: ForgeMode,
  ) {}

  /** The admin token in force (from FORGE_ADMIN_TOKEN or the token file). */
  get adminToken(): string {
    if (!this.token) throw new Error('The forge has not started yet');
    return this.token;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.token = this.config.adminToken ?? this.storedOrNewToken();
    this.users.ensureAdmin(this.token);
    if (this.mode !== 'serve') return;
    if (this.config.seed === 'demo')
      await this.seed.seedOnce(this.config.seedEpoch ?? this.clock.now());
    if (this.config.simulate) this.simulator.start(this.config.simulateIntervalMs);
  }

  private storedOrNewToken(): string {
    const stored = this.tokenStore.read();
    if (stored) return stored;
    const token = generateToken();
    this.tokenStore.write(token);
    return token;
  }
}
