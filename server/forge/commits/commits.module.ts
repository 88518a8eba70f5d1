import { Module } from '@nestjs/common';
import { GitModule } from '../git/git.module';
import { ReposModule } from '../repos/repos.module';
import { UsersModule } from '../users/users.module';
import { CommitRenderer } from './commit-renderer';
import { CommitsController } from './commits.controller';
import { CommitsService } from './commits.service';

/** Commit history reads. */
@Module({
  imports: [ReposModule, GitModule, UsersModule],
  controllers: [CommitsController],
  providers: [CommitRenderer, CommitsService],
  exports: [CommitRenderer],
})
export class CommitsModule {}
