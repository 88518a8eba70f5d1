import { aRepo } from '../../testing/fixtures';
import {
  DEFAULT_REPOS_STATE,
  ReposUrlState,
  filterRepos,
  parseReposState,
  repoRows,
  reposQueryParams,
  sortRepos,
} from './repos.view';

const NOW = new Date('2026-11-22T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();

describe('repoRows', () => {
  it('colours by the shared rule: yellow after 7 days, red after 30', () => {
    const rows = repoRows(
      [
        aRepo({ name: 'fresh', updated_at: daysAgo(0.2) }),
        aRepo({ name: 'week', updated_at: daysAgo(7) }),
        aRepo({ name: 'quiet', updated_at: daysAgo(12) }),
        aRepo({ name: 'dormant', updated_at: daysAgo(47) }),
      ],
      new Map([['acme', 'Acme']]),
      NOW,
    );
    expect(rows.map((r) => [r.name, r.health])).toEqual([
      ['fresh', 'fresh'],
      ['week', 'fresh'],
      ['quiet', 'yellow'],
      ['dormant', 'red'],
    ]);
    expect(rows[0]).toMatchObject({ orgName: 'Acme', openPulls: 1, openIssues: 2 });
  });
});

describe('filterRepos and sortRepos', () => {
  const rows = repoRows(
    [
      aRepo({ org_slug: 'acme', name: 'web', updated_at: daysAgo(3), open_pulls_count: 4 }),
      aRepo({ org_slug: 'acme', name: 'legacy-etl', updated_at: daysAgo(47) }),
      aRepo({ org_slug: 'globex', name: 'docs', updated_at: daysAgo(12), open_pulls_count: 0 }),
    ],
    new Map(),
    NOW,
  );

  it('filters by organization and by name, case-insensitively', () => {
    expect(filterRepos(rows, 'acme', '').map((r) => r.name)).toEqual(['web', 'legacy-etl']);
    expect(filterRepos(rows, null, 'ETL').map((r) => r.name)).toEqual(['legacy-etl']);
    expect(filterRepos(rows, null, 'globex/').map((r) => r.name)).toEqual(['docs']);
    expect(filterRepos(rows, 'globex', 'web')).toEqual([]);
  });

  it('sorts by last commit, oldest first on request', () => {
    expect(sortRepos(rows, 'last_commit', 'asc').map((r) => r.name)).toEqual([
      'legacy-etl',
      'docs',
      'web',
    ]);
    expect(sortRepos(rows, 'last_commit', 'desc').map((r) => r.name)).toEqual([
      'web',
      'docs',
      'legacy-etl',
    ]);
    expect(sortRepos(rows, 'prs', 'desc').map((r) => r.name)[0]).toBe('web');
  });
});

describe('repository URL state', () => {
  const toUrl = (state: ReposUrlState) =>
    Object.fromEntries(Object.entries(reposQueryParams(state)).filter(([, v]) => v !== null));

  it.each<Partial<ReposUrlState>>([
    {},
    { org: 'acme', q: 'etl' },
    { sort: 'last_commit', dir: 'asc' },
    { sort: 'issues', dir: 'desc', org: 'globex' },
  ])('survives a round trip: %o', (change) => {
    const state = { ...DEFAULT_REPOS_STATE, ...change };
    expect(parseReposState(toUrl(state))).toEqual(state);
  });

  it('drops a blank search and falls back on unknown sort keys', () => {
    expect(toUrl({ ...DEFAULT_REPOS_STATE, q: '   ' })).toEqual({});
    expect(parseReposState({ sort: 'stars', dir: 'sideways' })).toEqual(DEFAULT_REPOS_STATE);
  });
});
