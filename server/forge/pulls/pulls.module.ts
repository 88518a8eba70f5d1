import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { GitModule } from '../git/git.module';
import { ReposModule } from '../repos/repos.module';
import { CommitsModule } from '../commits/commits.module';
import { OrgsModule } from '../orgs/orgs.module';
import { UsersModule } from '../users/users.module';
import { PullDetailsController } from './pull-details.controller';
import { PullDetailsRepository } from './pull-details.repository';
import { PullDetailsService } from './pull-details.service';
import { PullReader } from './pull-reader';
import { PullsController } from './pulls.controller';
import { PullsRepository } from './pulls.repository';
import { PullsService } from './pulls.service';

/** Pull requests. */
@Module({
  imports: [ReposModule, GitModule, EventsModule, CommitsModule, OrgsModule, UsersModule],
  controllers: [PullsController, PullDetailsController],
  providers: [PullsRepository, PullsService, PullDetailsRepository, PullDetailsService, PullReader],
  exports: [PullsService],
})
export class PullsModule {}
