import { HttpHeaders } from '@angular/common/http';

import { CacheState, Freshness } from './api.types';

const CACHE_STATES: readonly CacheState[] = ['HIT', 'MISS', 'STALE'];

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
  return { cache, asOf: receivedAt - ageMs };
}

/** The oldest of several answers' freshness; stale when any of them is. */
export function combineFreshness(list: readonly Freshness[]): Freshness | null {
  if (list.length === 0) return null;
  return {
    cache: list.some((f) => f.cache === 'STALE') ? 'STALE' : (list[0].cache ?? null),
    asOf: Math.min(...list.map((f) => f.asOf)),
  };
}
