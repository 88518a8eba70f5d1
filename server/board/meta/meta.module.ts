import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { OrgsModule } from '../orgs/orgs.module';
import { MetaController } from './meta.controller';

/** `GET /api/meta`. */
@Module({
  imports: [OrgsModule, CreditsModule],
  controllers: [MetaController],
})
export class MetaModule {}
