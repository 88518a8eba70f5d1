import { Module } from '@nestjs/common';
import { LedgerRepository } from '../credits/ledger.repository';
import { CommentsRepository } from '../issues/comments.repository';
import { IssuesRepository } from '../issues/issues.repository';
import { LabelsRepository } from '../issues/labels.repository';
import { NpcSimulatorService } from './npc-simulator.service';
import { SimulatorRepository } from './simulator.repository';

/** The demo NPC simulator (FORGE_SIMULATE). */
@Module({
  providers: [
    SimulatorRepository,
    IssuesRepository,
    CommentsRepository,
    LabelsRepository,
    LedgerRepository,
    NpcSimulatorService,
  ],
  exports: [NpcSimulatorService],
})
export class SimulatorModule {}
