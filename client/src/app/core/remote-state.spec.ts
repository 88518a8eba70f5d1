import { expect } from '@jest/globals';
import { Subject, of, throwError } from 'rxjs';

import { ApiError } from './api-error';
import { RemoteState, asApiError, loadEach } from './remote-state';

describe('loadEach', () => {
  it('reports loading, then the data', () => {
    const seen: RemoteState<string>[] = [];
    of(1)
      .pipe(loadEach((n) => of(`answer ${n}`)))
      .subscribe((s) => seen.push(s));

    expect(seen).toEqual([
      { loading: true, data: null, error: null },
      { loading: false, data: 'answer 1', error: null },
    ]);
  });

  it('keeps the previous data visible while the next request runs', () => {
    const params = new Subject<number>();
    const answers = new Subject<string>();
    const seen: RemoteState<string>[] = [];
    params.pipe(loadEach(() => answers)).subscribe((s) => seen.push(s));

    params.next(1);
    answers.next('first');
    params.next(2);

    expect(seen.at(-1)).toEqual({ loading: true, data: 'first', error: null });
  });

  it('drops the data and reports the error when a request fails', () => {
    const params = new Subject<number>();
    const seen: RemoteState<string>[] = [];
    params
      .pipe(
        loadEach((n) =>
          n === 1 ? of('first') : throwError(() => new ApiError(502, 'The platform failed.')),
        ),
      )
      .subscribe((s) => seen.push(s));

    params.next(1);
    params.next(2);

    expect(seen.at(-1)).toEqual({
      loading: false,
      data: null,
      error: expect.objectContaining({ status: 502, message: 'The platform failed.' }),
    });
  });

  it('recovers on the next parameter after a failure', () => {
    const params = new Subject<number>();
    const seen: RemoteState<string>[] = [];
    params
      .pipe(loadEach((n) => (n === 1 ? throwError(() => new Error('boom')) : of('ok'))))
      .subscribe((s) => seen.push(s));

    params.next(1);
    params.next(2);

    expect(seen.at(-1)).toEqual({ loading: false, data: 'ok', error: null });
  });
});

describe('asApiError', () => {
  it('keeps ApiErrors and wraps anything else', () => {
    const api = new ApiError(404, 'No such organization.');
    expect(asApiError(api)).toBe(api);
    expect(asApiError(new Error('boom'))).toMatchObject({ status: 0, message: 'boom' });
    expect(asApiError('odd')).toMatchObject({ status: 0, message: 'odd' });
  });
});
