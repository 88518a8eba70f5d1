import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsIP,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  Validate,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { validateCronExpression } from 'cron';
import { SLUG_PATTERN } from '@shared/platform/paths';
import {
  BOOLEAN_MESSAGE,
  toBool,
  toInt,
  toList,
  toNumber,
  toTrimmed,
} from '../../common/config/env';

@ValidatorConstraint({ name: 'cron' })
class IsCronExpression implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && validateCronExpression(value).valid;
  }
  defaultMessage(): string {
    return '$property must be a cron expression such as "0 * * * *"';
  }
}

const HTTP_URL = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };
const URL_MESSAGE = '$property must be an http(s) URL';

/**
 * Every environment variable the board reads (docs/architecture.md#configuration), with
 * its default. Read through `loadBoardConfig`; nothing else in the board touches
 * `process.env`.
 */
export class BoardEnvironment {
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @Transform(toTrimmed)
  @IsString()
  @MinLength(1)
  HOST = '127.0.0.1';

  @Transform(toTrimmed)
  @Matches(/^\/?([A-Za-z0-9._~-]+\/?)*$/, {
    message: '$property must be a URL path such as /board/',
  })
  BASE_PATH = '/';

  @IsOptional()
  @Transform(toTrimmed)
  @IsUrl(HTTP_URL, { message: URL_MESSAGE })
  PLATFORM_BASE_URL?: string;

  @IsOptional()
  @Transform(toTrimmed)
  @IsString()
  PLATFORM_TOKEN?: string;

  @IsOptional()
  @Transform(toTrimmed)
  @IsUrl(HTTP_URL, { message: URL_MESSAGE })
  PLATFORM_WEB_URL?: string;

  @IsOptional()
  @Transform(toTrimmed)
  @IsUrl(HTTP_URL, { message: URL_MESSAGE })
  GIT_BASE_URL?: string;

  @IsOptional()
  @Transform(toList)
  @Matches(SLUG_PATTERN, { each: true, message: '$property must list organization slugs' })
  BOARD_ORGS?: string[];

  @Transform(toList)
  @Matches(SLUG_PATTERN, { each: true, message: '$property must list usernames' })
  NPC_HANDLES: string[] = ['npc-builder', 'npc-reviewer', 'npc-tester'];

  @Transform(toInt)
  @IsInt()
  @Min(1000)
  CACHE_TTL_MS = 300_000;

  @Transform(toTrimmed)
  @Validate(IsCronExpression)
  SNAPSHOT_CRON = '0 * * * *';

  @Transform(toNumber)
  @IsNumber({}, { message: '$property must be a number' })
  @Min(0)
  CREDIT_ALERT_THRESHOLD = 50;

  @Transform(toTrimmed)
  @Matches(/^(platform|manual|file:.+)$/, {
    message: '$property must be platform, manual or file:<path>',
  })
  CREDITS_SOURCE = 'platform';

  @IsOptional()
  @Transform(toTrimmed)
  @MinLength(16, { message: '$property must be at least 16 characters' })
  ADMIN_TOKEN?: string;

  @IsOptional()
  @Transform(toTrimmed)
  @Matches(/^[A-Za-z0-9-]+$/, { message: '$property must be an HTTP header name' })
  ADMIN_TRUSTED_HEADER?: string;

  @IsOptional()
  @Transform(toList)
  @IsString({ each: true })
  ADMIN_USERS?: string[];

  @IsOptional()
  @Transform(toList)
  @IsIP(undefined, { each: true, message: '$property must list IP addresses' })
  TRUSTED_PROXIES?: string[];

  @IsOptional()
  @Transform(toTrimmed)
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['redis', 'rediss'] },
    { message: '$property must be a redis:// or rediss:// URL' },
  )
  REDIS_URL?: string;

  @Transform(toTrimmed)
  @IsString()
  @MaxLength(4096)
  DATA_DIR = './data';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  FORGE_PORT = 3001;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean({ message: BOOLEAN_MESSAGE })
  FORGE_SIMULATE?: boolean;

  @Transform(toTrimmed)
  @IsIn(['demo', 'none'])
  FORGE_SEED = 'demo';

  @IsOptional()
  @Transform(toTrimmed)
  @Matches(/^[A-Za-z0-9._~+/=-]{16,200}$/, {
    message: '$property must be 16 to 200 URL-safe characters',
  })
  FORGE_ADMIN_TOKEN?: string;
}
