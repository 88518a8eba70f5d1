import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { GitModule } from '../git/git.module';
import { ReposModule } from '../repos/repos.module';
import { PullsController } from './pulls.controller';
import { PullsRepository } from './pulls.repository';
import { PullsService } from './pulls.service';

/** Pull requests. */
@Module({
  imports: [ReposModule, GitModule, EventsModule],
  controllers: [PullsController],
  providers: [PullsRepository, PullsService],
  exports: [PullsService],
})
export class PullsModule {}
