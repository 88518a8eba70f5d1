import { Module } from '@nestjs/common';
import { IssuePropertiesRepository } from './issue-properties.repository';
import { BuildsModule } from '../builds/builds.module';
import { EventsModule } from '../events/events.module';
import { OrgsModule } from '../orgs/orgs.module';
import { ReposModule } from '../repos/repos.module';
import { UsersModule } from '../users/users.module';
import { AssignableUsers } from './assignable-users';
import { CommentsController } from './comments.controller';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';
import { IssueDetailsController } from './issue-details.controller';
import { IssueDetailsService } from './issue-details.service';
import { IssueReader } from './issue-reader';
import { IssuesController } from './issues.controller';
import { IssuesRepository } from './issues.repository';
import { IssuesService } from './issues.service';
import { LabelsRepository } from './labels.repository';
import { LabelsService } from './labels.service';

/** Issues, their labels, assignees and comments, and repository labels. */
@Module({
  imports: [UsersModule, OrgsModule, ReposModule, EventsModule, BuildsModule],
  controllers: [IssuesController, IssueDetailsController, CommentsController],
  providers: [
    IssuesRepository,
    IssuePropertiesRepository,
    LabelsRepository,
    CommentsRepository,
    IssueReader,
    AssignableUsers,
    LabelsService,
    IssuesService,
    IssueDetailsService,
    CommentsService,
  ],
  exports: [IssuesService],
})
export class IssuesModule {}
