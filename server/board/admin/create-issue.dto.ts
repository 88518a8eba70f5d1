import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  type AdminSettings,
  type DispatchRequest,
  PICKUP_SLO_MAX_MINUTES,
  STUCK_AFTER_MAX_HOURS,
} from '@shared/board/admin';
import { MAX_REQUIREMENT_LENGTH, MAX_TITLE_LENGTH } from '@shared/board/dispatch';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

/** Body of `POST /api/issues/create`: dispatch a requirement to an NPC. */
export class CreateIssueDto implements DispatchRequest {
  @ApiProperty({ example: 'acme/web', description: 'Target repository, <org>/<repo>' })
  @IsString({ message: 'repo must be a string' })
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, {
    message: 'repo must be <org>/<repo>, each a slug',
  })
  repo!: string;

  @ApiPropertyOptional({ description: "Issue title; default: the requirement's first line" })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'title must be a string' })
  @MaxLength(MAX_TITLE_LENGTH, { message: `title must be at most ${MAX_TITLE_LENGTH} characters` })
  title?: string;

  @ApiProperty({ description: 'The requirement, in Markdown' })
  @Transform(trim)
  @IsString({ message: 'requirement must be a string' })
  @MinLength(1, { message: 'requirement must not be empty' })
  @MaxLength(MAX_REQUIREMENT_LENGTH, {
    message: `requirement must be at most ${MAX_REQUIREMENT_LENGTH} characters`,
  })
  requirement!: string;

  @ApiProperty({ example: 'npc-builder', description: 'One of the configured NPC handles' })
  @IsString({ message: 'npc must be a string' })
  npc!: string;

  @ApiProperty({ description: 'Let the NPC work on its own (work mode)' })
  @IsBoolean({ message: 'work_mode must be true or false' })
  work_mode!: boolean;
}

/** Body of `PUT /api/admin/settings`: any subset of the settings; absent ones are kept. */
export class SettingsDto implements Partial<AdminSettings> {
  @ApiPropertyOptional({ example: 50, description: 'Balances below this are shown in red' })
  @IsOptional()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'credit_alert_threshold must be a number' },
  )
  @Min(0, { message: 'credit_alert_threshold must not be negative' })
  @Max(1_000_000_000, { message: 'credit_alert_threshold must be at most 1000000000' })
  credit_alert_threshold?: number;

  @ApiPropertyOptional({
    example: 60,
    description: 'An assigned NPC issue with no NPC comment after this many minutes is overdue',
  })
  @IsOptional()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'pickup_slo_minutes must be a number' },
  )
  @Min(0.001, { message: 'pickup_slo_minutes must be positive' })
  @Max(PICKUP_SLO_MAX_MINUTES, {
    message: `pickup_slo_minutes must be at most ${PICKUP_SLO_MAX_MINUTES} (a week)`,
  })
  pickup_slo_minutes?: number;

  @ApiPropertyOptional({
    example: 24,
    description: 'An in-progress NPC issue with no NPC activity for this many hours is stuck',
  })
  @IsOptional()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'stuck_after_hours must be a number' },
  )
  @Min(0.001, { message: 'stuck_after_hours must be positive' })
  @Max(STUCK_AFTER_MAX_HOURS, {
    message: `stuck_after_hours must be at most ${STUCK_AFTER_MAX_HOURS} (30 days)`,
  })
  stuck_after_hours?: number;
}
