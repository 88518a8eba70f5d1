import { Module } from '@nestjs/common';
import { GitModule } from '../git/git.module';
import { ReposModule } from '../repos/repos.module';
import { UsersModule } from '../users/users.module';
import { CommitRecordsRepository } from './commit-records.repository';
import { CommitRenderer } from './commit-renderer';
import { CommitsController } from './commits.controller';
import { CommitsService } from './commits.service';

/** Commit history reads. */
@Module({
  imports: [ReposModule, GitModule, UsersModule],
  controllers: [CommitsController],
  providers: [CommitRenderer, CommitsService, CommitRecordsRepository],
  exports: [CommitRenderer, CommitsService, CommitRecordsRepository],
})
export class CommitsModule {}
