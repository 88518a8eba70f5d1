import { HttpHeaders } from '@angular/common/http';

import { CacheState, Freshness, StaleReason } from './api.types';

const CACHE_STATES: readonly CacheState[] = ['HIT', 'MISS', 'STALE'];
const STALE_REASONS: readonly StaleReason[] = ['budget', 'platform'];

/**
 * Reads `X-Cache` and `Age` of an answer received at `receivedAt`. `Age` counts seconds
 * since the oldest upstream datum was fetched, so that datum dates from receivedAt − Age;
 * a missing or malformed Age means "fresh as of now".
 */
export function freshnessOf(headers: HttpHeaders, receivedAt: number): Freshness {
  const raw = headers.get('X-Cache')?.trim().toUpperCase() ?? '';
  const cache = (CACHE_STATES as readonly string[]).includes(raw) ? (raw as CacheState) : null;
  const age = Number(headers.get('Age'));
  const ageMs = Number.isFinite(age) && age > 0 ? age * 1000 : 0;
  const freshness: Freshness = { cache, asOf: receivedAt - ageMs };
  if (cache !== 'STALE') return freshness;
  const reason = headers.get('X-Stale-Reason')?.trim().toLowerCase() ?? '';
  if (!(STALE_REASONS as readonly string[]).includes(reason)) return freshness;
  freshness.staleReason = reason as StaleReason;
  const until = Date.parse(headers.get('X-Budget-Until') ?? '');
  if (reason === 'budget' && Number.isFinite(until)) freshness.budgetUntil = until;
  return freshness;
}

/**
 * The oldest of several answers' freshness; stale when any of them is. The stale answers
 * are put down to the budget only when every one of them was (with the latest time the
 * budget gives); any other stale answer makes it the platform's.
 */
export function combineFreshness(list: readonly Freshness[]): Freshness | null {
  if (list.length === 0) return null;
  const combined: Freshness = {
    cache: list.some((f) => f.cache === 'STALE') ? 'STALE' : (list[0].cache ?? null),
    asOf: Math.min(...list.map((f) => f.asOf)),
  };
  const stale = list.filter((f) => f.cache === 'STALE');
  if (stale.length === 0) return combined;
  if (stale.every((f) => f.staleReason === 'budget')) {
    combined.staleReason = 'budget';
    const untils = stale.flatMap((f) => (f.budgetUntil === undefined ? [] : [f.budgetUntil]));
    if (untils.length === stale.length) combined.budgetUntil = Math.max(...untils);
  } else if (stale.some((f) => f.staleReason === 'platform')) {
    combined.staleReason = 'platform';
  }
  return combined;
}
