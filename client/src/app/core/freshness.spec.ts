import { HttpHeaders } from '@angular/common/http';

import { combineFreshness, freshnessOf } from './freshness';

const AT = Date.parse('2026-11-22T12:00:00Z');

describe('freshnessOf', () => {
  it('dates the data Age seconds before it arrived', () => {
    const headers = new HttpHeaders({ 'X-Cache': 'HIT', Age: '120' });
    expect(freshnessOf(headers, AT)).toEqual({ cache: 'HIT', asOf: AT - 120_000 });
  });

  it('reads STALE in any case', () => {
    expect(freshnessOf(new HttpHeaders({ 'x-cache': 'stale', age: '7200' }), AT)).toEqual({
      cache: 'STALE',
      asOf: AT - 7_200_000,
    });
  });

  it('reads why a STALE answer is old, and until when the budget holds it back', () => {
    const budget = new HttpHeaders({
      'X-Cache': 'STALE',
      Age: '600',
      'X-Stale-Reason': 'budget',
      'X-Budget-Until': '2026-11-22T12:35:00.000Z',
    });
    expect(freshnessOf(budget, AT)).toEqual({
      cache: 'STALE',
      asOf: AT - 600_000,
      staleReason: 'budget',
      budgetUntil: Date.parse('2026-11-22T12:35:00Z'),
    });
    const platform = new HttpHeaders({ 'X-Cache': 'STALE', 'X-Stale-Reason': 'platform' });
    expect(freshnessOf(platform, AT)).toEqual({
      cache: 'STALE',
      asOf: AT,
      staleReason: 'platform',
    });
    // Unknown reasons, and reasons on fresh answers, are ignored.
    const odd = new HttpHeaders({ 'X-Cache': 'STALE', 'X-Stale-Reason': 'weather' });
    expect(freshnessOf(odd, AT)).toEqual({ cache: 'STALE', asOf: AT });
    const hit = new HttpHeaders({ 'X-Cache': 'HIT', 'X-Stale-Reason': 'budget' });
    expect(freshnessOf(hit, AT)).toEqual({ cache: 'HIT', asOf: AT });
  });

  it('treats missing or malformed headers as fresh data of unknown origin', () => {
    expect(freshnessOf(new HttpHeaders(), AT)).toEqual({ cache: null, asOf: AT });
    expect(freshnessOf(new HttpHeaders({ 'X-Cache': 'MAYBE', Age: '-5' }), AT)).toEqual({
      cache: null,
      asOf: AT,
    });
  });
});

describe('combineFreshness', () => {
  it('takes the oldest datum, and is stale when any answer is', () => {
    expect(
      combineFreshness([
        { cache: 'HIT', asOf: AT - 1000 },
        { cache: 'STALE', asOf: AT - 5000 },
        { cache: 'MISS', asOf: AT },
      ]),
    ).toEqual({ cache: 'STALE', asOf: AT - 5000 });
  });

  it('puts stale answers down to the budget only when every stale one was', () => {
    const until = (minutes: number) => AT + minutes * 60_000;
    expect(
      combineFreshness([
        { cache: 'HIT', asOf: AT },
        { cache: 'STALE', asOf: AT - 5000, staleReason: 'budget', budgetUntil: until(5) },
        { cache: 'STALE', asOf: AT - 9000, staleReason: 'budget', budgetUntil: until(20) },
      ]),
    ).toEqual({ cache: 'STALE', asOf: AT - 9000, staleReason: 'budget', budgetUntil: until(20) });
    expect(
      combineFreshness([
        { cache: 'STALE', asOf: AT - 5000, staleReason: 'budget', budgetUntil: until(5) },
        { cache: 'STALE', asOf: AT - 9000, staleReason: 'platform' },
      ]),
    ).toEqual({ cache: 'STALE', asOf: AT - 9000, staleReason: 'platform' });
  });

  it('knows nothing from no answers', () => {
    expect(combineFreshness([])).toBeNull();
  });
});
