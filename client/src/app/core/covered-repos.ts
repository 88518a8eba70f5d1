import { computed, inject, signal, Signal } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import type { Repository } from '@shared/board/entities';
import { catchError, combineLatest, filter, map, of } from 'rxjs';
import { ApiError } from './api-error';
import { ApiService } from './api.service';
import { BoardMetaService } from './board-meta.service';
import { DataFreshnessService, FreshnessScope } from './data-freshness.service';
import { INITIAL_REMOTE, RemoteState, asApiError, loadEach } from './remote-state';

/** One organization's repositories, or why they could not be loaded. */
export type OrgRepos = { slug: string; repos: Repository[] } | { slug: string; error: ApiError };

/**
 * Every covered organization's repositories, loaded in parallel and again on refresh,
 * retry or `changes` (a LiveUpdatesService counter), filled in as pending enrichments
 * arrive; one organization failing leaves the others' repositories usable. Call in an
 * injection context (a page's field initialiser).
 */
export function coveredRepos(
  scope: FreshnessScope,
  retries: Signal<number>,
  changes: Signal<number> = signal(0),
): Signal<RemoteState<OrgRepos[]>> {
  const api = inject(ApiService);
  const boardMeta = inject(BoardMetaService);
  const freshness = inject(DataFreshnessService);
  const slugs = computed(() => boardMeta.meta()?.covered_orgs ?? null, {
    equal: (a, b) => a?.join() === b?.join(),
  });
  return toSignal(
    toObservable(
      computed(() => ({
        slugs: slugs(),
        refresh: freshness.refreshes(),
        retry: retries(),
        live: changes(),
      })),
    ).pipe(
      filter((p): p is typeof p & { slugs: string[] } => p.slugs !== null),
      loadEach(({ slugs: orgs }) =>
        orgs.length === 0
          ? of<OrgRepos[]>([])
          : // Each organization's answer replaces its entry as it arrives, follow-ups too.
            combineLatest(
              orgs.map((slug) =>
                api.orgRepos(slug).pipe(
                  scope.track(`repos:${slug}`),
                  map((answer): OrgRepos => ({ slug, repos: answer.data })),
                  catchError((error: unknown) => of<OrgRepos>({ slug, error: asApiError(error) })),
                ),
              ),
            ),
      ),
    ),
    { initialValue: INITIAL_REMOTE },
  );
}
