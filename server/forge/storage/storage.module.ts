import { Global, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { ForgeConfig } from '../config/forge-config';
import { AdminTokenStore } from './admin-token.store';
import { DataPaths } from './data-paths';
import { ForgeDatabase } from './forge-database';
import { MetaRepository } from './meta.repository';

/** Closes the database when the application stops, so the WAL is checkpointed. */
@Injectable()
class DatabaseCloser implements OnApplicationShutdown {
  constructor(private readonly db: ForgeDatabase) {}

  onApplicationShutdown(): void {
    this.db.close();
  }
}

/**
 * The data root and the one database connection. Global because every feature's
 * repository classes need them, and a second connection must never exist.
 */
@Global()
@Module({
  providers: [
    {
      provide: DataPaths,
      useFactory: (config: ForgeConfig) => new DataPaths(config.dataRoot),
      inject: [ForgeConfig],
    },
    {
      provide: ForgeDatabase,
      useFactory: (paths: DataPaths) => new ForgeDatabase(paths.database),
      inject: [DataPaths],
    },
    MetaRepository,
    AdminTokenStore,
    DatabaseCloser,
  ],
  exports: [DataPaths, ForgeDatabase, MetaRepository, AdminTokenStore],
})
export class StorageModule {}
