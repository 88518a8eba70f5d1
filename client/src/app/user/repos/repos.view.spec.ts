import { aRepo } from '../../testing/fixtures';
import { toCsv } from '../../ui/csv';
import {
  DEFAULT_REPOS_STATE,
  REPO_CSV_COLUMNS,
  RepoFilters,
  ReposUrlState,
  filterRepos,
  hasRepoFilters,
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

  const by = (org: string | null, q: string): RepoFilters => ({
    org,
    q,
    npcOnly: false,
    npcDormant: false,
  });

  it('filters by organization and by name, case-insensitively', () => {
    expect(filterRepos(rows, by('acme', '')).map((r) => r.name)).toEqual(['web', 'legacy-etl']);
    expect(filterRepos(rows, by(null, 'ETL')).map((r) => r.name)).toEqual(['legacy-etl']);
    expect(filterRepos(rows, by(null, 'globex/')).map((r) => r.name)).toEqual(['docs']);
    expect(filterRepos(rows, by('globex', 'web'))).toEqual([]);
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

describe('people and NPC activity', () => {
  const rows = repoRows(
    [
      aRepo({ name: 'both', last_human_commit_at: daysAgo(2), last_npc_commit_at: daysAgo(1) }),
      aRepo({
        name: 'bots',
        updated_at: daysAgo(1),
        last_human_commit_at: null,
        last_npc_commit_at: daysAgo(1),
        npc_only: true,
      }),
      aRepo({
        name: 'sleepy',
        updated_at: daysAgo(40),
        last_human_commit_at: null,
        last_npc_commit_at: null,
        npc_work_in_dormant: true,
      }),
      aRepo({
        name: 'bots-asleep',
        org_slug: 'globex',
        updated_at: daysAgo(3),
        last_human_commit_at: null,
        last_npc_commit_at: daysAgo(3),
        npc_only: true,
        npc_work_in_dormant: true,
      }),
    ],
    new Map(),
    NOW,
  );
  const filters = (change: Partial<RepoFilters>): RepoFilters => ({
    org: null,
    q: '',
    npcOnly: false,
    npcDormant: false,
    ...change,
  });

  it('carries the last human and NPC commits and both marks', () => {
    expect(rows[1]).toMatchObject({
      lastHumanAt: null,
      lastNpcAt: daysAgo(1),
      npcOnly: true,
      npcWorkInDormant: false,
      health: 'fresh',
    });
    expect(rows[2]).toMatchObject({ npcWorkInDormant: true, health: 'red' });
  });

  it('filters on each mark, both together, and with the organization', () => {
    const names = (f: RepoFilters) => filterRepos(rows, f).map((r) => r.name);
    expect(names(filters({ npcOnly: true }))).toEqual(['bots', 'bots-asleep']);
    expect(names(filters({ npcDormant: true }))).toEqual(['sleepy', 'bots-asleep']);
    expect(names(filters({ npcOnly: true, npcDormant: true }))).toEqual(['bots-asleep']);
    expect(names(filters({ npcOnly: true, org: 'acme' }))).toEqual(['bots']);
    expect(hasRepoFilters(filters({}))).toBe(false);
    expect(hasRepoFilters(filters({ npcDormant: true }))).toBe(true);
  });

  it('sorts "none in 31 days" as the oldest', () => {
    expect(sortRepos(rows, 'last_human', 'desc').map((r) => r.name)[0]).toBe('both');
    expect(sortRepos(rows, 'last_npc', 'asc').map((r) => r.name)[0]).toBe('sleepy');
  });

  it('exports the columns shown, booleans and dates as they are', () => {
    const lines = toCsv(rows.slice(1, 2), REPO_CSV_COLUMNS).slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Repository,Organization,Last commit,Health,Last human commit (31d),Last NPC commit (31d),Kept alive by NPCs only,NPC work in dormant repository,Open PRs,Open issues',
    );
    expect(lines[1]).toBe(`acme/bots,acme,${daysAgo(1)},fresh,,${daysAgo(1)},true,false,1,2`);
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
    { npcOnly: true },
    { npcDormant: true, org: 'acme', sort: 'last_human', dir: 'desc' },
  ])('survives a round trip: %o', (change) => {
    const state = { ...DEFAULT_REPOS_STATE, ...change };
    expect(parseReposState(toUrl(state))).toEqual(state);
  });

  it('drops a blank search and falls back on unknown sort keys', () => {
    expect(toUrl({ ...DEFAULT_REPOS_STATE, q: '   ' })).toEqual({});
    expect(parseReposState({ sort: 'stars', dir: 'sideways' })).toEqual(DEFAULT_REPOS_STATE);
  });
});
