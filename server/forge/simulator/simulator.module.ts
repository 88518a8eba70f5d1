import { Module } from '@nestjs/common';
import { BuildsModule } from '../builds/builds.module';
import { BuildsRepository } from '../builds/builds.repository';
import { LedgerRepository } from '../credits/ledger.repository';
import { CommentsRepository } from '../issues/comments.repository';
import { IssuesRepository } from '../issues/issues.repository';
import { LabelsRepository } from '../issues/labels.repository';
import { EventsModule } from '../events/events.module';
import { GitModule } from '../git/git.module';
import { TransportModule } from '../transport/transport.module';
import { NpcPusher } from './npc-pusher';
import { NpcSimulatorService } from './npc-simulator.service';
import { SimulatorRepository } from './simulator.repository';

/** The demo NPC simulator (FORGE_SIMULATE). */
@Module({
  imports: [GitModule, TransportModule, EventsModule, BuildsModule],
  providers: [
    NpcPusher,
    SimulatorRepository,
    IssuesRepository,
    CommentsRepository,
    LabelsRepository,
    LedgerRepository,
    BuildsRepository,
    NpcSimulatorService,
  ],
  exports: [NpcSimulatorService],
})
export class SimulatorModule {}
