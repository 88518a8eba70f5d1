import { DestroyRef, EnvironmentInjector, createEnvironmentInjector } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { NEVER, Subject, of } from 'rxjs';

import { Fetched } from './api.types';
import { DataFreshnessService } from './data-freshness.service';

const fetched = (cache: 'HIT' | 'MISS' | 'STALE', asOf: number): Fetched<null> => ({
  data: null,
  freshness: { cache, asOf },
  pending: [],
});

describe('DataFreshnessService', () => {
  let service: DataFreshnessService;

  beforeEach(() => {
    service = TestBed.inject(DataFreshnessService);
  });

  // A page's lifetime, as an injector the test can destroy.
  function page(): { destroyRef: DestroyRef; leave: () => void } {
    const injector = createEnvironmentInjector([], TestBed.inject(EnvironmentInjector));
    return { destroyRef: injector.get(DestroyRef), leave: () => injector.destroy() };
  }

  it('summarises the oldest datum of the pages in view', () => {
    const { destroyRef } = page();
    const scope = service.scope(destroyRef);
    of(fetched('HIT', 5000)).pipe(scope.track('a')).subscribe();
    of(fetched('MISS', 3000)).pipe(scope.track('b')).subscribe();

    expect(service.summary()).toEqual({ cache: 'HIT', asOf: 3000 });
  });

  it('replaces what a key recorded when it loads again', () => {
    const { destroyRef } = page();
    const scope = service.scope(destroyRef);
    of(fetched('STALE', 1000)).pipe(scope.track('a')).subscribe();
    of(fetched('MISS', 9000)).pipe(scope.track('a')).subscribe();

    expect(service.summary()).toEqual({ cache: 'MISS', asOf: 9000 });
  });

  it('forgets a page when it is destroyed, and a key on request', () => {
    const first = page();
    const second = page();
    const a = service.scope(first.destroyRef);
    const b = service.scope(second.destroyRef);
    of(fetched('STALE', 1000)).pipe(a.track('x')).subscribe();
    of(fetched('HIT', 4000)).pipe(b.track('x')).subscribe();
    of(fetched('HIT', 2000)).pipe(b.track('y')).subscribe();

    first.leave();
    expect(service.summary()).toEqual({ cache: 'HIT', asOf: 2000 });
    b.forget('y');
    expect(service.summary()).toEqual({ cache: 'HIT', asOf: 4000 });
  });

  it("collects its answers' pending enrichments, and is loading only until a first answer", () => {
    const { destroyRef } = page();
    const scope = service.scope(destroyRef);
    const issues = new Subject<Fetched<null>>();
    issues.pipe(scope.track('issues')).subscribe();
    expect(service.loading()).toBe(true);
    issues.next({ ...fetched('MISS', 1000), pending: ['attention'] });
    of({ ...fetched('MISS', 1000), pending: ['commits' as const] })
      .pipe(scope.track('repos'))
      .subscribe();
    // Still subscribed, following the pending answer, but no longer loading.
    expect(service.loading()).toBe(false);
    expect([...scope.pending()]).toEqual(['attention', 'commits']);
    issues.next(fetched('MISS', 2000));
    expect([...scope.pending()]).toEqual(['commits']);
    scope.forget('repos');
    expect(scope.pending().size).toBe(0);
    issues.complete();
    expect(service.loading()).toBe(false);
  });

  it('counts requests in flight', () => {
    const { destroyRef } = page();
    const scope = service.scope(destroyRef);
    const answer = new Subject<Fetched<null>>();
    const running = answer.pipe(scope.track('a')).subscribe();
    const hanging = NEVER.pipe(scope.track<null>('b')).subscribe();

    expect(service.loading()).toBe(true);
    answer.next(fetched('HIT', 1));
    answer.complete();
    expect(service.loading()).toBe(true);
    hanging.unsubscribe();
    expect(service.loading()).toBe(false);
    running.unsubscribe();
  });

  it('counts refresh requests', () => {
    const before = service.refreshes();
    service.refresh();
    service.refresh();
    expect(service.refreshes()).toBe(before + 2);
  });
});
