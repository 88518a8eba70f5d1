import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { GitModule } from '../git/git.module';
import { ReposModule } from '../repos/repos.module';
import { UsersRepository } from '../users/users.repository';
import { BuildsController } from './builds.controller';
import { BuildsRepository } from './builds.repository';
import { BuildsService } from './builds.service';
import { NpcRunsService } from './npc-runs.service';

/** Builds: the published records, and the NPC runs mentions start. */
@Module({
  imports: [ReposModule, GitModule, CreditsModule],
  controllers: [BuildsController],
  providers: [BuildsRepository, UsersRepository, BuildsService, NpcRunsService],
  exports: [BuildsService, NpcRunsService],
})
export class BuildsModule {}
