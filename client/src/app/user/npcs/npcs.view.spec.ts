import { toCsv } from '../../ui/csv';
import { aScorecard, someMeasures, someScorecards, someWeeks } from '../../testing/fixtures';
import {
  npcCsvColumns,
  npcPath,
  npcRows,
  scorecardFigures,
  sortMeasureRows,
  trendText,
  weekName,
} from './npcs.view';

const NOTHING_PENDING = { signals: false, pulls: false, runs: false };

describe('npcRows', () => {
  const answer = someScorecards([
    aScorecard(),
    aScorecard({
      npc: 'ci-bot',
      configured: false,
      measures: someMeasures({ tasks_completed: 3, cost_per_completed_task: null }),
      weeks: someWeeks([0, 0, 1, 2]),
    }),
  ]);

  it('makes a row per NPC in the answer’s order, linked to its page in the window', () => {
    const rows = npcRows(answer, NOTHING_PENDING, 30);
    expect(rows.map((r) => [r.key, r.note, r.link])).toEqual([
      ['npc-builder', null, { path: '/npcs/npc-builder', query: { days: '30' } }],
      ['ci-bot', 'other NPC', { path: '/npcs/ci-bot', query: { days: '30' } }],
    ]);
    expect(rows[1].trend).toEqual([0, 0, 1, 2]);
    expect(rows[1].cells.cost_task).toMatchObject({ text: 'too few', sample: 'n = 3' });
  });

  it('sorts by name or a measure, figures-less rows last either way, else keeps the order', () => {
    const rows = npcRows(answer, NOTHING_PENDING, 7);
    const keys = (sorted: typeof rows) => sorted.map((r) => r.key);
    expect(keys(sortMeasureRows(rows, null, 'desc'))).toEqual(['npc-builder', 'ci-bot']);
    expect(keys(sortMeasureRows(rows, 'npc', 'asc'))).toEqual(['ci-bot', 'npc-builder']);
    expect(keys(sortMeasureRows(rows, 'completed', 'asc'))).toEqual(['ci-bot', 'npc-builder']);
    expect(keys(sortMeasureRows(rows, 'cost_task', 'asc'))).toEqual(['npc-builder', 'ci-bot']);
    expect(keys(sortMeasureRows(rows, 'cost_task', 'desc'))).toEqual(['npc-builder', 'ci-bot']);
  });

  it('exports each NPC with its measures and its completed tasks per week', () => {
    const rows = npcRows(answer, NOTHING_PENDING, 7);
    const csv = toCsv(rows, npcCsvColumns(answer.npcs[0].weeks)).slice(1).trim().split('\r\n');
    const header = csv[0].split(',');
    expect(header.slice(0, 3)).toEqual(['NPC', 'Configured', 'Tasks created']);
    expect(header.slice(-4)).toEqual([
      'Completed (week of 2026-10-25)',
      'Completed (week of 2026-11-01)',
      'Completed (week of 2026-11-08)',
      'Completed (week of 2026-11-15)',
    ]);
    expect(csv[2].split(',').slice(0, 2)).toEqual(['ci-bot', 'false']);
    expect(csv[2].split(',').slice(-4)).toEqual(['0', '0', '1', '2']);
  });

  it('fingerprints what a viewer sees change', () => {
    const card = aScorecard();
    expect(scorecardFigures(card)).toEqual(scorecardFigures(aScorecard()));
    expect(scorecardFigures(card)).not.toEqual(
      scorecardFigures(aScorecard({ measures: someMeasures({ tasks_completed: 11 }) })),
    );
  });
});

describe('trend words', () => {
  it('names a week by its first UTC day and reads a trend aloud', () => {
    expect(weekName({ start: '2026-11-15T12:00:00.000Z' })).toBe('2026-11-15');
    expect(trendText([1, 3, 2, 4])).toBe('Tasks completed per week, oldest first: 1, 3, 2, 4');
    expect(npcPath('npc builder')).toBe('/npcs/npc%20builder');
  });
});
