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
import type { DispatchRequest } from '@shared/board/admin';
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
