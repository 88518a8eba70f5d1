import { Module } from '@nestjs/common';
import { ReposModule } from '../repos/repos.module';
import { EventsController } from './events.controller';
import { EventsRepository } from './events.repository';
import { EventsService } from './events.service';

/** Repository activity. */
@Module({
  imports: [ReposModule],
  controllers: [EventsController],
  providers: [EventsRepository, EventsService],
  exports: [EventsService],
})
export class EventsModule {}
