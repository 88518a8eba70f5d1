import { IsIn, IsOptional, Matches } from 'class-validator';
import { IsBooleanParam, IsPositiveIntParam, IsSlugParam } from '../common/query-rules';

export const ATTENTION_FILTERS = ['stuck', 'overdue', 'any'] as const;
export type AttentionFilter = (typeof ATTENTION_FILTERS)[number];

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

  /** One repository, `<org>/<repo>`. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, {
    message: 'repo must be <org>/<repo>, each a slug',
  })
  repo?: string;

  /** Only issues that need attention: stuck, overdue, or either. */
  @IsOptional()
  @IsIn(ATTENTION_FILTERS, { message: '$property must be stuck, overdue or any' })
  attention?: AttentionFilter;

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
