import { Module } from '@nestjs/common';
import { OrgsModule } from '../orgs/orgs.module';
import { NpcsController } from './npcs.controller';
import { OutcomesService } from './outcomes.service';

/** What each NPC delivers (`/api/npcs`, docs/architecture.md#npc-outcomes). */
@Module({
  imports: [OrgsModule],
  controllers: [NpcsController],
  providers: [OutcomesService],
  exports: [OutcomesService],
})
export class NpcsModule {}
