import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatSelectModule } from '@angular/material/select';
import { ActivatedRoute, Router } from '@angular/router';
import { map } from 'rxjs';

import { BoardMetaService } from '../../core/board-meta.service';
import { DataFreshnessService } from '../../core/data-freshness.service';
import { OrgNamesService } from '../../core/org-names.service';
import { remoteResource } from '../../core/remote-resource';
import { AppLink } from '../../ui/app-link';
import { CsvDownloadComponent } from '../../ui/csv-download.component';
import { EmptyStateComponent } from '../../ui/empty-state.component';
import { ICON_IMPORTS } from '../../ui/icons';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { RelativeTimeComponent } from '../../ui/relative-time.component';
import { findingLabel } from '../../core/error-text';
import { AdminApiService } from '../admin-api.service';
import { findingTextOf } from '../dispatch/dispatch-findings.component';
import {
  DISPATCH_CSV_COLUMNS,
  HISTORY_LIMIT,
  columnText,
  durationText,
  kindText,
  noteText,
  parseDispatchesState,
} from './dispatches.view';

/**
 * `/admin/dispatches`: every dispatch and re-dispatch the board sent, newest first, with
 * who sent it, the checks it passed or overrode, and where its issue stands now (column,
 * pickup latency, cycle time). Filters live in the URL.
 */
@Component({
  selector: 'npc-admin-dispatches-page',
  imports: [
    CsvDownloadComponent,
    EmptyStateComponent,
    ICON_IMPORTS,
    LoadErrorComponent,
    MatFormFieldModule,
    MatSelectModule,
    RelativeTimeComponent,
    AppLink,
  ],
  templateUrl: './dispatches.page.html',
  styleUrl: './dispatches.page.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class DispatchesPage {
  private readonly adminApi = inject(AdminApiService);
  private readonly router = inject(Router);
  private readonly route = inject(ActivatedRoute);
  private readonly boardMeta = inject(BoardMetaService);
  private readonly orgNames = inject(OrgNamesService);
  private readonly freshness = inject(DataFreshnessService);

  protected readonly filters = toSignal(this.route.queryParams.pipe(map(parseDispatchesState)), {
    initialValue: parseDispatchesState(this.route.snapshot.queryParams),
  });
  protected readonly handles = computed(() => this.boardMeta.meta()?.npc_handles ?? []);
  protected readonly orgs = computed(() => this.boardMeta.meta()?.covered_orgs ?? []);

  private readonly dispatchesLoad = remoteResource(
    () => ({ ...this.filters(), refresh: this.freshness.refreshes() }),
    ({ npc, org }) =>
      this.adminApi.dispatches({
        limit: HISTORY_LIMIT,
        npc: npc ?? undefined,
        org: org ?? undefined,
      }),
  );
  protected readonly state = this.dispatchesLoad.state;

  protected readonly csvColumns = DISPATCH_CSV_COLUMNS;
  /** Words the template picks between. */
  protected readonly words = {
    noMatch: $localize`:@@admin.dispatches.empty.noMatch:No dispatch matches these filters.`,
    noneYet: $localize`:@@admin.dispatches.empty.noneYet:Nothing has been dispatched from this board yet.`,
  };
  protected readonly column = columnText;
  protected readonly duration = durationText;
  protected readonly kind = kindText;
  protected readonly note = noteText;
  /** A finding's sentence in the app's words; the stored message for an old record. */
  protected readonly findingTitle = findingTextOf;
  /** A finding's kind in words, for its chip. */
  protected readonly findingLabel = findingLabel;
  protected readonly orgName = (slug: string): string => this.orgNames.nameOf(slug);

  constructor() {
    this.orgNames.ensureLoaded();
  }

  protected filter(key: 'npc' | 'org', value: string | null): void {
    void this.router.navigate([], {
      relativeTo: this.route,
      queryParams: { [key]: value || null },
      queryParamsHandling: 'merge',
    });
  }

  protected retry(): void {
    this.dispatchesLoad.reload();
  }
}
