import { Injectable, inject, signal } from '@angular/core';

import { ApiError } from './api-error';
import { ApiService } from './api.service';
import { BoardMeta } from './api.types';

/**
 * Holds `api/meta` for the whole app. The shell loads it once at start; its failure is
 * what tells the shell the board cannot serve data (503: platform not configured).
 */
@Injectable({ providedIn: 'root' })
export class BoardMetaService {
  private readonly api = inject(ApiService);

  private readonly metaState = signal<BoardMeta | null>(null);
  private readonly errorState = signal<ApiError | null>(null);
  private readonly loadingState = signal(false);

  /** The last meta the server sent, or null before the first answer. */
  readonly meta = this.metaState.asReadonly();
  /** Why the last load failed, or null. */
  readonly error = this.errorState.asReadonly();
  /** True while a request is in flight, so Retry can show progress. */
  readonly loading = this.loadingState.asReadonly();

  /** Asks the server again; a success clears the previous error. */
  load(): void {
    if (this.loadingState()) {
      return;
    }
    this.loadingState.set(true);
    this.api.meta().subscribe({
      next: (meta) => {
        this.metaState.set(meta);
        this.errorState.set(null);
        this.loadingState.set(false);
      },
      error: (error: unknown) => {
        this.errorState.set(error instanceof ApiError ? error : new ApiError(0, String(error)));
        this.loadingState.set(false);
      },
    });
  }
}
