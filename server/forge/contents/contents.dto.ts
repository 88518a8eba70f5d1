import { IsIn, IsString } from 'class-validator';
import type { CreateBlobRequest } from '@shared/platform/types';

/** `POST /{repo}/-/git/blobs`. */
export class CreateBlobDto implements CreateBlobRequest {
  @IsString()
  content!: string;

  @IsIn(['utf-8', 'base64'])
  encoding!: 'utf-8' | 'base64';
}
