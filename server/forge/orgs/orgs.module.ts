import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { OrgsController } from './orgs.controller';
import { OrgsRepository } from './orgs.repository';
import { OrgsService } from './orgs.service';

/** Organizations, namespaces and roles. */
@Module({
  imports: [UsersModule],
  controllers: [OrgsController],
  providers: [OrgsRepository, OrgsService],
  exports: [OrgsService],
})
export class OrgsModule {}
