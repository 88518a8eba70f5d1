import { Module } from '@nestjs/common';
import { OrgsModule } from '../orgs/orgs.module';
import { RunFiguresService } from './run-figures.service';
import { RunsController } from './runs.controller';

/** The organizations' NPC run figures (`/api/runs`), for the dashboard and the credits page. */
@Module({
  imports: [OrgsModule],
  controllers: [RunsController],
  providers: [RunFiguresService],
})
export class RunsModule {}
