import { provideHttpClient, withInterceptors } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import type { Organization } from '@shared/board/entities';

import { ApiService, PENDING_FOLLOW_MS, pendingOf } from './api.service';
import { Fetched } from './api.types';
import { errorInterceptor } from './error.interceptor';

describe('ApiService', () => {
  let api: ApiService;
  let http: HttpTestingController;

  beforeEach(() => {
    TestBed.configureTestingModule({
      providers: [
        provideHttpClient(withInterceptors([errorInterceptor])),
        provideHttpClientTesting(),
      ],
    });
    api = TestBed.inject(ApiService);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  it('calls relative paths, so a BASE_PATH prefix applies', () => {
    api.orgs().subscribe();
    api.orgRepos('acme').subscribe();
    api.orgCredits('acme', 30).subscribe();
    api.creditHistory(7).subscribe();
    for (const url of [
      'api/orgs',
      'api/orgs/acme/repos',
      'api/orgs/acme/credits?days=30',
      'api/credits/history?days=7',
    ]) {
      http.expectOne(url).flush([]);
    }
  });

  describe('answers with pending enrichments', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());
    const tick = (ms: number) => jest.advanceTimersByTime(ms);

    it('asks again while enrichments are pending, emitting each answer, and stops when none are', () => {
      const seen: { stuck: (number | null)[]; pending: readonly string[] }[] = [];
      let done = false;
      api.orgs().subscribe({
        next: (answer) =>
          seen.push({ stuck: answer.data.map((o) => o.stuck_count), pending: answer.pending }),
        complete: () => (done = true),
      });
      const org = (stuck: number | null) => ({ slug: 'acme', stuck_count: stuck }) as Organization;
      http
        .expectOne('api/orgs')
        .flush([org(null)], { headers: { 'X-Board-Pending': 'attention, commits' } });
      expect(seen).toEqual([{ stuck: [null], pending: ['attention', 'commits'] }]);
      tick(PENDING_FOLLOW_MS[0] - 1);
      http.expectNone('api/orgs');
      tick(1);
      http
        .expectOne('api/orgs')
        .flush([org(null)], { headers: { 'X-Board-Pending': 'attention' } });
      tick(PENDING_FOLLOW_MS[1]);
      http.expectOne('api/orgs').flush([org(2)]);
      expect(seen.map((s) => s.stuck)).toEqual([[null], [null], [2]]);
      expect(seen[2].pending).toEqual([]);
      expect(done).toBe(true);
      tick(60_000);
      http.expectNone('api/orgs');
    });

    it('gives up following after its last wait, keeping the answer it has', () => {
      let answers = 0;
      let done = false;
      api.orgRepos('acme').subscribe({ next: () => answers++, complete: () => (done = true) });
      for (const wait of [0, ...PENDING_FOLLOW_MS]) {
        tick(wait);
        http
          .expectOne('api/orgs/acme/repos')
          .flush([], { headers: { 'X-Board-Pending': 'commits' } });
      }
      expect([answers, done]).toEqual([PENDING_FOLLOW_MS.length + 1, true]);
    });
  });

  it('reads only the enrichment names it knows from X-Board-Pending', () => {
    expect(pendingOf(null)).toEqual([]);
    expect(pendingOf('commits,attention')).toEqual(['attention', 'commits']);
    expect(pendingOf(' attention , later-thing ')).toEqual(['attention']);
  });

  it('asks for NPC issues with only the filters that are set', () => {
    api.npcIssues({ org: 'acme', state: undefined, npc_handle: 'npc-tester' }).subscribe();
    http.expectOne('api/issues?npc=true&org=acme&npc_handle=npc-tester').flush([]);
  });

  it('reads one issue by repository full name and number', () => {
    api.issue('acme/web', 12).subscribe();
    http.expectOne('api/repos/acme/web/issues/12').flush({});
  });

  it("reads an issue's conversation beside the issue", () => {
    api.issueComments('acme/web.site', 12).subscribe();
    http.expectOne('api/repos/acme/web.site/issues/12/comments').flush([]);
  });

  it('sends the attention and repository filters as the board names them', () => {
    api.npcIssues({ attention: 'overdue', repo: 'acme/web' }).subscribe();
    http.expectOne('api/issues?npc=true&attention=overdue&repo=acme/web').flush([]);
  });

  it('returns the body with its freshness from X-Cache and Age', () => {
    let answer: Fetched<unknown> | undefined;
    const before = Date.now();
    api.orgs().subscribe((a) => (answer = a));
    http.expectOne('api/orgs').flush(['x'], { headers: { 'X-Cache': 'STALE', Age: '600' } });

    expect(answer?.data).toEqual(['x']);
    expect(answer?.freshness.cache).toBe('STALE');
    expect(answer?.freshness.asOf).toBeGreaterThanOrEqual(before - 600_000);
    expect(answer?.freshness.asOf).toBeLessThanOrEqual(Date.now() - 600_000);
  });
});
