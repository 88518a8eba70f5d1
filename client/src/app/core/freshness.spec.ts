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

  it('knows nothing from no answers', () => {
    expect(combineFreshness([])).toBeNull();
  });
});
