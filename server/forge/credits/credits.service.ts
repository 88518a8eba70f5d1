import { Injectable } from '@nestjs/common';
import type { DtoSpecialAmount } from '@shared/platform/published';
import type { LedgerEntry } from '@shared/platform/types';
import { InvalidError } from '../../common/errors';
import { Clock } from '../common/clock';
import type { Page, Paging } from '../http/paging';
import type { OrgContext } from '../access/request-context';
import { iso } from '../common/time';
import { OrgsService } from '../orgs/orgs.service';
import { LedgerRepository, type LedgerRow } from './ledger.repository';

/** Credits are stored in hundredths so that sums stay exact. */
const toCents = (credits: number): number => Math.round(credits * 100);
const toCredits = (cents: number): number => cents / 100;

/** Largest single top-up, to catch a typo such as an extra zero row of digits. */
const MAX_TOPUP = 10_000_000;

/** A ledger entry on the wire. */
export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: String(row.id),
    amount: toCredits(row.amount),
    balance: toCredits(row.balance),
    kind: row.kind,
    note: row.note,
    created_at: row.created_at,
    ...(row.sn === '' ? {} : { sn: row.sn, core_hours: -row.core_mh / 1000 }),
  };
}

/**
 * `dto.SpecialAmount`: the forge keeps credits and build core-hours; the other compute
 * and storage allowances are 0 and every expiry is null (permanent, as the published
 * description says of null).
 */
function toSpecialAmount(credit: number, buildCoreHours: number): DtoSpecialAmount {
  return {
    credit,
    credit_desc: '',
    credit_expire: null,
    compute_build_corehour: buildCoreHours,
    compute_build_desc: '',
    compute_build_expire: null,
    compute_build_gpu_corehour: 0,
    compute_build_gpu_desc: '',
    compute_build_gpu_expire: null,
    compute_develop_corehour: 0,
    compute_develop_desc: '',
    compute_develop_expire: null,
    compute_develop_gpu_corehour: 0,
    compute_develop_gpu_desc: '',
    compute_develop_gpu_expire: null,
    storage_git_gib: 0,
    storage_git_desc: '',
    storage_git_expire: null,
    storage_object_gib: 0,
    storage_object_desc: '',
    storage_object_expire: null,
  };
}

/** Model-call credits of each organization, kept as a ledger (spending and top-ups). */
@Injectable()
export class CreditsService {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly orgs: OrgsService,
    private readonly clock: Clock,
  ) {}

  /**
   * The current balance (`credit`) and build core-hours left, after charging the builds
   * that have finished; needs the Master or Owner role. Core-hours are published as an
   * integer: what is left, in whole core-hours, rounded down.
   */
  specialAmount(ctx: OrgContext): DtoSpecialAmount {
    const { namespace } = ctx.granted();
    this.settleBuilds();
    return toSpecialAmount(
      toCredits(this.ledger.balance(namespace.id)),
      Math.floor(this.ledger.coreHoursLeft(namespace.id) / 1000),
    );
  }

  /** Entries at or after `since`, oldest first; needs the Master or Owner role. */
  entries(ctx: OrgContext, since: string | undefined, paging: Paging): Page<LedgerEntry> {
    const { namespace } = ctx.granted();
    this.settleBuilds();
    const from = since ? new Date(since).toISOString() : '';
    const { rows, total } = this.ledger.since(namespace.id, from, paging.pageSize, paging.offset);
    return { items: rows.map(toLedgerEntry), total };
  }

  /** Charge every build that has finished by now and is not charged yet. */
  settleBuilds(): void {
    this.ledger.settleBuilds(iso(this.clock.now()));
  }

  /** Charge a stopped build for what it used: core-hours in thousandths, credits in hundredths. */
  chargeStoppedBuild(namespaceId: number, sn: string, coreMh: number, cents: number): void {
    this.ledger.append(
      namespaceId,
      -cents,
      'spend',
      `Build ${sn} (stopped)`,
      iso(this.clock.now()),
      { sn, coreMh },
    );
  }

  /** Add credits to an organization (CLI); returns the new balance. */
  topUp(slug: string, amount: number, note: string): number {
    if (!Number.isFinite(amount) || amount <= 0 || amount > MAX_TOPUP) {
      throw new InvalidError(`amount must be a number above 0 and at most ${MAX_TOPUP}`, {
        field: 'amount',
      });
    }
    const namespace = this.orgs.organization(slug);
    return toCredits(
      this.ledger.append(namespace.id, toCents(amount), 'topup', note, iso(this.clock.now()))
        .balance,
    );
  }
}
