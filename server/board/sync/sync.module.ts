import { Global, Module } from '@nestjs/common';
import { ReadProgress } from '../cache/route-cache.ports';
import { BackgroundReads } from './background-reads';
import { IssueFactsService } from './issue-facts.service';
import { IssueMirror } from './issue-mirror';
import { NpcPullsService } from './npc-pulls.service';
import { NpcRunReads } from './npc-run-reads';
import { NpcRunsService } from './npc-runs.service';
import { NpcWorkService } from './npc-work.service';
import { RepoActivityService } from './repo-activity.service';
import { SyncCycle } from './sync-cycle';

/**
 * The board's model of the platform beyond the response caches
 * (docs/architecture.md#the-model-and-its-sync): the held issue sets of organizations
 * without an organization-wide issue list, the conversations, commit splits and NPC runs
 * the enrichments need, the background reads that fill them in, and the sync cycle that
 * looks for changes each cache life. Global, since the route cache and every read module
 * use it.
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
    NpcRunReads,
    NpcRunsService,
    NpcWorkService,
    SyncCycle,
  ],
  exports: [
    BackgroundReads,
    ReadProgress,
    IssueMirror,
    NpcPullsService,
    NpcRunReads,
    NpcRunsService,
    NpcWorkService,
    RepoActivityService,
    SyncCycle,
  ],
})
export class SyncModule {}
