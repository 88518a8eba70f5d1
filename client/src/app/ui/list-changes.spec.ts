import { signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { LiveUpdatesService } from '../core/live-updates.service';
import { MARK_MS, changedKeys, fingerprints, liveMarks, sameList } from './list-changes';

interface Row {
  id: string;
  state: string;
  count: number;
}

const row = (id: string, state = 'open', count = 0): Row => ({ id, state, count });
const prints = (rows: Row[]) =>
  fingerprints(
    rows,
    (r) => r.id,
    (r) => [r.state, r.count],
  );

describe('changedKeys', () => {
  it('names the items added or changed, not those kept or removed', () => {
    const before = prints([row('a'), row('b'), row('c')]);
    const after = prints([row('a'), row('b', 'closed'), row('d')]);
    expect([...changedKeys(before, after)]).toEqual(['b', 'd']);
  });

  it('compares only what the fingerprint takes', () => {
    const key = (r: Row) => r.id;
    const state = (r: Row) => r.state;
    const before = fingerprints([row('a', 'open', 1)], key, state);
    const after = fingerprints([row('a', 'open', 2)], key, state);
    expect(changedKeys(before, after).size).toBe(0);
  });
});

describe('sameList', () => {
  it('is true for a refetch of mostly the same items, false for another list', () => {
    const before = new Set(['a', 'b', 'c', 'd']);
    expect(sameList(before, ['a', 'b', 'c', 'e'])).toBe(true);
    expect(sameList(before, ['a', 'b'])).toBe(true);
    expect(sameList(before, ['a', 'x', 'y'])).toBe(false);
    expect(sameList(new Set(), ['a'])).toBe(false);
    expect(sameList(before, [])).toBe(true);
  });
});

describe('liveMarks', () => {
  const announceUpdate = jest.fn();

  beforeEach(() => {
    jest.useFakeTimers();
    announceUpdate.mockReset();
    TestBed.configureTestingModule({
      providers: [{ provide: LiveUpdatesService, useValue: { announceUpdate } }],
    });
  });

  afterEach(() => jest.useRealTimers());

  function setUp() {
    const changes = signal(0);
    const items = signal<Row[] | null>(null);
    const scope = signal('all');
    const marks = TestBed.runInInjectionContext(() =>
      liveMarks(
        changes,
        items,
        (r) => r.id,
        (r) => [r.state, r.count],
        scope,
      ),
    );
    // Answers land as the effect sees them: one change detection per answer.
    const land = (rows: Row[] | null) => {
      items.set(rows);
      TestBed.tick();
    };
    return { changes, scope, marks, land };
  }

  it('marks nothing for the first answer, a refresh or follow-ups without a live update', () => {
    const { marks, land } = setUp();
    land([row('a'), row('b')]);
    land([row('a', 'closed'), row('b')]);
    expect(marks().size).toBe(0);
    expect(announceUpdate).not.toHaveBeenCalled();
  });

  it('marks what a live update changed for two seconds, and announces it', () => {
    const { changes, marks, land } = setUp();
    land([row('a'), row('b')]);
    changes.set(1);
    land([row('a', 'closed'), row('b'), row('c')]);
    expect([...marks()]).toEqual(['a', 'c']);
    expect(announceUpdate).toHaveBeenCalledTimes(1);

    jest.advanceTimersByTime(MARK_MS);
    expect(marks().size).toBe(0);
  });

  it('says nothing when a live update changed nothing shown', () => {
    const { changes, marks, land } = setUp();
    land([row('a')]);
    changes.set(1);
    land([row('a')]);
    expect(marks().size).toBe(0);
    expect(announceUpdate).not.toHaveBeenCalled();
  });

  it('does not compare the answers of two scopes (another filter)', () => {
    const { changes, scope, marks, land } = setUp();
    land([row('a')]);
    changes.set(1);
    scope.set('acme');
    land([row('x')]);
    expect(marks().size).toBe(0);
  });

  it('starts again after a failed load', () => {
    const { changes, marks, land } = setUp();
    land([row('a')]);
    land(null);
    changes.set(1);
    land([row('a', 'closed')]);
    expect(marks().size).toBe(0);
  });

  it('keeps one timer however many updates land', () => {
    const { changes, marks, land } = setUp();
    land([row('a')]);
    for (let n = 1; n <= 50; n++) {
      changes.set(n);
      land([row('a', 'open', n)]);
    }
    expect([...marks()]).toEqual(['a']);
    expect(jest.getTimerCount()).toBe(1);
  });
});
