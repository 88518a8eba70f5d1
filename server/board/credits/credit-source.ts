import * as fs from 'node:fs/promises';
import { isSlug } from '@shared/platform/paths';
import type { PlatformClient } from '../platform/platform-client';
import type { BoardStore } from '../store/board-store';

/** One organization's balance, or why there is none. */
export type BalanceResult = { ok: true; balance: number } | { ok: false; reason: string };

/** Where balances come from (`CREDITS_SOURCE`, docs/architecture.md#the-store). */
export abstract class CreditSource {
  abstract readonly kind: 'platform' | 'file' | 'manual';

  /** Current balance of each organization; one failure does not affect the others. */
  abstract balances(orgs: readonly string[]): Promise<Map<string, BalanceResult>>;
}

/** `credit` of `GET /{slug}/-/charge/special-amount`, one call per organization. */
export class PlatformCreditSource extends CreditSource {
  readonly kind = 'platform';

  constructor(private readonly platform: PlatformClient) {
    super();
  }

  async balances(orgs: readonly string[]): Promise<Map<string, BalanceResult>> {
    const results = await Promise.all(
      orgs.map(async (org): Promise<[string, BalanceResult]> => {
        try {
          const { credit } = await this.platform.getSpecialAmount(org);
          if (typeof credit !== 'number' || !Number.isFinite(credit)) {
            return [org, { ok: false, reason: 'the platform answered without a numeric credit' }];
          }
          return [org, { ok: true, balance: credit }];
        } catch (error) {
          return [
            org,
            { ok: false, reason: `the platform refused the balance: ${(error as Error).message}` },
          ];
        }
      }),
    );
    return new Map(results);
  }
}

/** A JSON object `{slug: balance}` in a file, read again whenever it changes. */
export class FileCreditSource extends CreditSource {
  readonly kind = 'file';
  private cached: { mtimeMs: number; balances: Record<string, number> } | null = null;

  constructor(private readonly file: string) {
    super();
  }

  async balances(orgs: readonly string[]): Promise<Map<string, BalanceResult>> {
    let balances: Record<string, number>;
    try {
      balances = await this.read();
    } catch (error) {
      const reason = `the credits file ${this.file} cannot be used: ${(error as Error).message}`;
      return new Map(orgs.map((org) => [org, { ok: false, reason }]));
    }
    return new Map(
      orgs.map((org): [string, BalanceResult] =>
        org in balances
          ? [org, { ok: true, balance: balances[org] }]
          : [org, { ok: false, reason: `the credits file has no entry for ${org}` }],
      ),
    );
  }

  private async read(): Promise<Record<string, number>> {
    const stat = await fs.stat(this.file);
    if (this.cached?.mtimeMs === stat.mtimeMs) return this.cached.balances;
    const parsed: unknown = JSON.parse(await fs.readFile(this.file, 'utf8'));
    const balances = parseBalances(parsed);
    this.cached = { mtimeMs: stat.mtimeMs, balances };
    return balances;
  }
}

/** Balances typed by an admin, kept in the board's settings. */
export class ManualCreditSource extends CreditSource {
  readonly kind = 'manual';
  static readonly SETTING = 'manual_balances';

  constructor(private readonly store: BoardStore) {
    super();
  }

  async balances(orgs: readonly string[]): Promise<Map<string, BalanceResult>> {
    const balances =
      (await this.store.getSetting<Record<string, number>>(ManualCreditSource.SETTING)) ?? {};
    return new Map(
      orgs.map((org): [string, BalanceResult] =>
        typeof balances[org] === 'number'
          ? [org, { ok: true, balance: balances[org] }]
          : [org, { ok: false, reason: 'no balance has been entered by an admin' }],
      ),
    );
  }
}

/** Check a `{slug: balance}` object; throws with the first problem found. */
export function parseBalances(value: unknown): Record<string, number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('expected a JSON object of {"org-slug": balance}');
  }
  const balances: Record<string, number> = {};
  for (const [slug, balance] of Object.entries(value)) {
    if (!isSlug(slug)) throw new Error(`"${slug}" is not an organization slug`);
    if (typeof balance !== 'number' || !Number.isFinite(balance)) {
      throw new Error(`the balance of ${slug} is not a number`);
    }
    balances[slug] = balance;
  }
  return balances;
}
