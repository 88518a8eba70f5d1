import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { PageQueryDto, toIntegerParam } from '../http/paging';
import type { CreateOrganizationRequest } from '@shared/platform/types';

/** `POST /groups`: a path of several names (`org/team`) creates a sub-group. */
export class CreateGroupDto implements CreateOrganizationRequest {
  @IsString()
  @MaxLength(255)
  path!: string;

  @IsOptional()
  @Matches(
    /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i,
    {
      message: 'bind_domain must be a domain name',
    },
  )
  bind_domain?: string;

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
  @Min(0)
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

/** `PUT /{group}` (`dto.UpdateGroupReq`): each field optional. */
export class UpdateGroupDto {
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  remark?: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  site?: string;

  @IsOptional()
  @IsString()
  @MaxLength(254)
  email?: string;

  /** A domain name, or empty to unbind one. */
  @IsOptional()
  @Matches(
    /^((?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+)?$/i,
    { message: 'domain must be a domain name, or empty' },
  )
  domain?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  wechat_mp?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  readme_repo_id?: string;

  @IsOptional()
  @IsString()
  @MaxLength(300)
  readme_repo_path?: string;
}
