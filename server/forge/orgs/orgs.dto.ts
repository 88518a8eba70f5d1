import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto, toIntegerParam } from '../common/paging';
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

/** `GET /user/groups/{slug}` and `GET /{slug}/-/sub-groups`. */
export class SubGroupsQueryDto extends PageQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @IsOptional()
  @Transform(toIntegerParam)
  @IsInt()
  access?: number;
}

/** `GET /user/groups`: its published filters (search by path, least role). */
export class MyGroupsQueryDto extends PageQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @IsOptional()
  @IsIn(['Guest', 'Reporter', 'Developer', 'Master', 'Owner'])
  role?: string;
}
