import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { BOOLEAN_MESSAGE, toBool, toInt, toNumber, toTrimmed } from '../../common/config/env';

/** Every environment variable the forge reads, with its default. */
export class ForgeEnvironment {
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  FORGE_PORT = 3001;

  @Transform(toTrimmed)
  @IsString()
  @MinLength(1)
  FORGE_HOST = '127.0.0.1';

  @Transform(toTrimmed)
  @IsString()
  @MaxLength(4096)
  DATA_DIR = './data';

  @Transform(toTrimmed)
  @IsIn(['demo', 'none'])
  FORGE_SEED = 'demo';

  @IsOptional()
  @Transform(toTrimmed)
  @Matches(/^[A-Za-z0-9._~+/=-]{16,200}$/, {
    message: '$property must be 16 to 200 URL-safe characters',
  })
  FORGE_ADMIN_TOKEN?: string;

  @IsOptional()
  @Transform(toTrimmed)
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: '$property must be an http(s) URL' },
  )
  FORGE_PUBLIC_URL?: string;

  @IsOptional()
  @Transform(toTrimmed)
  @IsISO8601({ strict: true }, { message: '$property must be an ISO 8601 time' })
  FORGE_SEED_EPOCH?: string;

  @Transform(toBool)
  @IsBoolean({ message: BOOLEAN_MESSAGE })
  FORGE_SIMULATE = false;

  /** How often the NPC simulator acts (milliseconds). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  FORGE_SIMULATE_INTERVAL_MS = 180_000;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60_000)
  FORGE_LATENCY_MS = 0;

  @Transform(toNumber)
  @IsNumber({}, { message: '$property must be a number' })
  @Min(0)
  @Max(1)
  FORGE_FAULT_RATE = 0;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  FORGE_RATE_LIMIT = 0;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  FORGE_UPLOAD_QUOTA_BYTES = 1024 * 1024 * 1024;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  FORGE_UPLOAD_MAX_FILES = 1000;

  @Transform(toInt)
  @IsInt()
  @Min(1024)
  FORGE_MAX_PUSH_BYTES = 512 * 1024 * 1024;

  @Transform(toBool)
  @IsBoolean({ message: BOOLEAN_MESSAGE })
  FORGE_PROTECT_DEFAULT_BRANCH = true;

  @Transform(toBool)
  @IsBoolean({ message: BOOLEAN_MESSAGE })
  FORGE_EXTENSIONS = true;
}
