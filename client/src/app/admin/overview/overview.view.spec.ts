import type { AdminOverview, NpcFigures } from '@shared/board/admin';

import { toCsv } from '../../ui/csv';
import {
  NPC_CSV_COLUMNS,
  activityItems,
  activityUnavailableText,
  creditItems,
  creditRankRows,
  durationText,
  figureCards,
  npcColumnHelp,
  npcStuckQuery,
  npcWorkRows,
  parseDays,
  perTaskText,
  percentileText,
  pullSampleText,
  rateText,
} from './overview.view';

function npc(overrides: Partial<NpcFigures> = {}): NpcFigures {
  return {
    npc: 'npc-builder',
    pickup_p50_s: 600,
    pickup_p95_s: 7200,
    pickup_n: 12,
    cycle_p50_s: 86_400,
    cycle_p95_s: 190_800,
    cycle_n: 9,
    wip: 4,
    stuck: 1,
    completed: 9,
    merge_rate: 0.8,
    merge_n: 10,
    merged_pulls: 8,
    autonomy: 0.75,
    cost_per_merged_pull: 2.5,
    ...overrides,
  };
}

function anOverview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  return {
    days: 7,
    window: { from: '2026-11-15T12:00:00Z', to: '2026-11-22T12:00:00Z' },
    completion: { created: 61, closed: 28, rate: 28 / 61 },
    response_time: {
      answered: 44,
      waiting: 11,
      average_seconds: 39_452,
      p95_seconds: 177_486,
      by_npc: [
        { npc: 'npc-builder', answered: 17, waiting: 3, average_seconds: 7500, p95_seconds: 90 },
        { npc: 'npc-tester', answered: 0, waiting: 5, average_seconds: null, p95_seconds: null },
      ],
    },
    npcs: [],
    runs: { by_npc: [], costliest: [], running: [] },
    credit_ranking: [
      {
        org_slug: 'granite',
        consumed: 746.08,
        snapshots: 168,
        credits_per_task: null,
        tasks_completed: 0,
      },
      { org_slug: 'fjord', consumed: 0, snapshots: 0, credits_per_task: null, tasks_completed: 0 },
    ],
    activity_ranking: [
      { repo: 'acme/api', commits: 4 },
      { repo: 'acme/web', commits: 2 },
      { repo: 'acme/docs', commits: 0 },
    ],
    activity_unavailable: [],
    ...overrides,
  };
}

describe('rateText', () => {
  it('shows a share as a whole percentage', () => {
    expect(rateText(28 / 61)).toBe('46%');
    expect(rateText(1)).toBe('100%');
    expect(rateText(0)).toBe('0%');
  });

  it('shows a dash when nothing was created, rather than 0%', () => {
    expect(rateText(null)).toBe('—');
  });
});

describe('durationText', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [60, '1m'],
    [12 * 60 + 20, '12m'],
    [3599, '59m'],
    [2 * 3600 + 5 * 60, '2h 5m'],
    [7500, '2h 5m'],
    [39_452, '10h 57m'],
    [86_400, '1d'],
    [177_486, '2d 1h'],
    [3 * 86_400 + 4 * 3600 + 20 * 60, '3d 4h'],
  ])('%f s reads "%s"', (seconds, text) => {
    expect(durationText(seconds)).toBe(text);
  });

  it('shows a dash when nothing was measured', () => {
    expect(durationText(null)).toBe('—');
  });
});

