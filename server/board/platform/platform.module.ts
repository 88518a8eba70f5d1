/**
 * The platform client as a Nest module. Import it once, in the board's root module;
 * it is global, so feature modules inject `PlatformClient` without importing it again
 * (a second import would create a second concurrency limit).
 *
 *   PlatformModule.forRoot({ baseUrl, token, gitBaseUrl })
 *   PlatformModule.forRootAsync({ inject: [BoardConfig], useFactory: (c: BoardConfig) => c.platform })
 */
import {
  type DynamicModule,
  type FactoryProvider,
  Module,
  type ModuleMetadata,
  type Provider,
} from '@nestjs/common';
import { HttpModule } from '@nestjs/axios';
import { PlatformClient } from './platform-client';
import { PlatformHttp } from './platform-http';
import { PLATFORM_OPTIONS, type PlatformClientOptions } from './platform.options';

export interface PlatformModuleAsyncOptions {
  imports?: ModuleMetadata['imports'];
  useFactory: FactoryProvider<PlatformClientOptions | Promise<PlatformClientOptions>>['useFactory'];
  inject?: FactoryProvider['inject'];
}

@Module({})
export class PlatformModule {
  /** Provide the options as a value. */
  static forRoot(options: PlatformClientOptions): DynamicModule {
    return PlatformModule.build([], { provide: PLATFORM_OPTIONS, useValue: options });
  }

  /** Provide the options from a factory, e.g. the typed config service. */
  static forRootAsync(options: PlatformModuleAsyncOptions): DynamicModule {
    return PlatformModule.build(options.imports ?? [], {
      provide: PLATFORM_OPTIONS,
      useFactory: options.useFactory,
      inject: options.inject ?? [],
    });
  }

  private static build(
    imports: NonNullable<ModuleMetadata['imports']>,
    optionsProvider: Provider,
  ): DynamicModule {
    return {
      module: PlatformModule,
      global: true,
      // An axios instance of the platform's own: its defaults, limiter and retries apply
      // to platform calls only.
      imports: [...imports, HttpModule.register({})],
      providers: [optionsProvider, PlatformHttp, PlatformClient],
      exports: [PlatformClient],
    };
  }
}
