import { Module } from '@nestjs/common';
import { OrgsModule } from '../orgs/orgs.module';
import { IssuesController } from './issues.controller';
import { IssuesService } from './issues.service';

/** Issue search and the issues of one repository. */
@Module({
  imports: [OrgsModule],
  controllers: [IssuesController],
  providers: [IssuesService],
  exports: [IssuesService],
})
export class IssuesModule {}
