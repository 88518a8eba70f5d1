import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { OrgsModule } from '../orgs/orgs.module';
import { MetaController } from './meta.controller';
import { OpenApiController, OpenApiDocument } from './openapi.controller';

/** `GET /api/meta` and `GET /api/docs`. */
@Module({
  imports: [OrgsModule, CreditsModule],
  controllers: [MetaController, OpenApiController],
  providers: [OpenApiDocument],
})
export class MetaModule {}
