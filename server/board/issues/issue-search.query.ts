import { IsIn, IsOptional } from 'class-validator';
import { IsBooleanParam, IsPositiveIntParam, IsSlugParam } from '../common/query-rules';

/** Query of `GET /api/issues`. */
export class IssueSearchQuery {
  @IsOptional()
  @IsSlugParam()
  org?: string;

  @IsOptional()
  @IsIn(['open', 'closed'], { message: '$property must be open or closed' })
  state?: 'open' | 'closed';

  @IsOptional()
  @IsBooleanParam()
  npc?: boolean;

  @IsOptional()
  @IsSlugParam()
  npc_handle?: string;

  @IsOptional()
  @IsPositiveIntParam()
  page?: number;

  @IsOptional()
  @IsPositiveIntParam(500)
  page_size?: number;
}

/** Query of `GET /api/repos/:full_name/issues`. */
export class RepoIssuesQuery {
  @IsOptional()
  @IsIn(['open', 'closed'], { message: '$property must be open or closed' })
  state?: 'open' | 'closed';
}
