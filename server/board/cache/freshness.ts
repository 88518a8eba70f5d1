import type { Enrichment } from '@shared/board/entities';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Tracks, for one board request, when the oldest upstream datum it used was fetched, and
 * which enrichments it answered without because they were not known yet. The upstream
 * cache reports every datum it hands out; the route cache reads the oldest to set `Age`
 * and to make sure its entry never outlives that datum, and sends the pending enrichments
 * as `X-Board-Pending`.
 */
export interface FreshnessScope {
  /** Epoch ms of the oldest upstream datum used so far; `null` when none was used. */
  oldest: number | null;
  /** Enrichments left out of the answer for now (docs/architecture.md#core-first). */
  pending: Set<Enrichment>;
}

const storage = new AsyncLocalStorage<FreshnessScope>();

/** Run `work` in a fresh scope and return its result with the scope. */
export function withFreshness<T>(work: () => T): { result: T; scope: FreshnessScope } {
  const scope: FreshnessScope = { oldest: null, pending: new Set() };
  const result = storage.run(scope, work);
  return { result, scope };
}

/** Record that the current request used a datum fetched at `fetchedAt` (epoch ms). */
export function noteFetchedAt(fetchedAt: number): void {
  const scope = storage.getStore();
  if (scope && (scope.oldest === null || fetchedAt < scope.oldest)) scope.oldest = fetchedAt;
}

/** Record that the current answer goes without `enrichment` until it is known. */
export function notePending(enrichment: Enrichment): void {
  storage.getStore()?.pending.add(enrichment);
}

/**
 * Run `work` in a scope of its own and report the oldest datum it used, which also counts
 * for the enclosing scope (a route that builds one organization's card among others).
 */
export async function trackFreshness<T>(
  work: () => Promise<T>,
): Promise<{ result: T; oldest: number | null }> {
  const { result, scope } = withFreshness(work);
  try {
    return { result: await result, oldest: scope.oldest };
  } finally {
    if (scope.oldest !== null) noteFetchedAt(scope.oldest);
    for (const enrichment of scope.pending) notePending(enrichment);
  }
}

/**
 * Run `work` outside any answer's scope: work a route starts but does not wait for (a
 * background read) must not count toward that answer's freshness.
 */
export function outsideAnswers<T>(work: () => T): T {
  return storage.exit(work);
}
