import { IsIn, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  API_TRIGGER_EVENT,
  BUILD_STATUSES,
  type BuildLogsQuery,
  type BuildStatus,
  type StartBuildRequest,
} from '@shared/platform/builds';
import { PageQueryDto } from '../http/paging';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `GET /{repo}/-/build/logs`: every published filter, and paging (30 by default, 100 at most). */
export class BuildLogsQueryDto extends PageQueryDto implements BuildLogsQuery {
  @IsOptional()
  @Matches(DAY, { message: 'createTime must be a date, YYYY-MM-DD' })
  createTime?: string;

  @IsOptional()
  @Matches(DAY, { message: 'endTime must be a date, YYYY-MM-DD' })
  endTime?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  event?: string;

  @IsOptional()
  @IsIn(BUILD_STATUSES, { message: `status must be one of ${BUILD_STATUSES.join(', ')}` })
  status?: BuildStatus;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  sn?: string;

  @IsOptional()
  @Matches(/^[0-9a-fA-F]{4,64}$/, { message: 'sha must be a commit id (4 to 64 hex digits)' })
  sha?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  sourceRef?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  targetRef?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  userName?: string;

  @IsOptional()
  @Matches(/^[1-9]\d{0,15}$/, { message: 'userId must be a user id' })
  userId?: string;
}

/** `POST /{repo}/-/build/start` (`dto.StartBuildReq`): every field optional. */
export class StartBuildDto implements StartBuildRequest {
  @IsOptional()
  @IsString()
  branch?: string;

  @IsOptional()
  @IsString()
  tag?: string;

  @IsOptional()
  @IsString()
  sha?: string;

  /** A YAML pipeline configuration; the forge keeps no pipelines, so it is accepted and not run. */
  @IsOptional()
  @IsString()
  @MaxLength(65_536)
  config?: string;

  @IsOptional()
  @IsObject()
  env?: Record<string, string>;

  @IsOptional()
  @Matches(API_TRIGGER_EVENT, {
    message: 'event must be api_trigger or start with api_trigger_',
  })
  event?: string;

  /** `"true"` or `"false"`, typed string as published; the forge answers at once either way. */
  @IsOptional()
  @IsIn(['true', 'false', ''], { message: 'sync must be "true" or "false"' })
  sync?: string;
}
