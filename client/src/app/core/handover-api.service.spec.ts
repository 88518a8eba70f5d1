import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import type { Issue } from '@shared/board/entities';

import { HandoverApi } from './handover-api.service';

describe('HandoverApi', () => {
  it('posts a handover to the admin route, the repository one escaped segment, with a request key', () => {
    TestBed.configureTestingModule({
      providers: [provideHttpClient(), provideHttpClientTesting()],
    });
    const http = TestBed.inject(HttpTestingController);
    const issue = { repository: { full_name: 'acme/web app' }, number: 12 } as Issue;
    TestBed.inject(HandoverApi)
      .redispatch(issue, { npc: 'npc-tester', reason: 'stuck' })
      .subscribe();
    const sent = http.expectOne('api/admin/issues/acme%2Fweb%20app/12/redispatch');
    expect(sent.request.method).toBe('POST');
    expect(sent.request.body).toEqual({ npc: 'npc-tester', reason: 'stuck' });
    expect(sent.request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    sent.flush({});
    http.verify();
  });
});
