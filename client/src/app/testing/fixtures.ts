import type {
  BoardMeta,
  Issue,
  OrgCredits,
  Organization,
  Repository,
} from '@shared/board/entities';
import type {
  NpcDetail,
  NpcPull,
  NpcScorecard,
  NpcScorecards,
  NpcTask,
  OutcomeMeasures,
  OutcomeWeek,
  PullMeasures,
} from '@shared/board/outcomes';
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

/** One scope's pull request measures, every figure known. */
export function somePullMeasures(overrides: Partial<PullMeasures> = {}): PullMeasures {
  return {
    opened: 14,
    merged: 8,
    closed_unmerged: 2,
    open: 3,
    merge_rate: 0.8,
    time_to_merge_p50_s: 5 * 3600,
    time_to_merge_p95_s: 30 * 3600,
    review_rounds: 1.5,
    autonomy: 0.75,
    ...overrides,
  };
}

/** One scope's outcome measures, every enrichment known. */
export function someMeasures(overrides: Partial<OutcomeMeasures> = {}): OutcomeMeasures {
  return {
    tasks_created: 20,
    tasks_closed: 12,
    completion_rate: 0.6,
    tasks_completed: 10,
    pickup_p50_s: 600,
    pickup_p95_s: 7200,
    pickup_n: 12,
    cycle_p50_s: 86_400,
    cycle_p95_s: 190_800,
    cycle_n: 10,
    wip: 4,
    stuck: 1,
    reopened: 1,
    rework: 1 / 11,
    pulls: somePullMeasures(),
    core_hours: 24,
    cost_per_merged_pull: 3,
    cost_per_completed_task: 2.4,
    ...overrides,
  };
}

/** The four trend weeks ending at the page specs' NOW, oldest first. */
export function someWeeks(completed: readonly number[] = [1, 3, 2, 4]): OutcomeWeek[] {
  const end = Date.parse('2026-11-22T12:00:00Z');
  return completed.map((tasks, index) => ({
    start: new Date(end - (completed.length - index) * 7 * 86_400_000).toISOString(),
    tasks_completed: tasks,
    pulls_merged: tasks * 2,
    core_hours: tasks * 1.5,
  }));
}

/** One NPC's row of `api/npcs`. */
export function aScorecard(overrides: Partial<NpcScorecard> = {}): NpcScorecard {
  return {
    npc: 'npc-builder',
    configured: true,
    measures: someMeasures(),
    weeks: someWeeks(),
    ...overrides,
  };
}

/** `api/npcs` with the given NPCs. */
export function someScorecards(npcs: NpcScorecard[], days: 7 | 30 = 7): NpcScorecards {
  const since = new Date(Date.parse('2026-11-22T12:00:00Z') - days * 86_400_000).toISOString();
  return { days, since, npcs };
}

/** One of an NPC's open tasks. */
export function anNpcTask(overrides: Partial<NpcTask> = {}): NpcTask {
  return {
    repo: 'acme/web',
    number: 42,
    title: 'Fix flaky login test',
    web_url: 'http://forge.test/acme/web/issues/42',
    column: 'in_progress',
    updated_at: '2026-11-20T12:00:00Z',
    attention: null,
    ...overrides,
  };
}

/** One of an NPC's pull requests, merged. */
export function anNpcPull(overrides: Partial<NpcPull> = {}): NpcPull {
  return {
    repo: 'acme/web',
    number: 7,
    title: 'Fix the login test',
    web_url: 'http://forge.test/acme/web/pulls/7',
    npc: 'npc-builder',
    state: 'merged',
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-20T14:30:00Z',
    merged_at: '2026-11-20T14:30:00Z',
    task_number: 42,
    review_rounds: 2,
    human_commit: false,
    ...overrides,
  };
}

/** `api/npcs/:handle`. */
export function anNpcDetail(overrides: Partial<NpcDetail> = {}): NpcDetail {
  return {
    ...aScorecard(),
    days: 7,
    since: '2026-11-15T12:00:00.000Z',
    by_org: [{ org: 'acme', measures: someMeasures() }],
    by_repo: [
      { repo: 'acme/web', measures: someMeasures({ tasks_completed: 6 }) },
      { repo: 'acme/api', measures: someMeasures({ tasks_completed: 4 }) },
    ],
    tasks: [anNpcTask()],
    pulls: [anNpcPull()],
    ...overrides,
  };
}
