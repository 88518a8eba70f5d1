import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { CreateReleaseRequest } from '@shared/platform/types';

/** `PATCH /{repo}/-/releases/{release_id}`: each field optional. */
export class UpdateReleaseDto {
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(65_536)
  body?: string;

  @IsOptional()
  @IsBoolean()
  draft?: boolean;

  @IsOptional()
  @IsBoolean()
  prerelease?: boolean;

  /** Whether this release becomes the latest: `true`, `false`, or `legacy` (by date). */
  @IsOptional()
  @IsIn(['true', 'false', 'legacy'], { message: 'make_latest must be true, false or legacy' })
  make_latest?: 'true' | 'false' | 'legacy';
}

/**
 * `POST /{repo}/-/releases`: an edit's fields with the tag and the target, which the service
 * checks by git's ref rules.
 */
export class CreateReleaseDto extends UpdateReleaseDto implements CreateReleaseRequest {
  @IsString()
  tag_name!: string;

  @IsOptional()
  @IsString()
  target_commitish?: string;
}

/** `GET /{repo}/-/releases/download/{tag}/{filename}`: `share` is accepted; links are never shared. */
export class DownloadQueryDto {
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'share must be true or false' })
  share?: string;
}
