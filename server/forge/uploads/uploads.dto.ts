import { IsInt, IsString, MaxLength, Min } from 'class-validator';
import type { UploadRequest } from '@shared/platform/types';

/** `POST /{repo}/-/upload/files|imgs`. */
export class UploadRequestDto implements UploadRequest {
  @IsString()
  @MaxLength(255)
  name!: string;

  @IsInt()
  @Min(1)
  size!: number;
}

/** `?token=` of an upload URL. */
export class UploadTokenQueryDto {
  @IsString()
  @MaxLength(4096)
  token!: string;
}
