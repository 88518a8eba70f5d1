import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Min } from 'class-validator';
import { toIntegerParam } from '../http/paging';
import type { CreateBlobRequest } from '@shared/platform/types';

/** `POST /{repo}/-/git/blobs`. */
export class CreateBlobDto implements CreateBlobRequest {
  @IsString()
  content!: string;

  @IsIn(['utf-8', 'base64'])
  encoding!: 'utf-8' | 'base64';
}

/** `GET /{repo}/-/git/raw/{ref_with_path}`: the largest file to send, 0 for the forge's own limit (none). */
export class RawQueryDto {
  @IsOptional()
  @Transform(toIntegerParam)
  @IsInt({ message: 'max_in_byte must be a whole number of bytes' })
  @Min(0)
  max_in_byte?: number;
}
