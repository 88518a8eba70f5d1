import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import type { CreateReleaseRequest } from '@shared/platform/types';

/** `POST /{repo}/-/releases`; tag and target are checked by the service (git's ref rules). */
export class CreateReleaseDto implements CreateReleaseRequest {
  @IsString()
  tag_name!: string;

  @IsOptional()
  @IsString()
  target_commitish?: string;

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
}
