import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { AdminCreditsService } from './admin-credits.service';
import { AdminController } from './admin.controller';
import { AdminGuard } from './admin.guard';
import { DispatchService } from './dispatch.service';
import { GuardedDispatchService } from './guarded-dispatch.service';
import { IdempotencyService } from './idempotency.service';
import { PreflightService } from './preflight.service';
import { OverviewService } from './overview.service';
import { RunStopService } from './run-stop.service';

/** Guarded task dispatch and its log, stopping NPC runs, credit management and the overview metrics, for admins only. */
@Module({
  imports: [CreditsModule],
  controllers: [AdminController],
  providers: [
    AdminGuard,
    DispatchService,
    PreflightService,
    GuardedDispatchService,
    IdempotencyService,
    OverviewService,
    AdminCreditsService,
    RunStopService,
  ],
})
export class AdminModule {}
