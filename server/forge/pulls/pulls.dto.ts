import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
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

/** `POST /{repo}/-/pulls/{number}/comments`. */
export class CreatePullCommentDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(65_536)
  body!: string;
}

/** A review's comment on one line of a changed file. */
export class PullReviewLineCommentDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(1000)
  path!: string;

  @IsInt()
  @Min(1)
  line!: number;

  @IsString()
  @IsNotEmpty()
  @MaxLength(65_536)
  body!: string;
}

/** `POST /{repo}/-/pulls/{number}/reviews`. */
export class CreatePullReviewDto {
  @IsIn(['APPROVE', 'REQUEST_CHANGES', 'COMMENT'], {
    message: 'event must be APPROVE, REQUEST_CHANGES or COMMENT',
  })
  event!: 'APPROVE' | 'REQUEST_CHANGES' | 'COMMENT';

  @IsOptional()
  @IsString()
  @MaxLength(65_536)
  body?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => PullReviewLineCommentDto)
  comments?: PullReviewLineCommentDto[];
}

/** `GET /{repo}/-/pull-in-batch?n=1,2,3`. */
export class PullBatchQueryDto {
  @IsString()
  @Matches(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,99}$/, {
    message: 'n must be 1 to 100 comma-separated pull request numbers',
  })
  n!: string;
}
