import { Module } from '@nestjs/common';
import { OrgsModule } from '../orgs/orgs.module';
import { CreditsController } from './credits.controller';
import { CreditsService } from './credits.service';
import { LedgerRepository } from './ledger.repository';

/** Credit ledgers. */
@Module({
  imports: [OrgsModule],
  controllers: [CreditsController],
  providers: [LedgerRepository, CreditsService],
  exports: [CreditsService],
})
export class CreditsModule {}
