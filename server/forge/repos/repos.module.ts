import { Module } from '@nestjs/common';
import { GitModule } from '../git/git.module';
import { OrgsModule } from '../orgs/orgs.module';
import { BranchLocksRepository } from './branch-locks.repository';
import { RepoLanguages } from './repo-languages';
import { ReposController } from './repos.controller';
import { ReposRepository } from './repos.repository';
import { ReposService } from './repos.service';

/** Repository records and access to everything inside a repository. */
@Module({
  imports: [OrgsModule, GitModule],
  controllers: [ReposController],
  providers: [ReposRepository, ReposService, RepoLanguages, BranchLocksRepository],
  exports: [ReposService, BranchLocksRepository],
})
export class ReposModule {}
