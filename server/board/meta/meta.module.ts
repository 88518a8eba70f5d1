import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { MetaController } from './meta.controller';
import { OpenApiController, OpenApiDocument } from './openapi.controller';

/** `GET /api/meta` and `GET /api/docs`. */
@Module({
  imports: [CreditsModule],
  controllers: [MetaController, OpenApiController],
  providers: [OpenApiDocument],
})
export class MetaModule {}
