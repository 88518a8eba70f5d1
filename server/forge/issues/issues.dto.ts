import { Transform, Type, type TransformFnParams } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ISSUE_PRIORITIES, type IssuePriority } from '@shared/platform/types';
import type {
  AssigneesRequest,
  CreateCommentRequest,
  CreateIssueRequest,
  CreateLabelRequest,
  IssueLabelsRequest,
  IssueOrderBy,
  IssueState,
  IssueStateReason,
  ListCommentsQuery,
  UpdateIssueRequest,
} from '@shared/platform/types';
import { PageQueryDto } from '../http/paging';

/** Label names: 1–50 characters, no commas (lists are comma-joined) and no control characters. */
// eslint-disable-next-line no-control-regex
export const LABEL_NAME = /^[^,\u0000-\u001f\u007f]{1,50}$/;
const LABEL_NAME_MESSAGE =
  'each label must be 1 to 50 characters without commas or control characters';
const USERNAME_MESSAGE = 'each of assignees must be a username';
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DAY_MESSAGE = '$property must be a date as YYYY-MM-DD';
const DAY_OR_EMPTY = /^(\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]))?$/;
const DAY_OR_EMPTY_MESSAGE = '$property must be a date as YYYY-MM-DD, or empty to clear it';
const MAX_BODY = 65_536;
/** The published priorities, and `""` to unset one. */
const PRIORITY_VALUES: readonly string[] = [...ISSUE_PRIORITIES, ''];
const PRIORITY_MESSAGE = `priority must be one of ${ISSUE_PRIORITIES.join(', ')} or empty`;

const upper = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.toUpperCase() : value;

/** The published operator names, and the forge's AND / OR in any case. */
const labelsOperator = ({ value }: TransformFnParams): unknown => {
  const given: unknown = value;
  if (given === 'contains_any') return 'OR';
  if (given === 'contains_all') return 'AND';
  return upper({ value: given } as TransformFnParams);
};

/** `POST /{repo}/-/issues`. */
export class CreateIssueDto implements CreateIssueRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title!: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_BODY)
  body?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @Matches(LABEL_NAME, { each: true, message: LABEL_NAME_MESSAGE })
  labels?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(8, { message: 'assignees must hold at most 8 users' })
  @IsString({ each: true, message: USERNAME_MESSAGE })
  @MaxLength(100, { each: true })
  assignees?: string[];

  @IsOptional()
  @IsIn(PRIORITY_VALUES, { message: PRIORITY_MESSAGE })
  priority?: IssuePriority;

  @IsOptional()
  @IsBoolean()
  work_mode?: boolean;

  /** Planned start, YYYY-MM-DD. */
  @IsOptional()
  @Matches(DAY, { message: DAY_MESSAGE })
  start_date?: string;

  /** Planned end, YYYY-MM-DD, not before the start. */
  @IsOptional()
  @Matches(DAY, { message: DAY_MESSAGE })
  end_date?: string;
}

/** `PATCH /{repo}/-/issues/{number}`. */
export class UpdateIssueDto implements UpdateIssueRequest {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_BODY)
  body?: string;

  @IsOptional()
  @IsIn(['open', 'closed'])
  state?: IssueState;

  @IsOptional()
  @IsIn(['open', 'completed', 'not_planned', 'reopened'])
  state_reason?: IssueStateReason;

  @IsOptional()
  @IsIn(PRIORITY_VALUES, { message: PRIORITY_MESSAGE })
  priority?: IssuePriority;

  /** Planned start, YYYY-MM-DD; `""` clears it. */
  @IsOptional()
  @Matches(DAY_OR_EMPTY, { message: DAY_OR_EMPTY_MESSAGE })
  start_date?: string;

  /** Planned end, YYYY-MM-DD, not before the start; `""` clears it. */
  @IsOptional()
  @Matches(DAY_OR_EMPTY, { message: DAY_OR_EMPTY_MESSAGE })
  end_date?: string;
}

