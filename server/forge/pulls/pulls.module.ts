import { Module } from '@nestjs/common';
import { BuildsModule } from '../builds/builds.module';
import { EventsModule } from '../events/events.module';
import { GitModule } from '../git/git.module';
import { ReposModule } from '../repos/repos.module';
import { CommitsModule } from '../commits/commits.module';
import { OrgsModule } from '../orgs/orgs.module';
import { TransportModule } from '../transport/transport.module';
import { UsersModule } from '../users/users.module';
import { PullChangesService } from './pull-changes.service';
import { PullDetailsController } from './pull-details.controller';
import { PullDetailsRepository } from './pull-details.repository';
import { PullDetailsService } from './pull-details.service';
import { PullReader } from './pull-reader';
import { PullsController } from './pulls.controller';
import { PullsRepository } from './pulls.repository';
import { PullsService } from './pulls.service';

/** Pull requests. */
@Module({
  imports: [
    ReposModule,
    GitModule,
    EventsModule,
    CommitsModule,
    OrgsModule,
    UsersModule,
    TransportModule,
    BuildsModule,
  ],
  controllers: [PullsController, PullDetailsController],
  providers: [
    PullsRepository,
    PullsService,
    PullChangesService,
    PullDetailsRepository,
    PullDetailsService,
    PullReader,
  ],
  exports: [PullsService],
})
export class PullsModule {}
