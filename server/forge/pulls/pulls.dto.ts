import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { CreatePullRequest, PullListState } from '@shared/platform/types';
import { PageQueryDto } from '../common/paging';

/**
 * A branch name as git accepts it (check-ref-format, simplified): no leading `-` or
 * `/`, no `..`, `//`, `@{`, control characters, spaces or `~^:?*[\`, no trailing `/`,
 * `.` or `.lock`.
 */
export const BRANCH_NAME =
  // eslint-disable-next-line no-control-regex
  /^(?![-/])(?!.*(?:\.\.|\/\/|@\{|\/\.|\.lock$|[/.]$))[^\u0000-\u0020\u007f~^:?*[\\]{1,200}$/;

/** `POST /{repo}/-/pulls`. */
export class CreatePullDto implements CreatePullRequest {
  @Matches(BRANCH_NAME, { message: 'base must be a branch name' })
  base!: string;

  @Matches(BRANCH_NAME, { message: 'head must be a branch name' })
  head!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title!: string;

  @IsOptional()
  @IsString()
  @MaxLength(65_536)
  body?: string;
}

/** Query of the pull lists. */
export class ListPullsQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn(['open', 'closed', 'all'])
  state?: PullListState;
}
