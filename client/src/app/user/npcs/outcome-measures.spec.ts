import { toCsv } from '../../ui/csv';
import { someMeasures, somePullMeasures } from '../../testing/fixtures';
import {
  MEASURE_KEYS,
  measureCells,
  measureCsvColumns,
  measureDefinitions,
  pendingParts,
} from './outcome-measures';

const NOTHING_PENDING = { signals: false, pulls: false, runs: false };

describe('measureCells', () => {
  it('gives each measure in words with its n, and the figure it sorts by', () => {
    const cells = measureCells(someMeasures(), NOTHING_PENDING);
    expect(Object.keys(cells)).toEqual([...MEASURE_KEYS]);
    expect(cells.completion).toEqual({
      state: 'value',
      text: '60%',
      sample: 'n = 20',
      value: 0.6,
    });
    expect(cells.pickup).toMatchObject({ text: '10m', sample: 'n = 12', value: 600 });
    expect(cells.merge_rate).toMatchObject({ text: '80%', sample: 'n = 10' });
    expect(cells.time_to_merge).toMatchObject({ text: '5h', sample: 'n = 8', value: 18_000 });
    expect(cells.review_rounds).toMatchObject({ text: '1.5', sample: 'n = 8' });
    expect(cells.rework).toMatchObject({ text: '9%', sample: 'n = 11' });
    // Core-hours without their unit: the column names it.
    expect(cells.core_hours).toMatchObject({ text: '24', sample: null, value: 24 });
    expect(cells.cost_pull).toMatchObject({ text: '3', sample: 'n = 8', value: 3 });
  });

  it('says "too few" with the n where a figure needs more results', () => {
    const cells = measureCells(
      someMeasures({
        pickup_p50_s: null,
        pickup_n: 4,
        tasks_completed: 4,
        cost_per_completed_task: null,
        pulls: somePullMeasures({ merged: 3, time_to_merge_p50_s: null }),
        cost_per_merged_pull: null,
      }),
      NOTHING_PENDING,
    );
    expect(cells.pickup).toEqual({
      state: 'too-few',
      text: 'too few',
      sample: 'n = 4',
      value: null,
    });
    expect(cells.time_to_merge).toMatchObject({ text: 'too few', sample: 'n = 3' });
    expect(cells.cost_pull).toMatchObject({ text: 'too few', sample: 'n = 3' });
    expect(cells.cost_task).toMatchObject({ text: 'too few', sample: 'n = 4' });
  });

  it('gives a dash where there is nothing to divide by', () => {
    const cells = measureCells(
      someMeasures({
        tasks_created: 0,
        completion_rate: null,
        reopened: 0,
        tasks_completed: 0,
        rework: null,
        pulls: somePullMeasures({
          merged: 0,
          closed_unmerged: 0,
          merge_rate: null,
          review_rounds: null,
          autonomy: null,
        }),
      }),
      NOTHING_PENDING,
    );
    for (const key of [
      'completion',
      'rework',
      'merge_rate',
      'review_rounds',
      'autonomy',
    ] as const) {
      expect(cells[key]).toEqual({ state: 'none', text: '—', sample: null, value: null });
    }
  });

  it('tells a figure still counting from one with too few results by the pending list', () => {
    const waiting = someMeasures({
      pulls: null,
      core_hours: null,
      cost_per_merged_pull: null,
      cost_per_completed_task: null,
    });
    const pending = measureCells(waiting, { signals: false, pulls: true, runs: true });
    for (const key of ['merge_rate', 'autonomy', 'core_hours', 'cost_pull', 'cost_task'] as const) {
      expect(pending[key]).toMatchObject({ state: 'pending', text: '…' });
    }
    // The task measures never wait.
    expect(pending.completed.state).toBe('value');

    // Runs read, pull requests not: the cost per task is known, the cost per PR waits.
    const pullsOnly = measureCells(
      { ...waiting, core_hours: 24, cost_per_completed_task: 2.4 },
      { signals: false, pulls: true, runs: false },
    );
    expect(pullsOnly.cost_task.text).toBe('2.4');
    expect(pullsOnly.cost_pull.state).toBe('pending');

    // Nothing pending and still nothing: the board could not read it.
    const unread = measureCells(waiting, NOTHING_PENDING);
    expect(unread.merge_rate.state).toBe('none');
    expect(unread.core_hours.state).toBe('none');
    expect(unread.cost_task).toMatchObject({ state: 'none', text: '—' });
  });

  it('reads the pending parts from the enrichments an answer went without', () => {
    expect(pendingParts(new Set(['outcomes', 'attention']))).toEqual({
      signals: true,
      pulls: true,
      runs: false,
    });
    expect(pendingParts(new Set(['runs']))).toEqual({ signals: false, pulls: false, runs: true });
  });

  it('counts a pickup time still read from the conversations as counting, not too few', () => {
    const measures = someMeasures({ pickup_p50_s: null, pickup_p95_s: null, pickup_n: 0 });
    expect(measureCells(measures, { ...NOTHING_PENDING, signals: true }).pickup.state).toBe(
      'pending',
    );
    expect(measureCells(measures, NOTHING_PENDING).pickup).toMatchObject({
      state: 'too-few',
      sample: 'n = 0',
    });
  });
});

describe('measureDefinitions', () => {
  it('defines every measure once, in the tables’ order and groups, for the window', () => {
    const definitions = measureDefinitions(30);
    expect(definitions.map((d) => d.key)).toEqual([...MEASURE_KEYS]);
    expect(definitions.map((d) => d.group)).toEqual([
      ...Array<string>(5).fill('tasks'),
      ...Array<string>(4).fill('pulls'),
      ...Array<string>(3).fill('cost'),
    ]);
    const how = Object.fromEntries(definitions.map((d) => [d.key, d.how]));
    expect(how['completed']).toContain('last 30 days');
    expect(how['merge_rate']).toContain('closed without merging');
    expect(how['time_to_merge']).toContain('last change stands for it');
    expect(how['cost_pull']).toContain('Below 5 merged: too few');
    expect(how['core_hours']).toContain('failed, stopped and retried');
  });
});

describe('measureCsvColumns', () => {
  it('exports every figure and sample as numbers, unknowns empty', () => {
    const columns = measureCsvColumns<{ m: ReturnType<typeof someMeasures> }>((r) => r.m);
    const csv = toCsv(
      [{ m: someMeasures() }, { m: someMeasures({ pulls: null, core_hours: null }) }],
      columns,
    );
    const [header, known, pending] = csv.slice(1).trim().split('\r\n');
    expect(header.split(',')).toContain('Merge rate (0–1)');
    expect(header.split(',')).toContain('Time to merge P50 (s)');
    const at = (line: string, name: string) => line.split(',')[header.split(',').indexOf(name)];
    expect(at(known, 'Merge rate (0–1)')).toBe('0.8');
    expect(at(known, 'Pickup P50 (s)')).toBe('600');
    expect(at(known, 'Core-hours')).toBe('24');
    expect(at(pending, 'Merge rate (0–1)')).toBe('');
    expect(at(pending, 'Core-hours')).toBe('');
  });
});
