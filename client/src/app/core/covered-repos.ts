import { computed, inject, signal, Signal } from '@angular/core';
import type { Repository } from '@shared/board/entities';
import { catchError, combineLatest, map, of } from 'rxjs';
import { ApiError } from './api-error';
import { ApiService } from './api.service';
import { BoardMetaService } from './board-meta.service';
import { DataFreshnessService, FreshnessScope } from './data-freshness.service';
import { RemoteResource, remoteResource } from './remote-resource';
import { asApiError } from './remote-state';

/** One organization's repositories, or why they could not be loaded. */
export type OrgRepos = { slug: string; repos: Repository[] } | { slug: string; error: ApiError };

/**
 * Every covered organization's repositories, loaded in parallel and again on refresh,
 * `reload()` or `changes` (a LiveUpdatesService counter), filled in as pending enrichments
 * arrive; one organization failing leaves the others' repositories usable. Call in an
 * injection context (a page's field initialiser).
 */
export function coveredRepos(
  scope: FreshnessScope,
  changes: Signal<number> = signal(0),
): RemoteResource<OrgRepos[]> {
  const api = inject(ApiService);
  const boardMeta = inject(BoardMetaService);
  const freshness = inject(DataFreshnessService);
  const slugs = computed(() => boardMeta.meta()?.covered_orgs ?? null, {
    equal: (a, b) => a?.join() === b?.join(),
  });
  return remoteResource(
    () => {
      const orgs = slugs();
      // Nothing to load before `api/meta` names the organizations.
      if (orgs === null) return undefined;
      return { orgs, refresh: freshness.refreshes(), live: changes() };
    },
    ({ orgs }) =>
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
  );
}