/** Query of `GET /{repo}/-/issues` and `GET /{org}/-/issues`. */
export class ListIssuesQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn(['open', 'closed', 'all'])
  state?: IssueState | 'all';

  @IsOptional()
  @IsString()
  @MaxLength(200)
  keyword?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  labels?: string;

  /** `contains_any` (default, published) or `contains_all`; `OR` and `AND` mean the same. */
  @IsOptional()
  @Transform(labelsOperator)
  @IsIn(['AND', 'OR'], {
    message: 'labels_operator must be contains_any, contains_all, OR or AND',
  })
  labels_operator?: 'AND' | 'OR';

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  authors?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  assignees?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  priority?: string;

  @IsOptional()
  @Matches(DAY, { message: DAY_MESSAGE })
  updated_time_begin?: string;

  @IsOptional()
  @Matches(DAY, { message: DAY_MESSAGE })
  updated_time_end?: string;

  @IsOptional()
  @Matches(DAY, { message: DAY_MESSAGE })
  close_time_begin?: string;

  @IsOptional()
  @Matches(DAY, { message: DAY_MESSAGE })
  close_time_end?: string;

  @IsOptional()
  @IsIn(['created_at', '-created_at', '-updated_at', '-last_acted_at'])
  order_by?: IssueOrderBy;
}

/** `POST /{repo}/-/issues/{number}/labels`. */
export class IssueLabelsDto implements IssueLabelsRequest {
  @IsArray()
  @ArrayMaxSize(20)
  @Matches(LABEL_NAME, { each: true, message: LABEL_NAME_MESSAGE })
  labels!: string[];
}

/** Body of the assignees endpoints. */
export class AssigneesDto implements AssigneesRequest {
  @IsArray()
  @ArrayMaxSize(8, { message: 'assignees must hold at most 8 users' })
  @IsString({ each: true, message: USERNAME_MESSAGE })
  @MaxLength(100, { each: true })
  assignees!: string[];
}

/** `PATCH /{repo}/-/issues/{number}/comments/{comment_id}` (`api.PatchIssueCommentForm`). */
export class UpdateCommentDto implements CreateCommentRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_BODY)
  body!: string;
}

/**
 * `POST /{repo}/-/issues/{number}/comments` (`api.PostIssueCommentForm`). `work_mode` is
 * accepted as published; the forge has no work mode for comments, so it changes nothing.
 */
export class CreateCommentDto extends UpdateCommentDto {
  @IsOptional()
  @IsBoolean()
  work_mode?: boolean;
}

/** Query of the comments list. */
export class ListCommentsQueryDto
  extends PageQueryDto
  implements Omit<ListCommentsQuery, 'page' | 'page_size'>
{
  /** Oldest first (`created`, the published default, or `created_at`) or newest first. */
  @IsOptional()
  @Transform(({ value }: TransformFnParams): unknown =>
    value === 'created' ? 'created_at' : value === '-created' ? '-created_at' : value,
  )
  @IsIn(['created_at', '-created_at'], {
    message: 'sort must be created, -created, created_at or -created_at',
  })
  sort?: 'created_at' | '-created_at';
}

/** `POST /{repo}/-/labels`. */
export class CreateLabelDto implements CreateLabelRequest {
  @Matches(LABEL_NAME, {
    message: 'name must be 1 to 50 characters without commas or control characters',
  })
  name!: string;

  @Matches(/^[0-9a-fA-F]{6}$/, { message: 'color must be six hex digits without #' })
  color!: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  description?: string;
}

/** `PATCH /{repo}/-/labels/{name}` (`api.PatchLabelForm`): each field optional. */
export class UpdateLabelDto {
  @IsOptional()
  @Matches(LABEL_NAME, {
    message: 'new_name must be 1 to 50 characters without commas or control characters',
  })
  new_name?: string;

  @IsOptional()
  @Matches(/^[0-9a-fA-F]{6}$/, { message: 'color must be six hex digits without #' })
  color?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  description?: string;
}

/** Query of the repository labels list. */
export class ListLabelsQueryDto extends PageQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(50)
  keyword?: string;
}

/** `GET /user/issues`: which of the caller's issues (assigned to or opened by them), then the usual filters. */
export class ListUserIssuesQueryDto extends ListIssuesQueryDto {
  @IsOptional()
  @IsIn(['assigned', 'created'], { message: 'filter must be assigned or created' })
  filter?: 'assigned' | 'created';
}

/** One entry of `PATCH /{repo}/-/issues/{number}/property`. */
export class IssuePropertyValueDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  key!: string;

  @IsString()
  @MaxLength(1000)
  value!: string;
}

/** `PATCH /{repo}/-/issues/{number}/property`: values by key; an empty value clears one. */
export class IssuePropertiesDto {
  @IsArray()
  @ArrayNotEmpty({ message: 'properties must hold at least one entry' })
  @ArrayMaxSize(50, { message: 'properties must hold at most 50 entries' })
  @ValidateNested({ each: true })
  @Type(() => IssuePropertyValueDto)
  properties!: IssuePropertyValueDto[];
}
