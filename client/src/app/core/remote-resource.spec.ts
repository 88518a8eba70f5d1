import { expect } from '@jest/globals';
import { ApplicationRef, signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { Subject, first, firstValueFrom } from 'rxjs';

import { ApiError } from './api-error';
import { RemoteResource, remoteResource } from './remote-resource';

/** Lets the resource take in what the observable gave (it does so in a later task). */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve));
  TestBed.tick();
}

describe('remoteResource', () => {
  const params = signal<number | undefined>(1);
  let answers: Subject<string>[];
  let loaded: number[];
  let resource: RemoteResource<string>;

  beforeEach(() => {
    params.set(1);
    answers = [];
    loaded = [];
    resource = TestBed.runInInjectionContext(() =>
      remoteResource(params, (n) => {
        loaded.push(n);
        const answer = new Subject<string>();
        answers.push(answer);
        return answer;
      }),
    );
    TestBed.tick();
  });

  it('reports loading, then the data, and each later answer of the same load', async () => {
    expect(loaded).toEqual([1]);
    expect(resource.state()).toEqual({ loading: true, data: null, error: null });
    answers[0].next('first');
    await settle();
    expect(resource.state()).toEqual({ loading: false, data: 'first', error: null });
    answers[0].next('first, enriched');
    await settle();
    expect(resource.state()).toEqual({ loading: false, data: 'first, enriched', error: null });
  });

  it('keeps the last answer visible while new parameters load, and cancels the old load', async () => {
    answers[0].next('first');
    await settle();
    params.set(2);
    await settle();
    expect(loaded).toEqual([1, 2]);
    expect(resource.state()).toEqual({ loading: true, data: 'first', error: null });
    answers[0].next('late answer for 1');
    await settle();
    expect(resource.state().data).toBe('first');
    answers[1].next('second');
    await settle();
    expect(resource.state()).toEqual({ loading: false, data: 'second', error: null });
  });

  it('drops the data on a failure, and loads again on reload', async () => {
    answers[0].next('first');
    await settle();
    params.set(2);
    TestBed.tick();
    answers[1].error(new ApiError(502, 'The platform failed.'));
    await settle();
    expect(resource.state()).toEqual({
      loading: false,
      data: null,
      error: expect.objectContaining({ status: 502, message: 'The platform failed.' }),
    });

    resource.reload();
    await settle();
    expect(loaded).toEqual([1, 2, 2]);
    answers[2].next('second');
    await settle();
    expect(resource.state()).toEqual({ loading: false, data: 'second', error: null });
  });

  it('does not hold the app unstable while the answer is awaited', async () => {
    await settle();
    expect(resource.state().loading).toBe(true);
    const stable = TestBed.inject(ApplicationRef).isStable.pipe(first());
    expect(await firstValueFrom(stable)).toBe(true);
  });

  it('loads nothing while the parameters are undefined', async () => {
    params.set(undefined);
    await settle();
    expect(loaded).toEqual([1]);
    expect(resource.state().loading).toBe(true);
  });
});
