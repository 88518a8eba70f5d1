import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { GitModule } from '../git/git.module';
import { ReposModule } from '../repos/repos.module';
import { UsersModule } from '../users/users.module';
import { GitTransportController } from './git-transport.controller';
import { GitTransportService } from './git-transport.service';
import { PushRecorder } from './push-recorder.service';

/** Git smart HTTP, and what follows a push. */
@Module({
  imports: [ReposModule, GitModule, EventsModule, UsersModule],
  controllers: [GitTransportController],
  providers: [GitTransportService, PushRecorder],
  exports: [PushRecorder],
})
export class TransportModule {}
