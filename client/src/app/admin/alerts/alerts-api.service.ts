import { HttpClient } from '@angular/common/http';
import { Injectable, inject } from '@angular/core';
import type {
  AlertLanguage,
  AlertView,
  ChannelKind,
  ChannelTestResult,
  ChannelView,
  DeliveryView,
  EvaluateResult,
  SilenceRequest,
  SilenceView,
} from '@shared/board/alerts';
import { Observable } from 'rxjs';
import type { AlertRule } from '@shared/board/admin';

/** What the channel form sends; a left-out `url` or `secret` keeps the stored one on edit. */
export interface ChannelChange {
  name?: string;
  kind?: ChannelKind;
  language?: AlertLanguage;
  url?: string;
  secret?: string | null;
  enabled?: boolean;
  /** Empty: every rule. */
  rules?: AlertRule[];
  /** Empty: every organization. */
  orgs?: string[];
}

/** The alert routes of the board API (`api/admin/alerts…`), for the alerts page. */
@Injectable({ providedIn: 'root' })
export class AlertsApiService {
  private readonly http = inject(HttpClient);

  /** Firing first, then the week's resolved ones; at most `limit`. */
  alerts(limit = 500): Observable<AlertView[]> {
    return this.http.get<AlertView[]>('api/admin/alerts', { params: { limit } });
  }

  deliveries(limit = 50): Observable<DeliveryView[]> {
    return this.http.get<DeliveryView[]>('api/admin/alerts/deliveries', { params: { limit } });
  }

  channels(): Observable<ChannelView[]> {
    return this.http.get<ChannelView[]>('api/admin/alerts/channels');
  }

  createChannel(change: ChannelChange): Observable<ChannelView> {
    return this.http.post<ChannelView>('api/admin/alerts/channels', change);
  }

  updateChannel(id: string, change: ChannelChange): Observable<ChannelView> {
    return this.http.put<ChannelView>(`api/admin/alerts/channels/${id}`, change);
  }

  deleteChannel(id: string): Observable<void> {
    return this.http.delete<void>(`api/admin/alerts/channels/${id}`);
  }

  testChannel(id: string): Observable<ChannelTestResult> {
    return this.http.post<ChannelTestResult>(`api/admin/alerts/channels/${id}/test`, null);
  }

  /** Silences in force. */
  silences(): Observable<SilenceView[]> {
    return this.http.get<SilenceView[]>('api/admin/alerts/silences', { params: { limit: 500 } });
  }

  createSilence(request: SilenceRequest): Observable<SilenceView> {
    return this.http.post<SilenceView>('api/admin/alerts/silences', request);
  }

  deleteSilence(id: string): Observable<void> {
    return this.http.delete<void>(`api/admin/alerts/silences/${id}`);
  }

  evaluate(): Observable<EvaluateResult> {
    return this.http.post<EvaluateResult>('api/admin/alerts/evaluate', null);
  }
}
