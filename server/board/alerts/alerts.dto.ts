import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { ALERT_RULES, type AlertRule } from '@shared/board/admin';
import {
  ALERT_LANGUAGES,
  CHANNEL_KINDS,
  type AlertLanguage,
  type ChannelKind,
  type SilenceRequest,
} from '@shared/board/alerts';
import { SLUG_PATTERN } from '@shared/platform/paths';
import {
  IsPositiveIntParam,
  IsSlugParam,
  OptionalField,
  OptionalParam,
  trimText,
} from '../common/query-rules';

const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

const RULES_MESSAGE = `rules must list alert rules: ${ALERT_RULES.join(', ')}`;
const KIND_MESSAGE = `kind must be one of ${CHANNEL_KINDS.join(', ')}`;

/** Body of `POST /api/admin/alerts/channels`. */
export class CreateChannelDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'On-call room' })
  @Transform(trimText)
  @IsString({ message: 'name must be a string' })
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  name!: string;

  @ApiProperty({ enum: CHANNEL_KINDS })
  @IsIn(CHANNEL_KINDS, { message: KIND_MESSAGE })
  kind!: ChannelKind;

  @ApiProperty({ maxLength: 2048, description: "The receiver's web hook address" })
  @Transform(trimText)
  @IsString({ message: 'url must be a string' })
  @MaxLength(2048, { message: 'url must be at most 2048 characters' })
  url!: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 512, description: 'Signing secret' })
  @OptionalField()
  @IsString({ message: 'secret must be a string' })
  @MinLength(1, { message: 'secret must not be empty (leave it out for none)' })
  @MaxLength(512, { message: 'secret must be at most 512 characters' })
  secret?: string;

  @ApiPropertyOptional({ enum: ALERT_RULES, isArray: true, description: 'Left out: every rule' })
  @OptionalField()
  @IsArray({ message: RULES_MESSAGE })
  @IsIn(ALERT_RULES, { each: true, message: RULES_MESSAGE })
  rules?: AlertRule[];

  @ApiPropertyOptional({
    type: [String],
    maxItems: 500,
    description: 'Left out: every organization',
  })
  @OptionalField()
  @IsArray({ message: 'orgs must list organization slugs' })
  @ArrayMaxSize(500, { message: 'orgs must list at most 500 organizations' })
  @Matches(SLUG_PATTERN, { each: true, message: 'orgs must list organization slugs' })
  orgs?: string[];

  @ApiPropertyOptional()
  @OptionalField()
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;

  @ApiPropertyOptional({
    enum: ALERT_LANGUAGES,
    description: "The language of its messages; left out: the board's (BOARD_LANGUAGE)",
  })
  @OptionalField()
  @IsIn(ALERT_LANGUAGES, { message: `language must be one of ${ALERT_LANGUAGES.join(', ')}` })
  language?: AlertLanguage;
}

/** Body of `PUT /api/admin/alerts/channels/:id`: what is left out is kept; `secret: null` clears it. */
export class UpdateChannelDto extends PartialType(OmitType(CreateChannelDto, ['secret'] as const), {
  // A field sent as null is checked (and refused), not skipped as if left out.
  skipNullProperties: false,
}) {
  @ApiPropertyOptional({ type: String, nullable: true, description: 'null clears it' })
  @ValidateIf((o: UpdateChannelDto) => o.secret !== null && o.secret !== undefined)
  @IsString({ message: 'secret must be a string or null' })
  @MinLength(1, { message: 'secret must not be empty (null clears it)' })
  @MaxLength(512, { message: 'secret must be at most 512 characters' })
  secret?: string | null;
}

/** Body of `POST /api/admin/alerts/silences`. */
export class CreateSilenceDto implements SilenceRequest {
  @ApiProperty({ enum: ALERT_RULES })
  @IsIn(ALERT_RULES, { message: `rule must be one of ${ALERT_RULES.join(', ')}` })
  rule!: AlertRule;

  /** Left out: every organization. */
  @OptionalField()
  @IsSlugParam()
  org?: string;

  /** Left out: every alert of the rule (and organization). */
  @ApiPropertyOptional({ maxLength: 400 })
  @OptionalField()
  @IsString({ message: 'alert_id must be a string' })
  @MaxLength(400, { message: 'alert_id must be at most 400 characters' })
  alert_id?: string;

  @ApiProperty({ format: 'date-time' })
  @IsISO8601({ strict: true }, { message: 'until must be an ISO 8601 time' })
  until!: string;

  @ApiProperty({ minLength: 1, maxLength: 500 })
  @Transform(trimText)
  @IsString({ message: 'note must be a string' })
  @MinLength(1, { message: 'note must not be empty' })
  @MaxLength(500, { message: 'note must be at most 500 characters' })
  note!: string;
}

/** `?limit=` of the list routes: 50 unless given, at most 500. */
export class LimitQuery {
  @OptionalParam()
  @IsPositiveIntParam(500)
  limit?: number;
}

/** `:id` of a channel or silence. */
export class IdParam {
  @Matches(ID_PATTERN, { message: 'id must be a channel or silence id' })
  @ApiProperty({ type: String, pattern: ID_PATTERN.source })
  id!: string;
}
