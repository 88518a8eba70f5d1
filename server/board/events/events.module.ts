import { Module } from '@nestjs/common';
import { EventStreams } from './event-streams';
import { EventsController } from './events.controller';

/**
 * Live pages (docs/architecture.md#live-pages): the change stream that tells open pages
 * what changed. The feed and `BoardChanges` are in the core module, since every write and
 * the sync cycle (sync/) publish through them.
 */
@Module({
  controllers: [EventsController],
  providers: [EventStreams],
})
export class EventsModule {}
