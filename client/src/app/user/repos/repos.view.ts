import type { Repository } from '@shared/board/entities';
import {
  HealthLevel,
  RED_AFTER_DAYS,
  YELLOW_AFTER_DAYS,
  repositoryHealth,
} from '@shared/board/health';
import { Params } from '@angular/router';

import type { CsvColumn } from '../../ui/csv';
import { formatDays } from '../../ui/format';
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
  /** Latest commit by a person within 31 days; null: none in that time. */
  lastHumanAt: string | null;
  /** Latest commit by an NPC within 31 days; null: none in that time. */
  lastNpcAt: string | null;
  /** Kept alive by NPCs only: NPC commits within 7 days, no human commit for 30 days. */
  npcOnly: boolean;
  /** Open NPC issues in a repository with no human commit for 30 days. */
  npcWorkInDormant: boolean;
}

export const REPO_SORT_KEYS = [
  'name',
  'org',
  'last_commit',
  'last_human',
  'last_npc',
  'prs',
  'issues',
] as const;
export type RepoSortKey = (typeof REPO_SORT_KEYS)[number];

/** The table's columns, in order, each with its header and whether it holds numbers. */
export const REPO_SORT_COLUMNS: readonly { key: RepoSortKey; label: string; num: boolean }[] = [
  { key: 'name', label: $localize`:@@repos.column.name:Repository`, num: false },
  { key: 'org', label: $localize`:@@repos.column.org:Organization`, num: false },
  { key: 'last_commit', label: $localize`:@@repos.column.lastCommit:Last commit`, num: false },
  { key: 'last_human', label: $localize`:@@repos.column.lastHuman:Last human commit`, num: false },
  { key: 'last_npc', label: $localize`:@@repos.column.lastNpc:Last NPC commit`, num: false },
  { key: 'prs', label: $localize`:@@repos.column.prs:Open PRs`, num: true },
  { key: 'issues', label: $localize`:@@repos.column.issues:Open issues`, num: true },
];

/** A column's header by its key, for the cells' labels and the export. */
export const REPO_COLUMN_LABEL = Object.fromEntries(
  REPO_SORT_COLUMNS.map((column) => [column.key, column.label]),
) as Record<RepoSortKey, string>;

/** Filters and order of the table, all in the URL. */
export interface ReposUrlState {
  org: string | null;
  /** Name search, case-insensitive, anywhere in `org/name`. */
  q: string;
  /** Only repositories kept alive by NPCs only. */
  npcOnly: boolean;
  /** Only repositories with NPC work in them while dormant for people. */
  npcDormant: boolean;
  sort: RepoSortKey;
  dir: SortDirection;
}

export const DEFAULT_REPOS_STATE: ReposUrlState = {
  org: null,
  q: '',
  npcOnly: false,
  npcDormant: false,
  sort: 'name',
  dir: 'asc',
};

/** The two marks of people-versus-NPC activity, in words with how each is decided. */
export const NPC_MARKS = {
  npcOnly: {
    label: $localize`:@@repos.mark.npcOnly:kept alive by NPCs only`,
    how: $localize`:@@repos.mark.npcOnlyHow:NPC commits in the last 7 days and no commit by a person for 30 days`,
  },
  npcWorkInDormant: {
    label: $localize`:@@repos.mark.npcDormant:NPC work in a dormant repository`,
    how: $localize`:@@repos.mark.npcDormantHow:open NPC issues while no person has committed for 30 days`,
  },
} as const;

/** What each health level says in words, so colour is never the only cue. */
export const HEALTH_TEXT: Record<HealthLevel, string> = {
  fresh: '',
  yellow: $localize`:@@repos.health.quietHow:quiet: no commit for over ${YELLOW_AFTER_DAYS}:days: days`,
  red: $localize`:@@repos.health.dormantHow:dormant: no commit for over ${RED_AFTER_DAYS}:days: days`,
};

