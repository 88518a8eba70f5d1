import { byCodeUnit, byName } from './text-order';

describe('byName', () => {
  it('orders letters before case', () => {
    expect(['Gamma', 'beta', 'Alpha', 'delta'].sort(byName)).toEqual([
      'Alpha',
      'beta',
      'delta',
      'Gamma',
    ]);
  });

  it('gives names that differ only in case a fixed order, whatever the input order', () => {
    expect(['npc-a', 'NPC-A', 'Npc-A'].sort(byName)).toEqual(['NPC-A', 'Npc-A', 'npc-a']);
    expect(['Npc-A', 'npc-a', 'NPC-A'].sort(byName)).toEqual(['NPC-A', 'Npc-A', 'npc-a']);
  });

  it('orders by the characters, not by a locale: a hyphen sorts before a letter', () => {
    expect(['repo-b', 'repo', 'repo-a', 'repoa'].sort(byName)).toEqual([
      'repo',
      'repo-a',
      'repo-b',
      'repoa',
    ]);
  });
});

describe('byCodeUnit', () => {
  it('orders ISO 8601 timestamps in time order', () => {
    expect(
      ['2026-11-02T10:00:00.000Z', '2026-10-31T23:59:59.999Z', '2026-11-02T09:59:59.000Z'].sort(
        byCodeUnit,
      ),
    ).toEqual(['2026-10-31T23:59:59.999Z', '2026-11-02T09:59:59.000Z', '2026-11-02T10:00:00.000Z']);
  });

  it('puts upper case before lower case, as SQLite does', () => {
    expect(['b', 'B', 'a', 'A'].sort(byCodeUnit)).toEqual(['A', 'B', 'a', 'b']);
    expect(byCodeUnit('same', 'same')).toBe(0);
  });
});
