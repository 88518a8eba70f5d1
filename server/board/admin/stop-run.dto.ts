import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength } from 'class-validator';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_REASON_LENGTH } from '@shared/board/dispatch';
import type { StopRunRequest } from '@shared/board/runs';
import { IsFullNameParam, OptionalField, trimText } from '../common/query-rules';

/** A build number as the platform writes them (`cnb-1qa-1i3f5ecau`). */
export const RUN_SN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** `GET /api/admin/runs?repo=&sn=`: one run as it stands, with its core-hours so far. */
export class RunQuery {
  @ApiProperty({ example: 'acme/web', description: "The run's repository, <org>/<repo>" })
  @IsString({ message: 'repo must be a string' })
  @IsFullNameParam()
  repo!: string;

  @ApiProperty({ example: 'cnb-1qa-1i3f5ecau', description: 'The build number of the run' })
  @IsString({ message: 'sn must be a string' })
  @Matches(RUN_SN, { message: 'sn must be a build number (letters, digits, ".", "_", "-")' })
  sn!: string;
}

/** Body of `POST /api/admin/runs/stop`: stop a running NPC run. */
export class StopRunDto extends RunQuery implements StopRunRequest {
  @ApiPropertyOptional({ description: 'Why, for the dispatch history' })
  @OptionalField()
  @Transform(trimText)
  @IsString({ message: 'reason must be a string' })
  @MaxLength(MAX_REASON_LENGTH, {
    message: `reason must be at most ${MAX_REASON_LENGTH} characters`,
  })
  reason?: string;
}
