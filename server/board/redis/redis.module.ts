import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { RedisConnection } from './redis-connection';

/** The shared Redis connection, when `REDIS_URL` is set. */
@Global()
@Module({})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(RedisConnection) private readonly redis: RedisConnection) {}

  static forRoot(url: string): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        {
          provide: RedisConnection,
          useFactory: () => RedisConnection.open(url),
        },
      ],
      exports: [RedisConnection],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.close();
  }
}
