import { Transform } from 'class-transformer';
import { IsBoolean, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import {
  ApiProperty,
  ApiPropertyOptional,
  IntersectionType,
  OmitType,
  PartialType,
  PickType,
} from '@nestjs/swagger';
import type { DispatchRequest } from '@shared/board/admin';
import {
  IsFullNameParam,
  IsPositiveIntParam,
  OptionalField,
  IsSlugParam,
  OptionalParam,
  trimText,
} from '../common/query-rules';
import {
  MAX_REASON_LENGTH,
  MAX_REQUIREMENT_LENGTH,
  MAX_TITLE_LENGTH,
} from '@shared/board/dispatch';

/** Body of `POST /api/issues/create`: dispatch a requirement to an NPC. */
export class CreateIssueDto implements DispatchRequest {
  @ApiProperty({ example: 'acme/web', description: 'Target repository, <org>/<repo>' })
  @IsString({ message: 'repo must be a string' })
  @IsFullNameParam()
  repo!: string;

  @ApiPropertyOptional({ description: "Issue title; default: the requirement's first line" })
  @OptionalField()
  @Transform(trimText)
  @IsString({ message: 'title must be a string' })
  @MaxLength(MAX_TITLE_LENGTH, { message: `title must be at most ${MAX_TITLE_LENGTH} characters` })
  title?: string;

  @ApiProperty({ description: 'The requirement, in Markdown' })
  @Transform(trimText)
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

  @ApiPropertyOptional({ description: 'Dispatch although a check blocks it (needs a reason)' })
  @OptionalField()
  @IsBoolean({ message: 'override must be true or false' })
  override?: boolean;

  @ApiPropertyOptional({
    description: 'Why the blocking checks are overridden; kept with the dispatch',
  })
  @ValidateIf(
    (body: CreateIssueDto) => body.override === true || body.override_reason !== undefined,
  )
  @Transform(trimText)
  @IsString({ message: 'override_reason must be a string' })
  @MinLength(1, { message: 'override_reason must say why the checks are overridden' })
  @MaxLength(MAX_REASON_LENGTH, {
    message: `override_reason must be at most ${MAX_REASON_LENGTH} characters`,
  })
  override_reason?: string;
}

/**
 * Body of `POST /api/issues/preflight`: the dispatch body with everything optional but
 * the repository, so the form can ask before the text is written.
 */
export class PreflightDto extends IntersectionType(
  PickType(CreateIssueDto, ['repo'] as const),
  PartialType(OmitType(CreateIssueDto, ['repo', 'override', 'override_reason'] as const), {
    // A field sent as null is checked (and refused), not skipped as if left out.
    skipNullProperties: false,
  }),
) {}

/** Body of `POST /api/admin/issues/:full_name/:number/redispatch`. */
export class RedispatchDto {
  @ApiProperty({ example: 'npc-reviewer', description: 'The NPC to hand the issue to' })
  @IsString({ message: 'npc must be a string' })
  npc!: string;

  @ApiPropertyOptional({ description: 'Why, for the comment and the dispatch history' })
  @OptionalField()
  @Transform(trimText)
  @IsString({ message: 'reason must be a string' })
  @MaxLength(MAX_REASON_LENGTH, {
    message: `reason must be at most ${MAX_REASON_LENGTH} characters`,
  })
  reason?: string;
}

/** `GET /api/admin/dispatches?limit=&npc=&org=`. */
export class DispatchesQuery {
  @OptionalParam()
  @IsPositiveIntParam(500)
  limit: number = 50;

  @OptionalParam()
  @IsSlugParam()
  npc?: string;

  @OptionalParam()
  @IsSlugParam()
  org?: string;
}
