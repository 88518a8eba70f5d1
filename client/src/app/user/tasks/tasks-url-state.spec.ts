import {
  DEFAULT_TASKS_STATE,
  TasksUrlState,
  hasFilters,
  parseTasksState,
  tasksQueryParams,
  withoutFilters,
} from './tasks-url-state';

// What the router would hold after merging the params: nulls are removed.
const toUrl = (state: TasksUrlState) =>
  Object.fromEntries(Object.entries(tasksQueryParams(state)).filter(([, v]) => v !== null));

describe('task board URL state', () => {
  it('reads an empty URL as the default board', () => {
    expect(parseTasksState({})).toEqual(DEFAULT_TASKS_STATE);
    expect(toUrl(DEFAULT_TASKS_STATE)).toEqual({});
  });

  it.each<Partial<TasksUrlState>>([
    { org: 'aurora-labs' },
    { npc: 'npc-tester', state: 'open' },
    { state: 'closed', view: 'list', sort: 'comments', dir: 'asc' },
    { view: 'list', sort: 'created', dir: 'asc' },
    { repo: 'aurora-labs/api-gateway', issue: 12 },
    { attention: 'any' },
    { attention: 'stuck', org: 'acme' },
    { attention: 'overdue', repository: 'acme/web' },
    { repository: 'aurora-labs/api-gateway', repo: 'acme/web', issue: 4 },
    {
      org: 'x',
      npc: 'y',
      state: 'open',
      view: 'list',
      sort: 'npc',
      dir: 'desc',
      repo: 'a/b',
      issue: 3,
    },
  ])('survives a round trip through the URL: %o', (change) => {
    const state = { ...DEFAULT_TASKS_STATE, ...change };
    expect(parseTasksState(toUrl(state))).toEqual(state);
  });

  it('writes the deep link of the issue dialog as the design names it', () => {
    const state = { ...DEFAULT_TASKS_STATE, repo: 'acme/web', issue: 12 };
    expect(toUrl(state)).toEqual({ repo: 'acme/web', issue: '12' });
  });

  it('leaves defaults out of the URL but clears them when merged', () => {
    const params = tasksQueryParams({ ...DEFAULT_TASKS_STATE, org: 'acme' });
    expect(params).toEqual({
      org: 'acme',
      npc: null,
      state: null,
      attention: null,
      repository: null,
      running: null,
      view: null,
      group: null,
      sort: null,
      dir: null,
      repo: null,
      issue: null,
    });
  });

  it('writes the attention and repository filters under the names other pages link with', () => {
    expect(
      toUrl({ ...DEFAULT_TASKS_STATE, org: 'acme', attention: 'stuck', repository: 'acme/web' }),
    ).toEqual({ org: 'acme', attention: 'stuck', repository: 'acme/web' });
  });

  it('ignores malformed values rather than sending them to the API', () => {
    expect(
      parseTasksState({
        org: '../etc',
        npc: '',
        state: 'maybe',
        view: 'grid',
        sort: 'colour',
        dir: 'up',
        repo: 'not a repo',
        issue: '12',
        attention: 'late',
        repository: 'acme',
      }),
    ).toEqual(DEFAULT_TASKS_STATE);
    expect(parseTasksState({ attention: 'STUCK' }).attention).toBeNull();
    expect(parseTasksState({ repository: 'acme/web/x' }).repository).toBeNull();
    expect(parseTasksState({ repository: '-acme/web' }).repository).toBeNull();
    expect(parseTasksState({ repo: 'acme/web', issue: '-1' })).toMatchObject({
      repo: null,
      issue: null,
    });
    expect(parseTasksState({ repo: 'acme/web' })).toMatchObject({ repo: null, issue: null });
  });

  it('takes the first of repeated parameters', () => {
    expect(parseTasksState({ org: ['acme', 'globex'] }).org).toBe('acme');
  });

  it('knows when filters narrow the list', () => {
    expect(hasFilters(DEFAULT_TASKS_STATE)).toBe(false);
    expect(hasFilters({ ...DEFAULT_TASKS_STATE, view: 'list', repo: 'a/b', issue: 1 })).toBe(false);
    expect(hasFilters({ ...DEFAULT_TASKS_STATE, state: 'open' })).toBe(true);
    expect(hasFilters({ ...DEFAULT_TASKS_STATE, attention: 'any' })).toBe(true);
    expect(hasFilters({ ...DEFAULT_TASKS_STATE, repository: 'a/b' })).toBe(true);
    expect(hasFilters({ ...DEFAULT_TASKS_STATE, running: true })).toBe(true);
  });

  it('keeps Running now in the URL as running=1, and nothing else as it', () => {
    expect(parseTasksState({ running: '1' }).running).toBe(true);
    expect(parseTasksState({ running: 'yes' }).running).toBe(false);
    expect(tasksQueryParams({ ...DEFAULT_TASKS_STATE, running: true })['running']).toBe('1');
    expect(tasksQueryParams(DEFAULT_TASKS_STATE)['running']).toBeNull();
  });

  it('keeps the board grouped by NPC in the URL as group=npc, and nothing else as it', () => {
    expect(parseTasksState({ group: 'npc' }).group).toBe('npc');
    expect(parseTasksState({ group: 'repo' }).group).toBeNull();
    expect(tasksQueryParams({ ...DEFAULT_TASKS_STATE, group: 'npc' })['group']).toBe('npc');
    expect(tasksQueryParams(DEFAULT_TASKS_STATE)['group']).toBeNull();
    expect(hasFilters({ ...DEFAULT_TASKS_STATE, group: 'npc' })).toBe(false);
  });

  it('clears every filter but keeps the view, the grouping, the order and the open dialog', () => {
    const state: TasksUrlState = {
      org: 'acme',
      npc: 'npc-tester',
      state: 'open',
      attention: 'overdue',
      repository: 'acme/web',
      running: true,
      view: 'list',
      group: 'npc',
      sort: 'title',
      dir: 'asc',
      repo: 'acme/web',
      issue: 3,
    };
    const cleared = withoutFilters(state);
    expect(hasFilters(cleared)).toBe(false);
    expect(cleared).toEqual({
      ...DEFAULT_TASKS_STATE,
      view: 'list',
      group: 'npc',
      sort: 'title',
      dir: 'asc',
      repo: 'acme/web',
      issue: 3,
    });
  });
});
