import { Module } from '@nestjs/common';
import { GitAdapter } from './git.adapter';
import { GitRunner } from './git-runner';

/** Git and repository folders; the data root comes from the global StorageModule. */
@Module({
  providers: [{ provide: GitRunner, useFactory: () => new GitRunner() }, GitAdapter],
  exports: [GitAdapter],
})
export class GitModule {}
