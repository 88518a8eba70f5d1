import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { IsISO8601, IsOptional } from 'class-validator';
import type { LedgerEntry, SpecialAmount } from '@shared/platform/types';
import { OrgAccess } from '../access/access.decorator';
import { ForgeExtension } from '../http/route-config';
import { PageQueryDto, toPaging } from '../http/paging';
import { Org, type OrgContext } from '../access/request-context';
import { sendPage } from '../http/send-page';
import { CreditsService } from './credits.service';

/** Query of the ledger list. */
export class LedgerQueryDto extends PageQueryDto {
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'since must be an ISO 8601 time' })
  since?: string;
}

/** Credits are the Masters' and Owners' business. */
const READING_CREDITS = { least: 'Master', action: 'Reading credits' } as const;

/** An organization's credits: balance and ledger. */
@Controller()
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  /** The balance, as the real platform's `special-amount`. */
  @Get(':org/-/charge/special-amount')
  @OrgAccess('group-resource:r', 'namespace', { role: READING_CREDITS })
  specialAmount(@Org() ctx: OrgContext): SpecialAmount {
    return this.credits.specialAmount(ctx);
  }

  /** Ledger entries since an instant (a forge extension). */
  @Get(':org/-/charge/ledger')
  @ForgeExtension()
  @OrgAccess('group-resource:r', 'namespace', { role: READING_CREDITS })
  ledger(
    @Org() ctx: OrgContext,
    @Query() query: LedgerQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): LedgerEntry[] {
    return sendPage(reply, this.credits.entries(ctx, query.since, toPaging(query)));
  }
}
