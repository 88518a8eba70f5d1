import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { IsISO8601, IsOptional } from 'class-validator';
import type { LedgerEntry, SpecialAmount } from '@shared/platform/types';
import { Access, ForgeExtension } from '../common/access.decorator';
import { PageQueryDto, toPaging } from '../common/paging';
import { CurrentPrincipal, type Principal } from '../common/principal';
import { sendPage } from '../common/send-page';
import { CreditsService } from './credits.service';

/** Query of the ledger list. */
export class LedgerQueryDto extends PageQueryDto {
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'since must be an ISO 8601 time' })
  since?: string;
}

/** An organization's credits: balance and ledger. */
@Controller()
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  /** The balance, as the real platform's `special-amount`. */
  @Get(':org/-/charge/special-amount')
  @Access({ scope: 'group-resource:r' })
  specialAmount(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
  ): SpecialAmount {
    return this.credits.specialAmount(principal, org);
  }

  /** Ledger entries since an instant (a forge extension). */
  @Get(':org/-/charge/ledger')
  @ForgeExtension()
  @Access({ scope: 'group-resource:r' })
  ledger(
    @CurrentPrincipal() principal: Principal,
    @Param('org') org: string,
    @Query() query: LedgerQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): LedgerEntry[] {
    return sendPage(reply, this.credits.entries(principal, org, query.since, toPaging(query)));
  }
}
