import {
  IsDaysParam,
  IsFullNameParam,
  IsPositiveIntParam,
  IsSlugParam,
  OptionalParam,
} from './query-rules';

/** `:slug` of an organization. */
export class OrgParams {
  @IsSlugParam()
  slug!: string;
}

/** `:org/:repo` of a repository. */
export class RepoParams {
  @IsSlugParam()
  org!: string;

  @IsSlugParam()
  repo!: string;
}

/** `:org/:repo/.../:number` of an issue. */
export class IssueParams extends RepoParams {
  @IsPositiveIntParam()
  number!: number;
}

/** `?days=7|30`, 7 when absent. */
export class DaysQuery {
  @OptionalParam()
  @IsDaysParam()
  days: 7 | 30 = 7;
}

/** `:full_name` given as one percent-encoded segment (`org%2Frepo`). */
export class FullNameParams {
  @IsFullNameParam()
  full_name!: string;

  /** The two parts. */
  get parts(): { org: string; repo: string } {
    const [org, repo] = this.full_name.split('/');
    return { org, repo };
  }
}

/** `:full_name/:number` with the full name percent-encoded. */
export class FullNameIssueParams extends FullNameParams {
  @IsPositiveIntParam()
  number!: number;
}
