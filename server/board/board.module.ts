import { CacheModule } from '@nestjs/cache-manager';
import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import * as path from 'node:path';
import { Clock, SystemClock } from '../common/clock';
import { AdminModule } from './admin/admin.module';
import { AlertsModule } from './alerts/alerts.module';
import type { AlertOptions } from './alerts/alert-options';
import { Keyv } from 'keyv';
import { CacheIndex, REDIS_CACHE_NAMESPACE } from './cache/cache-index';
import { DistributedLock, LocalLock, RedisLock } from './locks/distributed-lock';
import { ChangeFeed, LocalChangeFeed, RedisChangeFeed } from './events/change-feed';
import { EventsModule } from './events/events.module';
import { RedisConnection } from './redis/redis-connection';
import { RedisModule } from './redis/redis.module';
import { RedisBoardStore } from './store/redis-board-store';
import { AdminAuth } from './admin/admin-auth';
import { SignInFailures } from './admin/admin.guard';
import { CacheInvalidation } from './cache/cache-invalidation';
import { BoardChanges } from './events/board-changes';
import { DiscoveryModule } from '@nestjs/core';
import { CacheKeys } from './cache/cache-keys';
import { EntryFreshness } from './cache/entry-freshness';
import { MissExemption } from './cache/route-cache.ports';
import { publicReadsProvider } from './cache/public-reads';
import { BoundedMemoryStore } from './cache/memory-store';
import { MissLimiter } from './cache/miss-limiter';
import { MemoryWindowCounter, RedisWindowCounter, WindowCounter } from './limits/window-counter';
import { UpstreamCache } from './cache/upstream-cache';
import { MemoryCallCounter, RedisCallCounter } from './budget/call-counter';
import { UpstreamBudget } from './budget/upstream-budget';
import { DataAge } from './budget/data-age';
import { FullLoad } from './budget/full-load-estimate';
import { SyncModule } from './sync/sync.module';
import { FreshHits } from './cache/fresh-hits';
import { RefreshAhead } from './cache/refresh-ahead';
import { RouteCacheInterceptor } from './cache/route-cache.interceptor';
import { BoardSchedule } from './schedule/board-schedule';
import { BoardConfig } from './config/board-config';
import { PLATFORM_CONNECTION, PlatformConnection } from './connection/platform-connection';
import { CreditsModule } from './credits/credits.module';
import { IssuesModule } from './issues/issues.module';
import { MetaModule } from './meta/meta.module';
import { BoardMetrics } from './metrics/board-metrics';
import { OpsController } from './ops/ops.controller';
import { CoverageModule } from './scope/coverage.module';
import { OrgsModule } from './orgs/orgs.module';
import { PlatformModule } from './platform/platform.module';
import type { PlatformClientOptions } from './platform/platform.options';
import { ReposModule } from './repos/repos.module';
import { NpcsModule } from './npcs/npcs.module';
import { RunsModule } from './runs/runs.module';
import { BoardStore } from './store/board-store';
import { SqliteBoardStore } from './store/sqlite-board-store';
import { SettingsService } from './settings/settings.service';

/** Where the client points when no platform is available; the API answers 503 before any call. */
const NO_PLATFORM = 'http://127.0.0.1:9';

export interface BoardModuleOptions {
  /** Replaces the system clock (tests move time instead of waiting). */
  clock?: Clock;
  /**
   * Run the board's timers (`BoardSchedule`: snapshots, the start-up one, alert evaluation
   * and deliveries). Default: when a platform is connected; tests drive runs themselves.
   */
  schedule?: boolean;
  /** Platform client settings beyond the connection (tests inject `sleep`, `retries`…). */
  platform?: Partial<PlatformClientOptions>;
  /** Alert name resolution and retry jitter (tests inject both). */
  alerts?: Partial<AlertOptions>;
}

/**
 * What every board module may inject: configuration, the platform connection, the clock,
 * the store, metrics, both cache layers and the change feed.
 */
@Global()
@Module({})
class BoardCoreModule implements OnApplicationShutdown {
  constructor(
    @Inject(BoardStore) private readonly store: BoardStore,
    @Inject(ChangeFeed) private readonly feed: ChangeFeed,
  ) {}

