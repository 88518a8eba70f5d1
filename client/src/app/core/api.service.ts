import { HttpClient, HttpParams, HttpResponse } from '@angular/common/http';
import { Injectable, inject } from '@angular/core';
import type {
  CreditSnapshot,
  Issue,
  IssueComment,
  OrgCredits,
  Organization,
  Repository,
} from '@shared/board/entities';
import { ENRICHMENTS, type Enrichment, PENDING_HEADER } from '@shared/board/entities';
import type { NpcDetail, NpcScorecards, OutcomeWindow } from '@shared/board/outcomes';
import type { RunFigures, TaskRuns } from '@shared/board/runs';
import { EMPTY, Observable, expand, map, switchMap, timer } from 'rxjs';

import { BoardMeta, Fetched, IssueQuery } from './api.types';
import { freshnessOf } from './freshness';

/** Credit windows the board accepts. */
export type CreditDays = 7 | 30;

/**
 * Waits before asking again for an answer with pending enrichments: short at first, then
 * longer; after the last the page keeps what it has until its next refresh.
 */
export const PENDING_FOLLOW_MS: readonly number[] = [
  1_500,
  2_000,
  3_000,
  5_000,
  5_000,
  ...Array<number>(24).fill(10_000),
];

/**
 * The one client of the board API. Paths are relative ("api/…", no leading slash) so
 * they resolve against `<base href>` and keep working when the board is served under
 * a BASE_PATH such as `/board/`. Read routes come back with their freshness (`X-Cache`,
 * `Age`) because every page says how old its data is. An answer with pending enrichments
 * (`X-Board-Pending`) is followed by the same request again until none are pending, each
 * answer emitted as it arrives, so a page fills in without asking.
 */
@Injectable({ providedIn: 'root' })
export class ApiService {
  private readonly http = inject(HttpClient);

  /** Board version, NPC handles, alert threshold, platform web URL and covered orgs. */
  meta(): Observable<BoardMeta> {
    return this.http.get<BoardMeta>('api/meta');
  }

  /** Covered organizations with counts and balance; one may carry `error`. */
  orgs(): Observable<Fetched<Organization[]>> {
    return this.read<Organization[]>('api/orgs');
  }

  /** Repositories of one organization. */
  orgRepos(slug: string): Observable<Fetched<Repository[]>> {
    return this.read<Repository[]>(`api/orgs/${encodeURIComponent(slug)}/repos`);
  }

  /** Balance, consumption, forecast and snapshots of one organization. */
  orgCredits(slug: string, days: CreditDays): Observable<Fetched<OrgCredits>> {
    return this.read<OrgCredits>(`api/orgs/${encodeURIComponent(slug)}/credits`, { days });
  }

  /** Snapshots of every covered organization over the window. */
  creditHistory(days: CreditDays): Observable<Fetched<CreditSnapshot[]>> {
    return this.read<CreditSnapshot[]>('api/credits/history', { days });
  }

  /** Each covered organization's NPC runs: going now, core-hours today and over the window. */
  runFigures(days: CreditDays): Observable<Fetched<RunFigures>> {
    return this.read<RunFigures>('api/runs', { days });
  }

  /** NPC issues across the covered organizations, newest first. */
  npcIssues(query: IssueQuery): Observable<Fetched<Issue[]>> {
    return this.read<Issue[]>('api/issues', { npc: 'true', ...query });
  }

  /** One issue with its body; `fullName` is `org/repo`. */
  issue(fullName: string, number: number): Observable<Fetched<Issue>> {
    return this.read<Issue>(`api/repos/${fullNamePath(fullName)}/issues/${number}`);
  }

  /** The conversation of one issue, oldest comment first; `fullName` is `org/repo`. */
  issueComments(fullName: string, number: number): Observable<Fetched<IssueComment[]>> {
    return this.read<IssueComment[]>(
      `api/repos/${fullNamePath(fullName)}/issues/${number}/comments`,
    );
  }

  /** The NPC runs of one task, newest first, with their core-hours; `fullName` is `org/repo`. */
  issueRuns(fullName: string, number: number): Observable<Fetched<TaskRuns>> {
    return this.read<TaskRuns>(`api/repos/${fullNamePath(fullName)}/issues/${number}/runs`);
  }

  /** Every NPC's outcome measures over the window, configured NPCs first. */
  npcScorecards(days: OutcomeWindow): Observable<Fetched<NpcScorecards>> {
    return this.read<NpcScorecards>('api/npcs', { days });
  }

  /** One NPC's measures, per organization and repository, its open tasks and pull requests. */
  npcDetail(handle: string, days: OutcomeWindow): Observable<Fetched<NpcDetail>> {
    return this.read<NpcDetail>(`api/npcs/${encodeURIComponent(handle)}`, { days });
  }

  private read<T>(
    url: string,
    query: Record<string, string | number | undefined> = {},
  ): Observable<Fetched<T>> {
    let params = new HttpParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') params = params.set(key, String(value));
    }
    const once = this.http
      .get<T>(url, { params, observe: 'response' })
      .pipe(map((response) => fetched(response)));
    return once.pipe(
      expand((answer, index) =>
        answer.pending.length > 0 && index < PENDING_FOLLOW_MS.length
          ? timer(PENDING_FOLLOW_MS[index]).pipe(switchMap(() => once))
          : EMPTY,
      ),
    );
  }
}

/** `org/repo` as a path: each segment escaped, the slash kept. */
function fullNamePath(fullName: string): string {
  return fullName.split('/').map(encodeURIComponent).join('/');
}

function fetched<T>(response: HttpResponse<T>): Fetched<T> {
  return {
    data: response.body as T,
    freshness: freshnessOf(response.headers, Date.now()),
    pending: pendingOf(response.headers.get(PENDING_HEADER)),
  };
}

/** The enrichments an `X-Board-Pending` value names; unknown names are left out. */
export function pendingOf(header: string | null): Enrichment[] {
  const named = new Set((header ?? '').split(',').map((name) => name.trim()));
  return ENRICHMENTS.filter((enrichment) => named.has(enrichment));
}
