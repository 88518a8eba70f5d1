import { Module } from '@nestjs/common';
import { OrgsModule } from '../orgs/orgs.module';
import { ReposController } from './repos.controller';
import { ReposService } from './repos.service';

/** Repositories and pull requests. */
@Module({
  imports: [OrgsModule],
  controllers: [ReposController],
  providers: [ReposService],
  exports: [ReposService],
})
export class ReposModule {}
