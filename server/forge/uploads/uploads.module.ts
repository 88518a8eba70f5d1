import { Module } from '@nestjs/common';
import { ReposModule } from '../repos/repos.module';
import { UploadSigner } from './upload-signer';
import { UploadStore } from './upload-store';
import { UploadsController } from './uploads.controller';
import { UploadsRepository } from './uploads.repository';
import { UploadsService } from './uploads.service';

/** Attachments. */
@Module({
  imports: [ReposModule],
  controllers: [UploadsController],
  providers: [UploadSigner, UploadStore, UploadsRepository, UploadsService],
})
export class UploadsModule {}
