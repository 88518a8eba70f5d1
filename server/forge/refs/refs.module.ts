import { Module } from '@nestjs/common';
import { CommitsModule } from '../commits/commits.module';
import { EventsModule } from '../events/events.module';
import { GitModule } from '../git/git.module';
import { ReposModule } from '../repos/repos.module';
import { UsersModule } from '../users/users.module';
import { RefsController } from './refs.controller';
import { RefsService } from './refs.service';

/** Branches and tags. */
@Module({
  imports: [ReposModule, GitModule, CommitsModule, EventsModule, UsersModule],
  controllers: [RefsController],
  providers: [RefsService],
  exports: [RefsService],
})
export class RefsModule {}
