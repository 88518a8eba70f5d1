import { Module } from '@nestjs/common';
import { GitModule } from '../git/git.module';
import { ReposModule } from '../repos/repos.module';
import { ContentsController } from './contents.controller';
import { ContentsService } from './contents.service';

/** Files and folders inside repositories. */
@Module({
  imports: [ReposModule, GitModule],
  controllers: [ContentsController],
  providers: [ContentsService],
})
export class ContentsModule {}
