import type {
  BoardMeta,
  Issue,
  OrgCredits,
  Organization,
  Repository,
} from '@shared/board/entities';
import type { OrgRunFigures, RunFigures } from '@shared/board/runs';

/** Test data in the board API's shapes; each builder takes the fields a test cares about. */

export const META: BoardMeta = {
  version: '0.1.0',
  npc_handles: ['npc-builder', 'npc-reviewer', 'npc-tester'],
  credit_alert_threshold: 50,
  platform_web_url: 'http://forge.test',
  covered_orgs: ['acme', 'globex'],
  cache_ttl_seconds: 300,
};

export function anIssue(overrides: Partial<Issue> = {}): Issue {
  const repo = overrides.repository?.full_name ?? 'acme/web';
  const number = overrides.number ?? 1;
  return {
    number,
    title: `Issue ${number}`,
    state: 'open',
    state_reason: null,
    body: '',
    author: { username: 'alice', is_npc: false },
    assignees: [{ username: 'npc-builder', is_npc: true }],
    labels: [],
    comment_count: 0,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    repository: { full_name: repo },
    column: 'pending',
    web_url: `http://forge.test/${repo}/-/issues/${number}`,
    signals: {
      assigned_at: '2026-11-20T10:00:00Z',
      first_npc_at: null,
      last_npc_at: null,
      closed_at: null,
      closed_at_exact: false,
      pickup_latency_s: null,
      cycle_time_s: null,
    },
    attention: null,
    runs: null,
    ...overrides,
  };
}

export function anOrg(overrides: Partial<Organization> = {}): Organization {
  const slug = overrides.slug ?? 'acme';
  return {
    slug,
    name: slug.charAt(0).toUpperCase() + slug.slice(1),
    avatar_url: `http://forge.test/-/avatars/${slug}.svg`,
    repo_count: 3,
    credits_balance: 1240,
    credits_recorded_at: '2026-11-22T09:00:00Z',
    active_issue_count: 4,
    open_issue_count: 7,
    stuck_count: 0,
    overdue_count: 0,
    ...overrides,
  };
}

export function aRepo(overrides: Partial<Repository> = {}): Repository {
  const org = overrides.org_slug ?? 'acme';
  const name = overrides.name ?? 'web';
  return {
    full_name: `${org}/${name}`,
    org_slug: org,
    name,
    description: '',
    visibility: 'public',
    updated_at: '2026-11-21T10:00:00Z',
    open_issues_count: 2,
    open_pulls_count: 1,
    web_url: `http://forge.test/${org}/${name}`,
    last_human_commit_at: '2026-11-21T10:00:00Z',
    last_npc_commit_at: null,
    npc_only: false,
    npc_work_in_dormant: false,
    ...overrides,
  };
}

export function someCredits(overrides: Partial<OrgCredits> = {}): OrgCredits {
  return {
    org_slug: 'acme',
    balance: 1240,
    threshold: 50,
    below_threshold: false,
    avg_daily_consumption: 31,
    predicted_exhaustion_date: '2026-12-02',
    forecast: 'date',
    credits_per_task: 12.4,
    tasks_completed: 17,
    task_window_days: 7,
    runway_tasks: 100,
    exhaustion_band: { early: '2026-11-29', late: '2026-12-06' },
    snapshots: [],
    ...overrides,
  };
}

/** One organization's NPC run figures, all known. */
export function someOrgRuns(overrides: Partial<OrgRunFigures> = {}): OrgRunFigures {
  return {
    org: 'acme',
    running: 2,
    core_hours_today: 3.5,
    runs: 40,
    core_hours: 70,
    linked_core_hours: 63,
    ...overrides,
  };
}

/** `api/runs` with the given organizations' figures. */
export function someRunFigures(orgs: OrgRunFigures[] = [], days: 7 | 30 = 7): RunFigures {
  return { days, since: '2026-11-14T12:00:00.000Z', orgs };
}
