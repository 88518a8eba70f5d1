import { HttpClient } from '@angular/common/http';
import { Injectable, inject } from '@angular/core';
import { Observable } from 'rxjs';

import { BoardMeta } from './api.types';

/**
 * The one client of the board API. Paths are relative ("api/…", no leading slash) so
 * they resolve against `<base href>` and keep working when the board is served under
 * a BASE_PATH such as `/board/`.
 */
@Injectable({ providedIn: 'root' })
export class ApiService {
  private readonly http = inject(HttpClient);

  /** Board version, NPC handles, alert threshold, platform web URL and covered orgs. */
  meta(): Observable<BoardMeta> {
    return this.http.get<BoardMeta>('api/meta');
  }
}
