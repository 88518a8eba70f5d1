import { Module } from '@nestjs/common';
import { EventStreams } from './event-streams';
import { EventsController } from './events.controller';
import { SyncCycle } from './sync-cycle';

/**
 * Live pages (docs/architecture.md#live-pages): the sync cycle that looks for changes each
 * cache life, and the change stream that tells open pages about them. The feed itself is
 * in the core module, since every write publishes through `BoardChanges`.
 */
@Module({
  controllers: [EventsController],
  providers: [EventStreams, SyncCycle],
  exports: [SyncCycle],
})
export class EventsModule {}
