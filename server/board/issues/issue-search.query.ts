import {
  IsBooleanParam,
  IsFullNameParam,
  IsOneOfParam,
  IsPositiveIntParam,
  IsSlugParam,
  OptionalParam,
} from '../common/query-rules';

export const ATTENTION_FILTERS = ['stuck', 'overdue', 'any'] as const;
export type AttentionFilter = (typeof ATTENTION_FILTERS)[number];

/** Query of `GET /api/issues`. */
export class IssueSearchQuery {
  @OptionalParam()
  @IsSlugParam()
  org?: string;

  @OptionalParam()
  @IsOneOfParam(['open', 'closed'])
  state?: 'open' | 'closed';

  @OptionalParam()
  @IsBooleanParam()
  npc?: boolean;

  @OptionalParam()
  @IsSlugParam()
  npc_handle?: string;

  /** One repository, `<org>/<repo>`. */
  @OptionalParam()
  @IsFullNameParam()
  repo?: string;

  /** Only issues that need attention: stuck, overdue, or either. */
  @OptionalParam()
  @IsOneOfParam(ATTENTION_FILTERS)
  attention?: AttentionFilter;

  @OptionalParam()
  @IsPositiveIntParam()
  page?: number;

  @OptionalParam()
  @IsPositiveIntParam(500)
  page_size?: number;
}

/** Query of `GET /api/repos/:full_name/issues`. */
export class RepoIssuesQuery {
  @OptionalParam()
  @IsOneOfParam(['open', 'closed'])
  state?: 'open' | 'closed';
}
