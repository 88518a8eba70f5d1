import { Module } from '@nestjs/common';
import { IssueFactsService } from './issue-facts.service';
import { NpcWorkService } from './npc-work.service';
import { RepoActivityService } from './repo-activity.service';

/** NPC work signals and the people/NPC commit split, shared by the read modules. */
@Module({
  providers: [IssueFactsService, RepoActivityService, NpcWorkService],
  exports: [NpcWorkService, RepoActivityService],
})
export class NpcWorkModule {}
