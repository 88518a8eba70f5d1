import { Module } from '@nestjs/common';
import { IssuePropertiesRepository } from '../issues/issue-properties.repository';
import { CommitRecordsRepository } from '../commits/commit-records.repository';
import { EventsRepository } from '../events/events.repository';
import { PullDetailsRepository } from '../pulls/pull-details.repository';
import { UploadStore } from '../uploads/upload-store';
import { UploadsRepository } from '../uploads/uploads.repository';
import { BuildsRepository } from '../builds/builds.repository';
import { LedgerRepository } from '../credits/ledger.repository';
import { GitModule } from '../git/git.module';
import { CommentsRepository } from '../issues/comments.repository';
import { IssuesRepository } from '../issues/issues.repository';
import { LabelsRepository } from '../issues/labels.repository';
import { OrgsRepository } from '../orgs/orgs.repository';
import { PullsRepository } from '../pulls/pulls.repository';
import { ReleasesRepository } from '../releases/releases.repository';
import { ReposRepository } from '../repos/repos.repository';
import { UsersRepository } from '../users/users.repository';
import { DemoSeedService } from './demo-seed.service';

/**
 * The demo seed. It writes history (past timestamps) that no service would, so it uses
 * the repository classes directly; they hold no state besides the shared connection.
 */
@Module({
  imports: [GitModule],
  providers: [
    UsersRepository,
    OrgsRepository,
    ReposRepository,
    IssuesRepository,
    IssuePropertiesRepository,
    LabelsRepository,
    CommentsRepository,
    PullsRepository,
    ReleasesRepository,
    LedgerRepository,
    EventsRepository,
    PullDetailsRepository,
    CommitRecordsRepository,
    UploadStore,
    UploadsRepository,
    BuildsRepository,
    DemoSeedService,
  ],
  exports: [DemoSeedService],
})
export class SeedModule {}
