import { HttpClient } from '@angular/common/http';
import { Injectable, inject } from '@angular/core';
import type { Issue } from '@shared/board/entities';
import { Observable } from 'rxjs';

import { idempotencyHeaders } from './idempotency-key';

/**
 * The one write a user page makes: handing a task to another NPC from the issue dialog.
 * Apart from `ApiService` so that only the dialog's code, loaded for a signed-in admin,
 * carries it. An admin route: adminAuthInterceptor adds the token, as on every `api/admin/`
 * path.
 */
@Injectable({ providedIn: 'root' })
export class HandoverApi {
  private readonly http = inject(HttpClient);

  /** The board swaps the issue's NPC assignee and comments the mention. */
  redispatch(
    issue: Pick<Issue, 'repository' | 'number'>,
    handover: { npc: string; reason?: string },
  ): Observable<Issue> {
    // The route takes `org/repo` as one segment, so its slash is escaped too.
    const path = `api/admin/issues/${encodeURIComponent(issue.repository.full_name)}/${issue.number}/redispatch`;
    return this.http.post<Issue>(path, handover, { headers: idempotencyHeaders() });
  }
}
