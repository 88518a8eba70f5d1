import { npcsQueryParams, parseNpcsState, parseWindow, windowQuery } from './npcs-url-state';

describe('the NPC pages in the URL', () => {
  it('reads the window, 7 unless it says 30', () => {
    expect(parseWindow({ days: '30' })).toBe(30);
    expect(parseWindow({ days: '14' })).toBe(7);
    expect(parseWindow({})).toBe(7);
  });

  it('reads a known sort and its direction, else the board’s order', () => {
    expect(parseNpcsState({ sort: 'merge_rate', dir: 'desc', days: '30' })).toEqual({
      days: 30,
      sort: 'merge_rate',
      dir: 'desc',
    });
    expect(parseNpcsState({ sort: 'credits', dir: 'desc' })).toEqual({
      days: 7,
      sort: null,
      dir: 'asc',
    });
    expect(parseNpcsState({ sort: ['npc', 'completed'] }).sort).toBe('npc');
  });

  it('writes defaults as absent, every key present for merging', () => {
    expect(npcsQueryParams({ days: 7, sort: null, dir: 'asc' })).toEqual({
      days: null,
      sort: null,
      dir: null,
    });
    expect(npcsQueryParams({ days: 30, sort: 'autonomy', dir: 'desc' })).toEqual({
      days: '30',
      sort: 'autonomy',
      dir: 'desc',
    });
    expect(windowQuery(30)).toEqual({ days: '30' });
    expect(windowQuery(7)).toEqual({ days: null });
  });
});
