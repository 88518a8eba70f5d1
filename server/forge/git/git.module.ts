import { Module } from '@nestjs/common';
import { CatFilePool } from './cat-file-pool';
import { GitAdapter } from './git.adapter';
import { GitHistoryAdapter } from './git-history.adapter';
import { GitRunner } from './git-runner';
import { GitTransportAdapter } from './git-transport.adapter';
import { GitWriteAdapter } from './git-write.adapter';

/** A warm cat-file process closes after this long unused. */
const CAT_FILE_IDLE_MS = 60_000;
/** Warm processes kept at once (one per repository in use). */
const CAT_FILE_MAX = 64;

/** Git and repository folders; the data root comes from the global StorageModule. */
@Module({
  providers: [
    { provide: GitRunner, useFactory: () => new GitRunner() },
    {
      provide: CatFilePool,
      useFactory: (runner: GitRunner) =>
        new CatFilePool(runner, { idleMs: CAT_FILE_IDLE_MS, maxProcesses: CAT_FILE_MAX }),
      inject: [GitRunner],
    },
    GitAdapter,
    GitHistoryAdapter,
    GitWriteAdapter,
    GitTransportAdapter,
  ],
  exports: [GitAdapter, GitHistoryAdapter, GitWriteAdapter, GitTransportAdapter],
})
export class GitModule {}