  static forRoot(
    config: BoardConfig,
    connection: PlatformConnection,
    options: BoardModuleOptions,
  ): DynamicModule {
    const redisUrl = config.redisUrl;
    // Without Redis, both cache layers share one bounded in-process store.
    const memory = redisUrl
      ? null
      : new BoundedMemoryStore(config.cacheMaxEntries, config.cacheMaxBytes);
    const shared = redisUrl
      ? [
          {
            provide: BoardStore,
            inject: [RedisConnection],
            useFactory: (redis: RedisConnection) => new RedisBoardStore(redis),
          },
          {
            provide: DistributedLock,
            inject: [RedisConnection],
            useFactory: (redis: RedisConnection) => new RedisLock(redis),
          },
          {
            provide: WindowCounter,
            inject: [RedisConnection],
            useFactory: (redis: RedisConnection) => new RedisWindowCounter(redis),
          },
          {
            provide: ChangeFeed,
            inject: [RedisConnection],
            useFactory: async (redis: RedisConnection) => {
              const feed = new RedisChangeFeed(redis);
              await feed.start();
              return feed;
            },
          },
          {
            provide: UpstreamBudget,
            inject: [BoardConfig, Clock, RedisConnection],
            useFactory: (c: BoardConfig, clock: Clock, redis: RedisConnection) =>
              new UpstreamBudget(c, clock, new RedisCallCounter(redis)),
          },
        ]
      : [
          {
            provide: BoardStore,
            useFactory: () => new SqliteBoardStore(path.join(config.dataDir, 'board.sqlite')),
          },
          { provide: DistributedLock, useValue: new LocalLock() },
          { provide: WindowCounter, useValue: new MemoryWindowCounter() },
          { provide: ChangeFeed, useFactory: () => new LocalChangeFeed(Date.now()) },
          {
            provide: UpstreamBudget,
            inject: [BoardConfig, Clock],
            useFactory: (c: BoardConfig, clock: Clock) =>
              new UpstreamBudget(c, clock, new MemoryCallCounter()),
          },
          { provide: BoundedMemoryStore, useValue: memory },
        ];
    const providers = [
      { provide: BoardConfig, useValue: config },
      { provide: PLATFORM_CONNECTION, useValue: connection },
      { provide: Clock, useValue: options.clock ?? new SystemClock() },
      ...shared,
      BoardMetrics,
      AdminAuth,
      {
        provide: MissExemption,
        inject: [AdminAuth],
        useFactory: (admins: AdminAuth): MissExemption => ({
          exempt: (request) => admins.identify(request) !== null,
        }),
      },
      SignInFailures,
      publicReadsProvider,
      CacheKeys,
      CacheIndex,
      CacheInvalidation,
      BoardChanges,
      MissLimiter,
      UpstreamCache,
      EntryFreshness,
      RouteCacheInterceptor,
      FreshHits,
      RefreshAhead,
      DataAge,
      FullLoad,
      SettingsService,
    ];
    return {
      module: BoardCoreModule,
      imports: redisUrl
        ? [
            DiscoveryModule,
            RedisModule.forRoot(redisUrl),
            CacheModule.registerAsync({
              // A connection of its own: the cache module disconnects its store first thing
              // at shutdown, while requests in flight still need the store and the locks.
              useFactory: async () => ({
                stores: [await redisKeyv(await RedisConnection.open(redisUrl))],
              }),
            }),
          ]
        : [DiscoveryModule, CacheModule.register({ stores: [memory!.keyv] })],
      providers,
      exports: [...providers.map((p) => ('provide' in p ? p.provide : p)), CacheModule],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.feed.close();
    await this.store.close();
  }
}

/** The cache store in Redis: one namespace, keys `<namespace>::<key>`. */
async function redisKeyv(redis: RedisConnection): Promise<Keyv> {
  const { default: KeyvRedis } = await import('@keyv/redis');
  const store = new KeyvRedis(redis.client, { namespace: REDIS_CACHE_NAMESPACE });
  return new Keyv({ store, namespace: REDIS_CACHE_NAMESPACE, useKeyPrefix: false });
}

/** Root module of the board application. */
@Module({})
export class BoardModule {
  static forRoot(
    config: BoardConfig,
    connection: PlatformConnection,
    options: BoardModuleOptions = {},
  ): DynamicModule {
    const scheduled = options.schedule ?? connection.available;
    return {
      module: BoardModule,
      imports: [
        BoardCoreModule.forRoot(config, connection, options),
        // Nest's scheduler, with every timer of the board, only when it schedules.
        ...(scheduled ? [ScheduleModule.forRoot()] : []),
        PlatformModule.forRootAsync({
          inject: [UpstreamCache, BoardMetrics, UpstreamBudget, DataAge, Clock],
          useFactory: (
            cache: UpstreamCache,
            metrics: BoardMetrics,
            budget: UpstreamBudget,
            ages: DataAge,
            clock: Clock,
          ) => {
            metrics.watchBudget(async () => ({
              ...(await budget.state()),
              ...budget.counts,
              ages: ages.ages(clock.now().getTime()),
            }));
            return {
              ...(connection.available
                ? {
                    baseUrl: connection.baseUrl,
                    token: connection.token,
                    gitBaseUrl: connection.gitBaseUrl,
                  }
                : { baseUrl: NO_PLATFORM, token: '', gitBaseUrl: NO_PLATFORM }),
              // Fan-out over ten organizations makes about thirty calls at once; let them run,
              // also while background work (snapshots, enrichment reads) has its eight.
              concurrency: 40,
              backgroundConcurrency: 8,
              cache,
              admit: () => budget.admit(),
              lane: () => (budget.waitedFor ? 'viewer' : 'background'),
              onResponse: (info) => {
                budget.noteStatus(info.status);
                metrics.onUpstreamResponse(info);
              },
              ...options.platform,
            };
          },
        }),
        SyncModule,
        CoverageModule,
        OrgsModule,
        ReposModule,
        IssuesModule,
        RunsModule,
        NpcsModule,
        CreditsModule,
        MetaModule,
        AdminModule,
        AlertsModule.forRoot(options.alerts),
        EventsModule,
      ],
      controllers: [OpsController],
      providers: scheduled ? [BoardSchedule] : [],
    };
  }
}
