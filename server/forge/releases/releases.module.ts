import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { GitModule } from '../git/git.module';
import { RefsModule } from '../refs/refs.module';
import { ReposModule } from '../repos/repos.module';
import { ReleasesController } from './releases.controller';
import { ReleasesRepository } from './releases.repository';
import { ReleasesService } from './releases.service';

/** Releases. */
@Module({
  imports: [ReposModule, GitModule, RefsModule, EventsModule],
  controllers: [ReleasesController],
  providers: [ReleasesRepository, ReleasesService],
  exports: [ReleasesService],
})
export class ReleasesModule {}