describe('figureCards', () => {
  const week = anOverview();
  const month = anOverview({ days: 30, completion: { created: 200, closed: 150, rate: 0.75 } });

  it('shows completion for 7 and 30 days as a percentage and closed / created', () => {
    const [seven, thirty] = figureCards(week, month, week);
    expect(seven).toMatchObject({
      key: 'completion-7',
      label: 'Completion rate, 7d',
      value: '46%',
      detail: '28 closed / 61 created',
      sample: 'n = 61 NPC issues created',
    });
    expect(seven.how).toContain('created in the last 7 days');
    expect(seven.how).toContain('closed now');
    expect(thirty).toMatchObject({ value: '75%', detail: '150 closed / 200 created' });
  });

  it('shows the response times of the chosen window with answered and waiting counts', () => {
    const [, , average, p95] = figureCards(week, month, week);
    expect(average).toMatchObject({
      label: 'Pickup time, average (7d)',
      value: '10h 57m',
      detail: '11 still waiting',
      sample: 'n = 44 answered · 11 still waiting',
    });
    expect(average.how).toContain('first comment by an NPC');
    expect(average.how).toContain("from the NPC's assignment");
    expect(p95).toMatchObject({ label: 'Pickup time, P95 (7d)', value: '2d 1h' });
    expect(p95.how).toContain('linear interpolation');

    expect(figureCards(week, month, month)[2].label).toBe('Pickup time, average (30d)');
  });
});

describe('per-NPC work', () => {
  it('gives percentiles as durations from 5 samples on, "too few" below', () => {
    expect(percentileText(600, 5)).toBe('10m');
    expect(percentileText(600, 4)).toBe('too few (n = 4)');
    expect(percentileText(null, 3)).toBe('too few (n = 3)');
    expect(percentileText(null, 0)).toBe('too few (n = 0)');
  });

  it('lists each NPC with pickup, cycle, WIP, stuck and completed', () => {
    const rows = npcWorkRows(
      anOverview({
        npcs: [
          npc(),
          npc({ npc: 'npc-tester', pickup_n: 3, pickup_p50_s: null, pickup_p95_s: null }),
        ],
      }),
    );
    expect(rows.map(({ figures: _, ...r }) => r)).toEqual([
      {
        npc: 'npc-builder',
        pickupP50: '10m',
        pickupP95: '2h',
        pickupN: 12,
        cycleP50: '1d',
        cycleP95: '2d 5h',
        cycleN: 9,
        wip: 4,
        stuck: 1,
        completed: 9,
        mergeRate: '80%',
        mergeN: 10,
        autonomy: '75%',
        mergedPulls: 8,
        costPerPull: '2.5 core-h',
      },
      expect.objectContaining({
        npc: 'npc-tester',
        pickupP50: 'too few (n = 3)',
        pickupP95: 'too few (n = 3)',
      }),
    ]);
  });

  it('says how each column is computed', () => {
    const help = npcColumnHelp(30);
    expect(help['pickup_p50'].how).toContain('first NPC comment − assignment');
    expect(help['cycle_p50'].how).toContain('close − assignment');
    expect(help['cycle_p50'].how).toContain('completed');
    expect(help['completed'].header).toBe('Completed (30d)');
    expect(help['wip'].how).toContain('Open NPC issues');
  });

  it('exports seconds as numbers and null percentiles as empty cells', () => {
    const rows = npcWorkRows(anOverview({ npcs: [npc({ cycle_n: 2, cycle_p50_s: null })] }));
    const lines = toCsv(rows, NPC_CSV_COLUMNS).slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'NPC,Pickup P50 (s),Pickup P95 (s),Pickup n,Cycle P50 (s),Cycle P95 (s),Cycle n,WIP,Stuck,Completed,' +
        'Merge rate (0–1),Merge rate n,Autonomy (0–1),Merged PRs,Core-hours per merged PR',
    );
    expect(lines[1]).toBe('npc-builder,600,7200,12,,190800,2,4,1,9,0.8,10,0.75,8,2.5');
  });

  it('gives the merge rate and autonomy with their n, and the cost per merged PR only from 5 merged', () => {
    const [few, none, older] = npcWorkRows(
      anOverview({
        npcs: [
          npc({ merged_pulls: 3, merge_n: 4, merge_rate: 0.75, cost_per_merged_pull: null }),
          npc({
            npc: 'npc-tester',
            merge_rate: null,
            merge_n: 0,
            merged_pulls: 0,
            autonomy: null,
            cost_per_merged_pull: null,
          }),
          // A board from before the pull request figures.
          {
            npc: 'npc-reviewer',
            pickup_p50_s: null,
            pickup_p95_s: null,
            pickup_n: 0,
            cycle_p50_s: null,
            cycle_p95_s: null,
            cycle_n: 0,
            wip: 0,
            stuck: 0,
            completed: 0,
          } as unknown as NpcFigures,
        ],
      }),
    );
    expect([few.mergeRate, few.mergeN, few.costPerPull]).toEqual(['75%', 4, 'too few (n = 3)']);
    expect([none.mergeRate, none.autonomy, none.costPerPull]).toEqual([
      '—',
      '—',
      'too few (n = 0)',
    ]);
    expect([older.mergeRate, older.autonomy, older.costPerPull]).toEqual(['—', '—', '—']);
    expect(pullSampleText(4)).toBe('n = 4');
    expect(pullSampleText(0)).toBeNull();
  });

  it('defines the pull request columns, the cost as core-hours per accepted result', () => {
    const help = npcColumnHelp(7);
    expect(help['merge_rate'].how).toContain('closed without merging');
    expect(help['autonomy'].how).toContain('no commit by a person');
    expect(help['cost_per_merged_pull'].how).toContain('Below 5 merged: too few');
  });

  it("drills down to the NPC's stuck tasks", () => {
    expect(npcStuckQuery('npc-tester')).toEqual({ npc: 'npc-tester', attention: 'stuck' });
  });
});

