import { nextSort, parseDirection, sortRows } from './sort';

describe('sortRows', () => {
  const rows = [
    { name: 'repo-10', value: 3 },
    { name: 'repo-2', value: null },
    { name: 'Repo-1', value: 1 },
    { name: 'repo-3', value: 3 },
  ];

  it('compares names naturally and without case', () => {
    expect(sortRows(rows, (r) => r.name, 'asc').map((r) => r.name)).toEqual([
      'Repo-1',
      'repo-2',
      'repo-3',
      'repo-10',
    ]);
  });

  it('puts nulls last in both directions and keeps ties in their order', () => {
    expect(sortRows(rows, (r) => r.value, 'asc').map((r) => r.name)).toEqual([
      'Repo-1',
      'repo-10',
      'repo-3',
      'repo-2',
    ]);
    expect(sortRows(rows, (r) => r.value, 'desc').map((r) => r.name)).toEqual([
      'repo-10',
      'repo-3',
      'Repo-1',
      'repo-2',
    ]);
  });

  it('leaves its input alone', () => {
    const copy = [...rows];
    sortRows(rows, (r) => r.name, 'desc');
    expect(rows).toEqual(copy);
  });

  it('reads a direction or falls back', () => {
    expect(parseDirection('asc', 'desc')).toBe('asc');
    expect(parseDirection('sideways', 'desc')).toBe('desc');
    expect(parseDirection(null, 'asc')).toBe('asc');
  });
});

describe('nextSort', () => {
  it('starts another column ascending and turns the sorted one around, never unsorted', () => {
    const byName = { sort: 'name', dir: 'asc' as const };
    expect(nextSort(byName, 'prs')).toEqual({ sort: 'prs', dir: 'asc' });
    expect(nextSort({ sort: 'prs', dir: 'desc' }, 'name')).toEqual(byName);
    expect(nextSort(byName, 'name')).toEqual({ sort: 'name', dir: 'desc' });
    expect(nextSort({ sort: 'name', dir: 'desc' }, 'name')).toEqual(byName);
  });
});
