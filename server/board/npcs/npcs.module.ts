import { Module } from '@nestjs/common';
import { NpcsController } from './npcs.controller';
import { OutcomesService } from './outcomes.service';

/** What each NPC delivers (`/api/npcs`, docs/rules.md#npc-outcomes). */
@Module({
  controllers: [NpcsController],
  providers: [OutcomesService],
  exports: [OutcomesService],
})
export class NpcsModule {}
