import { DynamicModule, Global, Module, Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access/access.guard';
import { Clock, MathRandom, RandomSource, SystemClock } from './common/clock';
import { ForgeMetrics } from './http/forge-metrics';
import { OpsController } from './http/ops.controller';
import { ForgeConfig } from './config/forge-config';
import { ForgeBootstrap } from './forge-bootstrap';
import { FORGE_MODE, type ForgeMode } from './forge-mode';
import { BuildsModule } from './builds/builds.module';
import { CommitsModule } from './commits/commits.module';
import { ContentsModule } from './contents/contents.module';
import { CreditsModule } from './credits/credits.module';
import { EventsModule } from './events/events.module';
import { IssuesModule } from './issues/issues.module';
import { OrgsModule } from './orgs/orgs.module';
import { PullsModule } from './pulls/pulls.module';
import { RefsModule } from './refs/refs.module';
import { ReleasesModule } from './releases/releases.module';
import { ReposModule } from './repos/repos.module';
import { SeedModule } from './seed/seed.module';
import { SimulatorModule } from './simulator/simulator.module';
import { StorageModule } from './storage/storage.module';
import { TransportModule } from './transport/transport.module';
import { UploadsModule } from './uploads/uploads.module';
import { UsersModule } from './users/users.module';

export interface ForgeModuleOptions {
  /** Defaults to the wall clock; tests and simulations pass a ManualClock. */
  clock?: Clock;
  /** Defaults to Math.random; drives fault injection. */
  random?: RandomSource;
  /** Default `serve`. */
  mode?: ForgeMode;
}

/** What every forge module may inject: configuration, time, randomness, metrics. */
@Global()
@Module({})
class ForgeCoreModule {
  static forRoot(config: ForgeConfig, options: ForgeModuleOptions): DynamicModule {
    return {
      module: ForgeCoreModule,
      providers: [
        { provide: ForgeConfig, useValue: config },
        { provide: Clock, useValue: options.clock ?? new SystemClock() },
        { provide: RandomSource, useValue: options.random ?? new MathRandom() },
        { provide: ForgeMetrics, useValue: new ForgeMetrics() },
        { provide: FORGE_MODE, useValue: options.mode ?? 'serve' },
      ],
      exports: [ForgeConfig, Clock, RandomSource, ForgeMetrics, FORGE_MODE],
    };
  }
}

/** Feature modules, in dependency order. */
const FEATURES: Type[] = [
  UsersModule,
  OrgsModule,
  ReposModule,
  EventsModule,
  CreditsModule,
  BuildsModule,
  IssuesModule,
  PullsModule,
  ContentsModule,
  CommitsModule,
  RefsModule,
  ReleasesModule,
  UploadsModule,
  TransportModule,
  SeedModule,
  SimulatorModule,
];

/** Root module of the forge application. */
@Module({})
export class ForgeModule {
  static forRoot(config: ForgeConfig, options: ForgeModuleOptions = {}): DynamicModule {
    return {
      module: ForgeModule,
      imports: [ForgeCoreModule.forRoot(config, options), StorageModule, ...FEATURES],
      controllers: [OpsController],
      providers: [{ provide: APP_GUARD, useClass: AccessGuard }, ForgeBootstrap],
      exports: [ForgeBootstrap],
    };
  }
}
