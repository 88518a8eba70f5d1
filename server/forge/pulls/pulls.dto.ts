import { Transform, Type, type TransformFnParams } from 'class-transformer';
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
import { PageQueryDto } from '../http/paging';

/**
 * A branch name as git accepts it (check-ref-format, simplified): no leading `-` or
 * `/`, no `..`, `//`, `@{`, control characters, spaces or `~^:?*[\`, no trailing `/`,
 * `.` or `.lock`.
 */
export const BRANCH_NAME =
  // eslint-disable-next-line no-control-regex
  /^(?![-/])(?!.*(?:\.\.|\/\/|@\{|\/\.|\.lock$|[/.]$))[^\u0000-\u0020\u007f~^:?*[\\]{1,200}$/;

/** `POST /{repo}/-/pulls` (`api.PullCreationForm`). */
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

  /** The repository of `head` (`org/repo`); the forge opens pulls within one repository. */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  head_repo?: string;
}

const OPERATOR_MESSAGE = '$property must be contains_any or contains_all';
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DAY_MESSAGE = '$property must be a date as YYYY-MM-DD';

/** Query of the pull lists, with the published filters (comma-joined names). */
export class ListPullsQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn(['open', 'closed', 'all'])
  state?: PullListState;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  authors?: string;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  reviewers?: string;

  @IsOptional()
  @IsIn(['contains_any', 'contains_all'], { message: OPERATOR_MESSAGE })
  reviewers_operator?: 'contains_any' | 'contains_all';

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  assignees?: string;

  @IsOptional()
  @IsIn(['contains_any', 'contains_all'], { message: OPERATOR_MESSAGE })
  assignees_operator?: 'contains_any' | 'contains_all';

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  labels?: string;

  @IsOptional()
  @IsIn(['contains_any', 'contains_all'], { message: OPERATOR_MESSAGE })
  labels_operator?: 'contains_any' | 'contains_all';

  @IsOptional()
  @IsString()
  @MaxLength(255)
  base_ref?: string;

  @IsOptional()
  @Matches(DAY, { message: DAY_MESSAGE })
  updated_time_begin?: string;

  @IsOptional()
  @Matches(DAY, { message: DAY_MESSAGE })
  updated_time_end?: string;

  @IsOptional()
  @IsIn(['created_at', '-created_at', 'updated_at', '-updated_at'], {
    message: 'order_by must be created_at, -created_at, updated_at or -updated_at',
  })
  order_by?: 'created_at' | '-created_at' | 'updated_at' | '-updated_at';
}

/** `POST /{repo}/-/pulls/{number}/comments` and the comment edit (the body alone). */
export class CreatePullCommentDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(65_536)
  body!: string;
}

/** The review events the forge keeps; the published names, in any case. */
const REVIEW_EVENTS = ['approve', 'comment', 'request_changes'] as const;

/** A lower-case copy of a string value; anything else stays for the validator to refuse. */
function lowerCase({ value }: TransformFnParams): unknown {
  return typeof value === 'string' ? value.toLowerCase() : value;
}

/**
 * A review's comment (`api.PullReviewCommentCreationForm`): on lines `start_line` to
 * `end_line` of a changed file, each on the `left` (old) or `right` (new) side of the
 * diff, or on the whole file (`subject_type: file`, no lines). `line` is the forge's
 * shorthand for a one-line comment.
 */
export class PullReviewCommentDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(1000)
  path!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(65_536)
  body!: string;

  @IsOptional()
  @IsIn(['line', 'file'], { message: 'subject_type must be line or file' })
  subject_type?: 'line' | 'file';

  @IsOptional()
  @IsInt()
  @Min(1)
  start_line?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  end_line?: number;

  @IsOptional()
  @IsIn(['left', 'right'], { message: 'start_side must be left or right' })
  start_side?: 'left' | 'right';

  @IsOptional()
  @IsIn(['left', 'right'], { message: 'end_side must be left or right' })
  end_side?: 'left' | 'right';

  @IsOptional()
  @IsInt()
  @Min(1)
  line?: number;
}

/**
 * `POST /{repo}/-/pulls/{number}/reviews` (`api.PullReviewCreationForm`). A `pending`
 * review (a draft only its author sees) is not kept by the forge and is refused.
 */
export class CreatePullReviewDto {
  @Transform(lowerCase)
  @IsIn(REVIEW_EVENTS, {
    message:
      'event must be approve, comment or request_changes (the forge keeps no pending draft reviews)',
  })
  event!: (typeof REVIEW_EVENTS)[number];

  @IsOptional()
  @IsString()
  @MaxLength(65_536)
  body?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => PullReviewCommentDto)
  comments?: PullReviewCommentDto[];
}

/** `GET /{repo}/-/pull-in-batch?n=1,2,3`. */
export class PullBatchQueryDto {
  @IsString()
  @Matches(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,99}$/, {
    message: 'n must be 1 to 100 comma-separated pull request numbers',
  })
  n!: string;
}

/** `PATCH /{repo}/-/pulls/{number}` (`api.PatchPullForm`): each field optional. */
export class UpdatePullDto {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title?: string;

  @IsOptional()
  @IsString()
  @MaxLength(65_536)
  body?: string;

  @IsOptional()
  @IsIn(['open', 'closed'], { message: 'state must be open or closed' })
  state?: 'open' | 'closed';
}

/** `PUT /{repo}/-/pulls/{number}/merge` (`api.MergePullRequest`). */
export class MergePullDto {
  @IsOptional()
  @IsIn(['merge', 'squash', 'rebase'], { message: 'merge_style must be merge, squash or rebase' })
  merge_style?: 'merge' | 'squash' | 'rebase';

  @IsOptional()
  @IsString()
  @MaxLength(255)
  commit_title?: string;

  @IsOptional()
  @IsString()
  @MaxLength(65_536)
  commit_message?: string;
}
