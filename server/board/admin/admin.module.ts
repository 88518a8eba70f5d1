import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { NpcWorkModule } from '../npc-work/npc-work.module';
import { OrgsModule } from '../orgs/orgs.module';
import { AdminCreditsService } from './admin-credits.service';
import { AdminController } from './admin.controller';
import { AdminGuard } from './admin.guard';
import { DispatchService } from './dispatch.service';
import { OverviewService } from './overview.service';

/** Task dispatch, credit management and the overview metrics, for admins only. */
@Module({
  imports: [OrgsModule, CreditsModule, NpcWorkModule],
  controllers: [AdminController],
  providers: [AdminGuard, DispatchService, OverviewService, AdminCreditsService],
})
export class AdminModule {}
