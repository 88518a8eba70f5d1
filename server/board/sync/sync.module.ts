import { Global, Module } from '@nestjs/common';
import { ReadProgress } from '../cache/route-cache.ports';
import { BackgroundReads } from './background-reads';
import { IssueFactsService } from './issue-facts.service';
import { IssueMirror } from './issue-mirror';
import { NpcPullsService } from './npc-pulls.service';
import { NpcRunsService } from './npc-runs.service';
import { NpcWorkService } from './npc-work.service';
import { RepoActivityService } from './repo-activity.service';

/**
 * The board's model of the platform beyond the response caches
 * (docs/architecture.md#the-model-and-its-sync): the held issue sets of organizations
 * without an organization-wide issue list, the conversations, commit splits and NPC runs
 * the enrichments need, and the background reads that fill them in. Global, since the route
 * cache and every read module use it.
 */
@Global()
@Module({
  providers: [
    BackgroundReads,
    { provide: ReadProgress, useExisting: BackgroundReads },
    IssueMirror,
    IssueFactsService,
    RepoActivityService,
    NpcPullsService,
    NpcRunsService,
    NpcWorkService,
  ],
  exports: [
    BackgroundReads,
    ReadProgress,
    IssueMirror,
    NpcPullsService,
    NpcRunsService,
    NpcWorkService,
    RepoActivityService,
  ],
})
export class SyncModule {}
