import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { CreateBranchRequest, CreateTagRequest } from '@shared/platform/types';

/** `POST /{repo}/-/git/branches`; names are checked by the service (git's ref rules). */
export class CreateBranchDto implements CreateBranchRequest {
  @IsString()
  name!: string;

  @IsOptional()
  @IsString()
  start_point?: string;
}

/** `POST /{repo}/-/git/tags`: annotated when `message` is given. */
export class CreateTagDto implements CreateTagRequest {
  @IsString()
  name!: string;

  @IsOptional()
  @IsString()
  target?: string;

  @IsOptional()
  @IsString()
  @MaxLength(65_536)
  message?: string;
}
