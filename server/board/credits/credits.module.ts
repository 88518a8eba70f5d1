import { Module } from '@nestjs/common';
import { BoardConfig } from '../config/board-config';
import { PlatformClient } from '../platform/platform-client';
import { BoardStore } from '../store/board-store';
import {
  CreditSource,
  FileCreditSource,
  ManualCreditSource,
  PlatformCreditSource,
} from './credit-source';
import { CreditsController } from './credits.controller';
import { CreditsService } from './credits.service';
import { SnapshotService } from './snapshot.service';

/** Credit balances, snapshots and forecasts. */
@Module({
  controllers: [CreditsController],
  providers: [
    {
      provide: CreditSource,
      inject: [BoardConfig, PlatformClient, BoardStore],
      useFactory: (config: BoardConfig, platform: PlatformClient, store: BoardStore) => {
        const source = config.creditsSource;
        if (source.kind === 'file') return new FileCreditSource(source.path);
        if (source.kind === 'manual') return new ManualCreditSource(store);
        return new PlatformCreditSource(platform);
      },
    },
    SnapshotService,
    CreditsService,
  ],
  exports: [CreditsService, SnapshotService],
})
export class CreditsModule {}
