import { Params } from '@angular/router';

import { SortDirection, parseDirection } from '../../ui/sort';

/** How the task board is shown; every field lives in the URL (STYLE habit 11). */
export interface TasksUrlState {
  /** Organization slug, or null for every covered organization. */
  org: string | null;
  /** NPC username, or null for any NPC. */
  npc: string | null;
  state: 'open' | 'closed' | null;
  /** Only issues needing attention: stuck, overdue, or either (`any`); null for all. */
  attention: AttentionFilter | null;
  /** One repository's issues (`org/name`), or null for every repository. */
  repository: string | null;
  /** Only the issues with an NPC run going now (`running=1`). */
  running: boolean;
  view: 'board' | 'list';
  /** The board in one lane per NPC (`group=npc`); the list ignores it. */
  group: 'npc' | null;
  sort: IssueSortKey;
  dir: SortDirection;
  /** The issue whose dialog is open: `org/repo` and number. */
  repo: string | null;
  issue: number | null;
}

export const ATTENTION_FILTERS = ['any', 'stuck', 'overdue'] as const;
export type AttentionFilter = (typeof ATTENTION_FILTERS)[number];

export const ISSUE_SORT_KEYS = [
  'title',
  'repo',
  'number',
  'npc',
  'state',
  'column',
  'comments',
  'cost',
  'created',
] as const;
export type IssueSortKey = (typeof ISSUE_SORT_KEYS)[number];

export const DEFAULT_TASKS_STATE: TasksUrlState = {
  org: null,
  npc: null,
  state: null,
  attention: null,
  repository: null,
  running: false,
  view: 'board',
  group: null,
  sort: 'created',
  dir: 'desc',
  repo: null,
  issue: null,
};

const SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const FULL_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

function one(params: Params, key: string): string | null {
  const value: unknown = params[key];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first !== '' ? first : null;
}

/**
 * The state a URL's query parameters describe. Anything malformed (a hand-edited link)
 * falls back to the default rather than reaching the API as a 400.
 */
export function parseTasksState(params: Params): TasksUrlState {
  const org = one(params, 'org');
  const npc = one(params, 'npc');
  const state = one(params, 'state');
  const sort = one(params, 'sort');
  const attention = one(params, 'attention');
  const repository = one(params, 'repository');
  const repo = one(params, 'repo');
  const issue = Number(one(params, 'issue'));
  const validIssue = Number.isInteger(issue) && issue > 0;
  return {
    org: org && SLUG.test(org) ? org : null,
    npc: npc && SLUG.test(npc) ? npc : null,
    state: state === 'open' || state === 'closed' ? state : null,
    attention: (ATTENTION_FILTERS as readonly string[]).includes(attention ?? '')
      ? (attention as AttentionFilter)
      : null,
    repository: repository && FULL_NAME.test(repository) ? repository : null,
    running: one(params, 'running') === '1',
    view: one(params, 'view') === 'list' ? 'list' : 'board',
    group: one(params, 'group') === 'npc' ? 'npc' : null,
    sort: (ISSUE_SORT_KEYS as readonly string[]).includes(sort ?? '')
      ? (sort as IssueSortKey)
      : DEFAULT_TASKS_STATE.sort,
    dir: parseDirection(one(params, 'dir'), DEFAULT_TASKS_STATE.dir),
    repo: repo && FULL_NAME.test(repo) && validIssue ? repo : null,
    issue: repo && FULL_NAME.test(repo) && validIssue ? issue : null,
  };
}

/**
 * Query parameters for a state, with defaults left out so URLs stay short. Every key is
 * present (null for "absent"), so the result can be merged into the current URL.
 */
export function tasksQueryParams(state: TasksUrlState): Params {
  const d = DEFAULT_TASKS_STATE;
  return {
    org: state.org,
    npc: state.npc,
    state: state.state,
    attention: state.attention,
    repository: state.repository,
    running: state.running ? '1' : null,
    view: state.view === d.view ? null : state.view,
    group: state.group,
    sort: state.sort === d.sort && state.dir === d.dir ? null : state.sort,
    dir: state.sort === d.sort && state.dir === d.dir ? null : state.dir,
    repo: state.repo && state.issue ? state.repo : null,
    issue: state.repo && state.issue ? String(state.issue) : null,
  };
}

/** True when any filter narrows the list (the empty state then offers to clear them). */
export function hasFilters(state: TasksUrlState): boolean {
  return (
    state.org !== null ||
    state.npc !== null ||
    state.state !== null ||
    state.attention !== null ||
    state.repository !== null ||
    state.running
  );
}

/** The state with every filter removed (view, order and the open dialog kept). */
export function withoutFilters(state: TasksUrlState): TasksUrlState {
  return {
    ...state,
    org: null,
    npc: null,
    state: null,
    attention: null,
    repository: null,
    running: false,
  };
}
