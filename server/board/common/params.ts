import { IsOptional, Matches } from 'class-validator';
import { IsDaysParam, IsPositiveIntParam, IsSlugParam } from './query-rules';

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
  @IsOptional()
  @IsDaysParam()
  days: 7 | 30 = 7;
}

/** `:full_name` given as one percent-encoded segment (`org%2Frepo`). */
export class FullNameParams {
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, {
    message: 'full_name must be <org>/<repo>, each a slug',
  })
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
