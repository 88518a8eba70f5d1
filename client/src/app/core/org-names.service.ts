import { Injectable, inject, signal } from '@angular/core';
import type { Organization } from '@shared/board/entities';

import { ApiService } from './api.service';

/**
 * Display names of the covered organizations, for filters and tables that otherwise know
 * only slugs. Loaded once per visit; until then, or if it fails, pages show slugs.
 */
@Injectable({ providedIn: 'root' })
export class OrgNamesService {
  private readonly api = inject(ApiService);
  private readonly map = signal<ReadonlyMap<string, string>>(new Map());
  private requested = false;

  readonly names = this.map.asReadonly();

  /** Loads the names unless they are known or on their way. */
  ensureLoaded(): void {
    if (this.requested) return;
    this.requested = true;
    this.api.orgs().subscribe({
      next: (answer) => this.remember(answer.data),
      // Names are a nicety: slugs stand in, and the next page visit tries again.
      error: () => (this.requested = false),
    });
  }

  /** Takes the names from an organization list a page loaded anyway. */
  remember(orgs: readonly Organization[]): void {
    this.requested = true;
    this.map.set(new Map(orgs.map((o) => [o.slug, o.name || o.slug])));
  }

  /** The display name of a slug, or the slug itself. */
  nameOf(slug: string): string {
    return this.map().get(slug) ?? slug;
  }
}
