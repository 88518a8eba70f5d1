import { DynamicModule, Global, Module } from '@nestjs/common';
import { BoardConfig } from './config/board-config';
import { PLATFORM_CONNECTION, PlatformConnection } from './connection/platform-connection';
import { PlatformModule } from './platform/platform.module';

/** Where the client points when no platform is available; the API answers 503 before any call. */
const NO_PLATFORM = 'http://127.0.0.1:9';

/** Configuration and the resolved platform connection, available to every board module. */
@Global()
@Module({})
class BoardCoreModule {
  static forRoot(config: BoardConfig, connection: PlatformConnection): DynamicModule {
    return {
      module: BoardCoreModule,
      providers: [
        { provide: BoardConfig, useValue: config },
        { provide: PLATFORM_CONNECTION, useValue: connection },
      ],
      exports: [BoardConfig, PLATFORM_CONNECTION],
    };
  }
}

/** Root module of the board application. */
@Module({})
export class BoardModule {
  static forRoot(config: BoardConfig, connection: PlatformConnection): DynamicModule {
    return {
      module: BoardModule,
      imports: [
        BoardCoreModule.forRoot(config, connection),
        PlatformModule.forRoot(
          connection.available
            ? {
                baseUrl: connection.baseUrl,
                token: connection.token,
                gitBaseUrl: connection.gitBaseUrl,
              }
            : { baseUrl: NO_PLATFORM, token: '', gitBaseUrl: NO_PLATFORM },
        ),
      ],
    };
  }
}
