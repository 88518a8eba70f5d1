import type { Issue } from './entities';
import {
  linkedTask,
  MIN_COST_SAMPLE,
  outcomeMeasures,
  outcomeWeeks,
  pullMeasures,
  type NpcPull,
} from './outcomes';
import type { NpcRun } from './runs';

const NOW = Date.parse('2026-11-30T00:00:00Z');
const SINCE = NOW - 7 * 86_400_000;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const npc = { username: 'npc-builder', nickname: '', avatar_url: '', is_npc: true };

function task(number: number, over: Partial<Issue> = {}): Issue {
  return {
    number,
    title: `Task ${number}`,
    state: 'closed',
    state_reason: 'completed',
    body: '',
    author: { ...npc, username: 'alice', is_npc: false },
    assignees: [npc],
    labels: [],
    comment_count: 0,
    created_at: iso(NOW - 2 * 86_400_000),
    updated_at: iso(NOW - HOUR),
    repository: { full_name: 'acme/web' },
    column: 'done',
    web_url: '',
    signals: {
      assigned_at: iso(NOW - 2 * 86_400_000),
      first_npc_at: null,
      last_npc_at: null,
      closed_at: iso(NOW - HOUR),
      closed_at_exact: true,
      pickup_latency_s: null,
      cycle_time_s: 3600,
    },
    attention: null,
    runs: null,
    ...over,
  };
}

function pull(number: number, over: Partial<NpcPull> = {}): NpcPull {
  const created = NOW - 2 * 86_400_000;
  return {
    repo: 'acme/web',
    number,
    title: '',
    web_url: '',
    npc: 'npc-builder',
    state: 'merged',
    created_at: iso(created),
    updated_at: iso(created + number * HOUR),
    merged_at: iso(created + number * HOUR),
    task_number: null,
    review_rounds: 1,
    human_commit: false,
    ...over,
  };
}

function run(hours: number, over: Partial<NpcRun> = {}): NpcRun {
  return {
    sn: `cnb-${hours}`,
    repo: 'acme/web',
    issue_number: 1,
    pull_number: null,
    npc: 'npc-builder',
    started_by: 'alice',
    event: 'issue.comment@npc',
    title: '',
    status: 'success',
    started_at: iso(NOW - hours * HOUR),
    duration_s: 60,
    core_hours: 1,
    log_url: '',
    ...over,
  };
}

describe('NPC outcome measures', () => {
  it('links a pull request to the task its description closes, else its branch names', () => {
    expect(linkedTask({ body: 'Work.\n\nCloses #12, see #3', head_ref: 'npc/issue-4' })).toBe(12);
    expect(linkedTask({ body: 'fixes #7', head_ref: '' })).toBe(7);
    expect(linkedTask({ body: 'RESOLVED #8', head_ref: '' })).toBe(8);
    expect(linkedTask({ body: 'See #3', head_ref: 'refs/heads/npc/issue-4' })).toBe(4);
    expect(linkedTask({ body: 'See #3', head_ref: 'issue-40x' })).toBeNull();
    expect(linkedTask({ body: 'Closes #0', head_ref: 'feature' })).toBeNull();
  });

  it('counts merge rate, time to merge, rounds and autonomy over the window', () => {
    // Merged after 1..5 hours; #3 finished by a person, #5 after two requests for changes.
    const merged = [1, 2, 3, 4, 5].map((n) =>
      pull(n, {
        human_commit: n === 3,
        review_rounds: n === 5 ? 3 : 1,
      }),
    );
    const closed = pull(6, {
      state: 'closed',
      merged_at: null,
      review_rounds: null,
      human_commit: null,
    });
    const old = pull(7, { merged_at: iso(SINCE - HOUR), created_at: iso(SINCE - 2 * HOUR) });
    const open = pull(8, {
      state: 'open',
      merged_at: null,
      review_rounds: null,
      human_commit: null,
    });
    expect(pullMeasures([...merged, closed, old, open], SINCE)).toEqual({
      opened: 7,
      merged: 5,
      closed_unmerged: 1,
      open: 1,
      merge_rate: 5 / 6,
      // 3600..18000 s: P50 is the third, P95 at rank 3.8 → 14400 + 0.8 × 3600.
      time_to_merge_p50_s: 10_800,
      time_to_merge_p95_s: 17_280,
      review_rounds: 7 / 5,
      autonomy: 4 / 5,
    });
  });

  it('hides a cost per accepted result below five, and counts failed and stopped runs in it', () => {
    const runs = [
      run(1),
      run(2, { status: 'error', core_hours: 0.5 }),
      run(3, { status: 'cancel', core_hours: 0.5 }),
      run(4, { status: 'running', core_hours: null }),
      run(24 * 8, { core_hours: 9 }),
    ];
    const measures = (merged: number, completed: number) =>
      outcomeMeasures({
        tasks: Array.from({ length: completed }, (_, i) => task(i + 1)),
        pulls: Array.from({ length: merged }, (_, i) => pull(i + 1)),
        runs,
        since: SINCE,
        now: NOW,
      });
    const below = measures(MIN_COST_SAMPLE - 1, MIN_COST_SAMPLE - 1);
    expect(below.core_hours).toBe(2);
    expect(below.cost_per_merged_pull).toBeNull();
    expect(below.cost_per_completed_task).toBeNull();
    const enough = measures(MIN_COST_SAMPLE, 8);
    expect(enough.cost_per_merged_pull).toBe(0.4);
    expect(enough.cost_per_completed_task).toBe(0.25);
    // A bill not read yet: the cost is unknown, not smaller.
    const unread = outcomeMeasures({
      tasks: [],
      pulls: [],
      runs: [run(1, { core_hours: null })],
      since: SINCE,
      now: NOW,
    });
    expect(unread.core_hours).toBeNull();
  });

  it('counts a reopened task as rework against the completed ones', () => {
    const measures = outcomeMeasures({
      tasks: [
        task(1),
        task(2),
        task(3),
        task(4, { state: 'open', state_reason: 'reopened', column: 'in_progress' }),
      ],
      pulls: null,
      runs: null,
      since: SINCE,
      now: NOW,
    });
    expect(measures).toMatchObject({
      tasks_completed: 3,
      reopened: 1,
      rework: 0.25,
      wip: 1,
      pulls: null,
      core_hours: null,
    });
  });

  it('splits the last four weeks, oldest first', () => {
    const weeks = outcomeWeeks({
      tasks: [
        task(1),
        task(2, { signals: { ...task(2).signals, closed_at: iso(NOW - 10 * 86_400_000) } }),
      ],
      pulls: [pull(1)],
      runs: [run(1), run(24 * 20, { core_hours: 2 })],
      now: NOW,
    });
    expect(weeks.map((w) => [w.tasks_completed, w.pulls_merged, w.core_hours])).toEqual([
      [0, 0, 0],
      [0, 0, 2],
      [1, 0, 0],
      [1, 1, 1],
    ]);
    expect(weeks[0].start).toBe(iso(NOW - 28 * 86_400_000));
  });
});
