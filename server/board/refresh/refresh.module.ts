import { Global, Module } from '@nestjs/common';
import { IssueMirror } from './issue-mirror';

/** The held issue sets of organizations without an organization-wide issue list. */
@Global()
@Module({
  providers: [IssueMirror],
  exports: [IssueMirror],
})
export class RefreshModule {}
