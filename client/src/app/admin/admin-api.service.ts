import { HttpClient, HttpHeaders } from '@angular/common/http';
import { Injectable, inject } from '@angular/core';
import type {
  AdminOverview,
  AdminSettings,
  DispatchRequest,
  RefreshResult,
  SettingsChange,
} from '@shared/board/admin';
import type { DispatchHistoryItem, PreflightResult } from '@shared/board/dispatch';
import type { Issue } from '@shared/board/entities';
import { Observable } from 'rxjs';
import { idempotencyHeaders } from '../core/idempotency-key';

/**
 * The admin routes of the board API. It lives in the lazy admin area, so visitors of the
 * public pages never download it; the admin token is added by adminAuthInterceptor.
 * Paths are relative, like ApiService's, so a BASE_PATH prefix applies.
 */
@Injectable({ providedIn: 'root' })
export class AdminApiService {
  private readonly http = inject(HttpClient);

  /**
   * The admin settings. With `token`, the request carries that token instead of the
   * stored one: how the sign-in form checks a token before keeping it.
   */
  settings(token?: string): Observable<AdminSettings> {
    const headers = token ? new HttpHeaders({ Authorization: `Bearer ${token}` }) : undefined;
    return this.http.get<AdminSettings>('api/admin/settings', { headers });
  }

  /** Stores the given settings (the others are kept); answers with those now in force. */
  saveSettings(settings: SettingsChange): Observable<AdminSettings> {
    return this.http.put<AdminSettings>('api/admin/settings', settings);
  }

  /** Drops cached balances and records a snapshot now. */
  refreshCredits(): Observable<RefreshResult> {
    return this.http.post<RefreshResult>('api/admin/credits/refresh', null);
  }

  /** Completion rate, response times and rankings over the last `days` days. */
  overview(days: 7 | 30): Observable<AdminOverview> {
    return this.http.get<AdminOverview>('api/admin/overview', { params: { days } });
  }

  /** What a dispatch would run into; creates nothing. */
  preflight(request: Partial<DispatchRequest> & { repo: string }): Observable<PreflightResult> {
    return this.http.post<PreflightResult>('api/issues/preflight', request);
  }

  /** Dispatches and re-dispatches, newest first, with where each issue stands. */
  dispatches(filter: {
    limit?: number;
    npc?: string;
    org?: string;
  }): Observable<DispatchHistoryItem[]> {
    const params = Object.fromEntries(
      Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''),
    ) as Record<string, string | number>;
    return this.http.get<DispatchHistoryItem[]>('api/admin/dispatches', { params });
  }

  /**
   * Creates the issue and assigns the NPC; answers with the new issue. Each call is one
   * submission with its own idempotency key.
   */
  dispatch(request: DispatchRequest): Observable<Issue> {
    return this.http.post<Issue>('api/issues/create', request, { headers: idempotencyHeaders() });
  }
}
