import { Transform, type TransformFnParams } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import type {
  AccessRole,
  CreateRepositoryRequest,
  CreateVisibility,
  ListRepositoriesQuery,
  UpdateRepositoryRequest,
} from '@shared/platform/types';
import { PageQueryDto, toBooleanParam } from '../http/paging';
import type { RepoOrder } from './repo.types';

/** `POST /{slug}/-/repos`. */
export class CreateRepoDto implements CreateRepositoryRequest {
  @IsString()
  @MaxLength(100)
  name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string;

  /** Published default: public. */
  @IsOptional()
  @IsIn(['public', 'private', 'secret'])
  visibility: CreateVisibility = 'public';

  @IsOptional()
  @IsString()
  @MaxLength(200)
  license?: string;
}

/** `PATCH /{repo}`. */
export class UpdateRepoDto implements UpdateRepositoryRequest {
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  site?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(50, { each: true })
  // eslint-disable-next-line no-control-regex
  @Matches(/^[^,\u0000-\u001f]+$/, {
    each: true,
    message: 'each of topics must be text without commas',
  })
  topics?: string[];

  @IsOptional()
  @IsString()
  @MaxLength(100)
  license?: string;
}

/** `GET /{slug}/-/repos` and `GET /user/repos`. */
export class ListReposQueryDto
  extends PageQueryDto
  implements Omit<ListRepositoriesQuery, 'page' | 'page_size'>
{
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @IsOptional()
  @IsIn(['last_updated_at', 'created_at', 'stars', 'slug_path', 'forks'])
  order_by?: RepoOrder;

  @IsOptional()
  @Transform(toBooleanParam)
  @IsBoolean({ message: 'desc must be true or false' })
  desc?: boolean;

  /** Only repositories of this visibility. */
  @IsOptional()
  @IsIn(['private', 'public', 'secret'])
  filter_type?: 'private' | 'public' | 'secret';

  /** Only active or only archived repositories. */
  @IsOptional()
  @IsIn(['active', 'archived'])
  status?: 'active' | 'archived';

  /** Feature flags the repositories must carry (the forge's repositories carry none). */
  @IsOptional()
  @IsString()
  @Matches(/^(KnowledgeBase|NPC|Skills)(,(KnowledgeBase|NPC|Skills))*$/, {
    message: 'flags must be a comma-joined set of KnowledgeBase, NPC, Skills',
  })
  flags?: string;

  @IsOptional()
  @IsIn(['intersection', 'union'])
  flags_match?: 'intersection' | 'union';

  /**
   * Which groups' repositories: all, the group's own (`sub`) or its sub-groups' (`grand`).
   * Sub-groups hold no repositories in the forge, so `grand` is always empty.
   */
  @IsOptional()
  @IsIn(['all', 'sub', 'grand'])
  descendant?: 'all' | 'sub' | 'grand';
}

/** `GET /user/repos`: the list's filters and the least role, Owner unless told. */
export class UserReposQueryDto extends ListReposQueryDto {
  @IsOptional()
  @IsIn(['Guest', 'Reporter', 'Developer', 'Master', 'Owner'], {
    message: 'role must be Guest, Reporter, Developer, Master or Owner',
  })
  role?: AccessRole;
}

/** Query of `POST /{repo}/-/settings/set_visibility`: the published values, in any case. */
export class SetVisibilityQueryDto {
  @Transform(({ value }: TransformFnParams): unknown =>
    typeof value === 'string' ? value.toLowerCase() : value,
  )
  @IsIn(['public', 'private', 'secret'], {
    message: 'visibility must be Private, Public or Secret',
  })
  visibility!: CreateVisibility;
}
