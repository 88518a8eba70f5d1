import {
  creditsPerCoreHour,
  eventTarget,
  linkedShare,
  runNpc,
  summariseRuns,
  type NpcRun,
} from './runs';

const run = (over: Partial<NpcRun>): NpcRun => ({
  sn: 'cnb-1',
  repo: 'acme/web',
  issue_number: 3,
  pull_number: null,
  npc: 'npc-builder',
  started_by: 'alice',
  event: 'issue.comment@npc',
  title: 'npc-builder: Fix it',
  status: 'success',
  started_at: '2026-11-22T10:00:00.000Z',
  duration_s: 60,
  core_hours: 0.25,
  log_url: '',
  ...over,
});

describe('NPC run rules', () => {
  it('links a run to the issue or pull request its eventUrl names, and to nothing else', () => {
    expect(eventTarget('https://forge.example/acme/web/-/issues/12')).toEqual({
      kind: 'issue',
      repo: 'acme/web',
      number: 12,
    });
    expect(eventTarget('/acme/web/-/pulls/4/')).toEqual({
      kind: 'pull',
      repo: 'acme/web',
      number: 4,
    });
    expect(eventTarget('https://forge.example/acme/web/-/commit/abc')).toBeNull();
    expect(eventTarget('')).toBeNull();
    expect(eventTarget('https://forge.example/acme/web/-/issues/12/comments')).toBeNull();
  });

  it('names the NPC from the title only when it is a configured one', () => {
    const handles = new Set(['npc-builder']);
    expect(runNpc('npc-builder: Fix it', handles)).toBe('npc-builder');
    expect(runNpc('NPC-Builder: Fix it', handles)).toBe('npc-builder');
    expect(runNpc('alice: Fix it', handles)).toBeNull();
    expect(runNpc('Nightly pipeline', handles)).toBeNull();
  });

  it("sums a task's ended runs, failed and stopped ones included, and knows the one going", () => {
    const summary = summariseRuns([
      run({ sn: 'cnb-3', status: 'running', core_hours: null }),
      run({ sn: 'cnb-2', status: 'error', core_hours: 0.5 }),
      run({ sn: 'cnb-1', status: 'cancel', core_hours: 0.125 }),
    ]);
    expect(summary).toEqual({
      count: 3,
      running: { sn: 'cnb-3', started_at: '2026-11-22T10:00:00.000Z', npc: 'npc-builder' },
      last_status: 'running',
      core_hours: 0.625,
    });
    // One ended run's bill unread: the total is not known.
    expect(summariseRuns([run({}), run({ sn: 'cnb-2', core_hours: null })]).core_hours).toBeNull();
    expect(summariseRuns([])).toEqual({
      count: 0,
      running: null,
      last_status: null,
      core_hours: 0,
    });
  });
});

describe('the cost rule', () => {
  it('shares the spend among the core-hours, and says nothing without either', () => {
    expect(creditsPerCoreHour(30, 12)).toBe(2.5);
    expect(creditsPerCoreHour(0, 12)).toBe(0);
    expect(creditsPerCoreHour(null, 12)).toBeNull();
    expect(creditsPerCoreHour(30, 0)).toBeNull();
    expect(creditsPerCoreHour(30, null)).toBeNull();
  });

  it('gives the share of core-hours on tasks', () => {
    expect(linkedShare(9, 12)).toBe(0.75);
    expect(linkedShare(0, 0)).toBeNull();
    expect(linkedShare(null, 12)).toBeNull();
  });
});
