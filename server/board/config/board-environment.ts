import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
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
} from 'class-validator';
import { ALERT_LANGUAGES, type AlertLanguage } from '@shared/board/alerts';
import { SLUG_PATTERN } from '@shared/platform/paths';
import {
  BOOLEAN_MESSAGE,
  toBool,
  toInt,
  toList,
  toNumber,
  toTrimmed,
} from '../../common/config/env';
import { IsAddressOrRange, IsCronExpression, IsHostOrRange, IsTimeZone } from './env-validators';

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

  @Transform(toInt)
  @IsInt()
  @Min(1)
  PLATFORM_MAX_CALLS_PER_HOUR = 3000;

  @Transform(toNumber)
  @IsNumber({}, { message: '$property must be a number' })
  @Min(0.1, { message: '$property must be at least 0.1 hours' })
  FULL_RESYNC_HOURS = 6;

  @IsOptional()
  @Transform(toNumber)
  @IsNumber({}, { message: '$property must be a number' })
  @Min(1, { message: '$property must be at least 1 minute' })
  ISSUE_SWEEP_MINUTES?: number;

  @Transform(toTrimmed)
  @Validate(IsCronExpression)
  SNAPSHOT_CRON = '0 * * * *';

  @Transform(toNumber)
  @IsNumber({}, { message: '$property must be a number' })
  @Min(0)
  CREDIT_ALERT_THRESHOLD = 50;

  @Transform(toNumber)
  @IsNumber({}, { message: '$property must be a number' })
  @Min(0.001, { message: '$property must be a positive number of minutes' })
  PICKUP_SLO_MINUTES = 60;

  @Transform(toNumber)
  @IsNumber({}, { message: '$property must be a number' })
  @Min(0.001, { message: '$property must be a positive number of hours' })
  STUCK_AFTER_HOURS = 24;

  @Transform(toNumber)
  @IsNumber({}, { message: '$property must be a number' })
  @Min(0.001, { message: '$property must be a positive number of minutes' })
  RUN_MAX_MINUTES = 60;

  @Transform(toInt)
  @IsInt({ message: '$property must be a whole number' })
  @Min(1, { message: '$property must be at least 1' })
  FAILED_RUNS_IN_A_ROW = 3;

  @Transform(toNumber)
  @IsNumber({}, { message: '$property must be a number' })
  @Min(0.001, { message: '$property must be a positive number of days' })
  RUNWAY_ALERT_DAYS = 7;

  @Transform(toNumber)
  @IsNumber({}, { message: '$property must be a number' })
  @Min(0.001, { message: '$property must be a positive number of hours' })
  ALERT_REPEAT_HOURS = 24;

  @Transform(toInt)
  @IsInt({ message: '$property must be a whole number' })
  @Min(1, { message: '$property must be at least 1' })
  WIP_SOFT_LIMIT = 10;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: '$property must be a whole number' })
  @Min(1, { message: '$property must be at least 1' })
  WIP_HARD_LIMIT?: number;

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
  @Validate(IsAddressOrRange, { each: true })
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

  @Transform(toInt)
  @IsInt()
  @Min(1)
  CACHE_MAX_ENTRIES = 5000;

  @Transform(toInt)
  @IsInt()
  @Min(1024 * 1024, { message: '$property must be at least 1048576 (1 MB)' })
  CACHE_MAX_BYTES = 64 * 1024 * 1024;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  ANON_MISSES_PER_MINUTE = 120;

  @Transform(toBool)
  @IsBoolean({ message: BOOLEAN_MESSAGE })
  BOARD_PUBLIC_ONLY = false;

  @IsOptional()
  @Transform(toTrimmed)
  @Matches(/^[A-Za-z0-9._~+/=-]{16,200}$/, {
    message: '$property must be 16 to 200 URL-safe characters',
  })
  FORGE_ADMIN_TOKEN?: string;

  @Transform(toNumber)
  @IsNumber({}, { message: '$property must be a number' })
  @Min(0.1, { message: '$property must be at least 0.1 minutes' })
  ALERT_EVAL_MINUTES = 5;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  EVENT_STREAMS_MAX = 1000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  EVENT_STREAMS_PER_CLIENT = 100;

  @Transform(toNumber)
  @IsNumber({}, { message: '$property must be a number' })
  @Min(1, { message: '$property must be at least 1 second' })
  EVENT_HEARTBEAT_SECONDS = 15;

  @Transform(toNumber)
  @IsNumber({}, { message: '$property must be a number' })
  @Min(0, { message: '$property must be zero or more minutes' })
  ALERT_RESOLVE_AFTER_MINUTES = 10;

  @Transform(toBool)
  @IsBoolean({ message: BOOLEAN_MESSAGE })
  ALERTS_ALLOW_HTTP = false;

  @Transform(toBool)
  @IsBoolean({ message: BOOLEAN_MESSAGE })
  ALERTS_ALLOW_PRIVATE_HOSTS = false;

  /** Host names, or IP addresses and CIDR ranges, that alert channels may reach inside the network. */
  @IsOptional()
  @Transform(toList)
  @Validate(IsHostOrRange, { each: true })
  ALERTS_ALLOWED_HOSTS?: string[];

  @IsOptional()
  @Transform(toTrimmed)
  @IsUrl(HTTP_URL, { message: URL_MESSAGE })
  BOARD_PUBLIC_URL?: string;

  /** The language of alert channels that do not choose one. */
  @Transform(toTrimmed)
  @IsIn(ALERT_LANGUAGES, { message: `$property must be one of ${ALERT_LANGUAGES.join(', ')}` })
  BOARD_LANGUAGE: AlertLanguage = 'en';

  /** The time zone of the times in alert messages. */
  @Transform(toTrimmed)
  @Validate(IsTimeZone)
  BOARD_TIME_ZONE = 'UTC';

  /** Proxy of outbound alert deliveries to https:// channels. */
  @IsOptional()
  @Transform(toTrimmed)
  @IsUrl(HTTP_URL, { message: URL_MESSAGE })
  HTTPS_PROXY?: string;

  /** Proxy of outbound alert deliveries to http:// channels. */
  @IsOptional()
  @Transform(toTrimmed)
  @IsUrl(HTTP_URL, { message: URL_MESSAGE })
  HTTP_PROXY?: string;

  /** Hosts reached without the proxy: names (a leading dot for subdomains), `host:port`, `*`. */
  @IsOptional()
  @Transform(toTrimmed)
  @IsString()
  @MaxLength(4096)
  NO_PROXY?: string;
}
