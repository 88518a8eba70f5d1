import { Module } from '@nestjs/common';
import { NpcWorkModule } from '../npc-work/npc-work.module';
import { OrgsController } from './orgs.controller';
import { OrgsService } from './orgs.service';

/** Covered organizations and their cards. */
@Module({
  imports: [NpcWorkModule],
  controllers: [OrgsController],
  providers: [OrgsService],
  exports: [OrgsService],
})
export class OrgsModule {}
