import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { CreateOrganizationRequest } from '@shared/platform/types';

/** `POST /groups`. */
export class CreateGroupDto implements CreateOrganizationRequest {
  @IsString()
  @MaxLength(100)
  path!: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  remark?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string;
}
