import { DynamicModule, Module } from '@nestjs/common';
import { AdminGuard } from '../admin/admin.guard';
import { CreditsModule } from '../credits/credits.module';
import { IssuesModule } from '../issues/issues.module';
import { AlertChannelsService } from './alert-channels.service';
import { AlertDestinations } from './alert-destinations';
import { AlertFactsService } from './alert-facts.service';
import { ALERT_OPTIONS, DEFAULT_ALERT_OPTIONS, type AlertOptions } from './alert-options';
import { AlertsController } from './alerts.controller';
import { AlertsService } from './alerts.service';
import { DeliveryWorker } from './delivery-worker';

/** Alert rules, channels, silences and the delivery outbox. */
@Module({})
export class AlertsModule {
  /** `options` replaces name resolution and the retry jitter (tests). */
  static forRoot(options: Partial<AlertOptions> = {}): DynamicModule {
    return {
      module: AlertsModule,
      imports: [IssuesModule, CreditsModule],
      controllers: [AlertsController],
      providers: [
        { provide: ALERT_OPTIONS, useValue: { ...DEFAULT_ALERT_OPTIONS, ...options } },
        AdminGuard,
        AlertDestinations,
        DeliveryWorker,
        AlertsService,
        AlertChannelsService,
        AlertFactsService,
      ],
      exports: [AlertsService, DeliveryWorker],
    };
  }
}