describe('rankings', () => {
  it('carries credits per task with its n for each organization', () => {
    const rows = creditRankRows(
      anOverview({
        credit_ranking: [
          {
            org_slug: 'acme',
            consumed: 500,
            snapshots: 168,
            credits_per_task: 41.7,
            tasks_completed: 12,
          },
          {
            org_slug: 'fjord',
            consumed: 0,
            snapshots: 0,
            credits_per_task: null,
            tasks_completed: 0,
          },
        ],
      }),
      new Map([['acme', 'Acme']]),
    );
    expect(rows).toEqual([
      { slug: 'acme', name: 'Acme', consumed: 500, creditsPerTask: 41.7, tasksCompleted: 12 },
      { slug: 'fjord', name: 'fjord', consumed: 0, creditsPerTask: null, tasksCompleted: 0 },
    ]);
    expect(rows.map(perTaskText)).toEqual(['41.7', '—']);
  });

  it('names organizations, keeping the server order', () => {
    expect(creditItems(anOverview(), new Map([['granite', 'Granite AI']]))).toEqual([
      { label: 'Granite AI', value: 746.08 },
      { label: 'fjord', value: 0 },
    ]);
  });

  it('keeps the most active repositories and leaves out those without commits', () => {
    expect(activityItems(anOverview())).toEqual([
      { label: 'acme/api', value: 4 },
      { label: 'acme/web', value: 2 },
    ]);
    expect(activityItems(anOverview(), 1)).toHaveLength(1);
  });

  it('says honestly when commit history could not be read', () => {
    expect(activityUnavailableText(anOverview())).toBeNull();
    expect(activityUnavailableText(anOverview({ activity_unavailable: ['a/b', 'a/c'] }))).toMatch(
      /^Commit history unavailable for 2 repositories/,
    );
    expect(activityUnavailableText(anOverview({ activity_unavailable: ['a/b'] }))).toMatch(
      /for 1 repository:/,
    );
  });
});

describe('parseDays', () => {
  it('reads 30, and 7 for anything else', () => {
    expect(parseDays('30')).toBe(30);
    expect(parseDays('7')).toBe(7);
    expect(parseDays('90')).toBe(7);
    expect(parseDays(null)).toBe(7);
  });
});