/** Each health level in one word, as the table's mark and the export say it. */
export const HEALTH_LABEL: Record<HealthLevel, string> = {
  fresh: $localize`:@@repos.health.fresh:fresh`,
  yellow: $localize`:@@repos.health.quiet:quiet`,
  red: $localize`:@@repos.health.dormant:dormant`,
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
    // A board from before the people/NPC split answers without these fields.
    lastHumanAt: repo.last_human_commit_at ?? null,
    lastNpcAt: repo.last_npc_commit_at ?? null,
    npcOnly: repo.npc_only ?? false,
    npcWorkInDormant: repo.npc_work_in_dormant ?? false,
  }));
}

/**
 * What a viewer sees change on a row, for the mark a live update leaves: the last commit
 * and the open counts. The people/NPC split is left out: the board may still be reading
 * the commits in an answer that follows a change.
 */
export function repoFigures(repo: Repository): unknown[] {
  return [repo.updated_at, repo.open_pulls_count, repo.open_issues_count];
}

/** The filters of the table: organization, name search and the two NPC marks. */
export type RepoFilters = Pick<ReposUrlState, 'org' | 'q' | 'npcOnly' | 'npcDormant'>;

/**
 * Rows of one organization (or all) whose full name contains the search text and that
 * carry every mark asked for.
 */
export function filterRepos(rows: readonly RepoRow[], filters: RepoFilters): RepoRow[] {
  const { org, npcOnly, npcDormant } = filters;
  const needle = filters.q.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (org === null || row.org === org) &&
      (!needle || row.fullName.toLowerCase().includes(needle)) &&
      (!npcOnly || row.npcOnly) &&
      (!npcDormant || row.npcWorkInDormant),
  );
}

/** Whether any filter narrows the table. */
export function hasRepoFilters(filters: RepoFilters): boolean {
  return filters.org !== null || filters.q.trim() !== '' || filters.npcOnly || filters.npcDormant;
}

/** The task board's URL parameters for a repository's issues (drill-down from a row). */
export function repoIssuesQuery(fullName: string): { repository: string } {
  return { repository: fullName };
}

/** The columns of the repository export, as the table shows them. */
export const REPO_CSV_COLUMNS: CsvColumn<RepoRow>[] = [
  { header: REPO_COLUMN_LABEL.name, value: (r) => r.fullName },
  { header: REPO_COLUMN_LABEL.org, value: (r) => r.orgName },
  { header: REPO_COLUMN_LABEL.last_commit, value: (r) => r.lastCommitAt },
  { header: $localize`:@@repos.csv.health:Health`, value: (r) => HEALTH_LABEL[r.health] },
  // Worded when the file is made: a unit formatter costs the first screen on a phone.
  {
    get header() {
      return $localize`:@@repos.csv.lastHuman:Last human commit (${formatDays(31)}:days:)`;
    },
    value: (r) => r.lastHumanAt,
  },
  {
    get header() {
      return $localize`:@@repos.csv.lastNpc:Last NPC commit (${formatDays(31)}:days:)`;
    },
    value: (r) => r.lastNpcAt,
  },
  { header: $localize`:@@repos.npcOnlyLabel:Kept alive by NPCs only`, value: (r) => r.npcOnly },
  {
    header: $localize`:@@repos.csv.npcDormant:NPC work in dormant repository`,
    value: (r) => r.npcWorkInDormant,
  },
  { header: REPO_COLUMN_LABEL.prs, value: (r) => r.openPulls },
  { header: REPO_COLUMN_LABEL.issues, value: (r) => r.openIssues },
];

const SORT_VALUE: Record<RepoSortKey, (row: RepoRow) => SortValue> = {
  name: (r) => r.fullName,
  org: (r) => r.orgName,
  last_commit: (r) => Date.parse(r.lastCommitAt) || null,
  // "None in 31 days" sorts as the oldest: before every date going up, after them going down.
  last_human: (r) => (r.lastHumanAt ? Date.parse(r.lastHumanAt) : 0),
  last_npc: (r) => (r.lastNpcAt ? Date.parse(r.lastNpcAt) : 0),
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
    npcOnly: text(params, 'npc_only') === 'true',
    npcDormant: text(params, 'npc_dormant') === 'true',
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
    npc_only: state.npcOnly ? 'true' : null,
    npc_dormant: state.npcDormant ? 'true' : null,
    sort: defaultOrder ? null : state.sort,
    dir: defaultOrder ? null : state.dir,
  };
}
