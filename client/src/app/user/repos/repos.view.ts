import type { Repository } from '@shared/board/entities';
import {
  HealthLevel,
  RED_AFTER_DAYS,
  YELLOW_AFTER_DAYS,
  repositoryHealth,
} from '@shared/board/health';
import { Params } from '@angular/router';

import { SortDirection, SortValue, parseDirection, sortRows } from '../../ui/sort';

/** One repository in the health table. */
export interface RepoRow {
  fullName: string;
  name: string;
  org: string;
  orgName: string;
  lastCommitAt: string;
  health: HealthLevel;
  openPulls: number;
  openIssues: number;
  webUrl: string;
}

export const REPO_SORT_KEYS = ['name', 'org', 'last_commit', 'prs', 'issues'] as const;
export type RepoSortKey = (typeof REPO_SORT_KEYS)[number];

/** Filters and order of the table, all in the URL. */
export interface ReposUrlState {
  org: string | null;
  /** Name search, case-insensitive, anywhere in `org/name`. */
  q: string;
  sort: RepoSortKey;
  dir: SortDirection;
}

export const DEFAULT_REPOS_STATE: ReposUrlState = { org: null, q: '', sort: 'name', dir: 'asc' };

/** What each health level says in words, so colour is never the only cue. */
export const HEALTH_TEXT: Record<HealthLevel, string> = {
  fresh: '',
  yellow: `quiet: no commit for over ${YELLOW_AFTER_DAYS} days`,
  red: `dormant: no commit for over ${RED_AFTER_DAYS} days`,
};

/** Rows with their health as of `now`, by the shared rule. */
export function repoRows(
  repos: readonly Repository[],
  names: ReadonlyMap<string, string>,
  now: Date,
): RepoRow[] {
  return repos.map((repo) => ({
    fullName: repo.full_name,
    name: repo.name,
    org: repo.org_slug,
    orgName: names.get(repo.org_slug) ?? repo.org_slug,
    lastCommitAt: repo.updated_at,
    health: repositoryHealth(repo.updated_at, now),
    openPulls: repo.open_pulls_count,
    openIssues: repo.open_issues_count,
    webUrl: repo.web_url,
  }));
}

/** Rows of one organization (or all) whose full name contains the search text. */
export function filterRepos(rows: readonly RepoRow[], org: string | null, q: string): RepoRow[] {
  const needle = q.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (org === null || row.org === org) && (!needle || row.fullName.toLowerCase().includes(needle)),
  );
}

const SORT_VALUE: Record<RepoSortKey, (row: RepoRow) => SortValue> = {
  name: (r) => r.fullName,
  org: (r) => r.orgName,
  last_commit: (r) => Date.parse(r.lastCommitAt) || null,
  prs: (r) => r.openPulls,
  issues: (r) => r.openIssues,
};

export function sortRepos(
  rows: readonly RepoRow[],
  key: RepoSortKey,
  dir: SortDirection,
): RepoRow[] {
  return sortRows(rows, SORT_VALUE[key], dir);
}

const text = (params: Params, key: string): string | null => {
  const value: unknown = params[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

export function parseReposState(params: Params): ReposUrlState {
  const org = text(params, 'org');
  const sort = text(params, 'sort');
  return {
    org: org && /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(org) ? org : null,
    q: (text(params, 'q') ?? '').slice(0, 100),
    sort: (REPO_SORT_KEYS as readonly string[]).includes(sort ?? '')
      ? (sort as RepoSortKey)
      : DEFAULT_REPOS_STATE.sort,
    dir: parseDirection(text(params, 'dir'), DEFAULT_REPOS_STATE.dir),
  };
}

/** Query parameters for a state, defaults left out; every key present for merging. */
export function reposQueryParams(state: ReposUrlState): Params {
  const d = DEFAULT_REPOS_STATE;
  const defaultOrder = state.sort === d.sort && state.dir === d.dir;
  return {
    org: state.org,
    q: state.q.trim() || null,
    sort: defaultOrder ? null : state.sort,
    dir: defaultOrder ? null : state.dir,
  };
}
