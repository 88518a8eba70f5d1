import { Global, Module } from '@nestjs/common';
import { Coverage } from './coverage.service';

/**
 * Which organizations and repositories the board covers and may show. Global, since every
 * read module asks it before it reads.
 */
@Global()
@Module({
  providers: [Coverage],
  exports: [Coverage],
})
export class CoverageModule {}
