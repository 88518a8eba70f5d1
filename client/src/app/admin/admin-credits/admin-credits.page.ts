import {
  ChangeDetectionStrategy,
  Component,
  computed,
  effect,
  inject,
  linkedSignal,
  signal,
} from '@angular/core';
import { FormControl, FormGroup, ReactiveFormsModule, Validators } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatTableModule } from '@angular/material/table';
import type { RefreshResult } from '@shared/board/admin';
import { forkJoin, map, take } from 'rxjs';

import { ApiError } from '../../core/api-error';
import { ApiService } from '../../core/api.service';
import { BoardMetaService } from '../../core/board-meta.service';
import { DataFreshnessService } from '../../core/data-freshness.service';
import { OrgNamesService } from '../../core/org-names.service';
import { remoteResource } from '../../core/remote-resource';
import { asApiError } from '../../core/remote-state';
import { CsvDownloadComponent } from '../../ui/csv-download.component';
import { EmptyStateComponent } from '../../ui/empty-state.component';
import { formatCredits } from '../../ui/format';
import { ICON_IMPORTS } from '../../ui/icons';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { LowBalanceBadgeComponent } from '../../ui/low-balance-badge.component';
import { RelativeTimeComponent } from '../../ui/relative-time.component';
import { AdminApiService } from '../admin-api.service';
import {
  ADMIN_CREDIT_CSV_COLUMNS,
  AdminCreditRow,
  adminCreditRows,
  lastSnapshotAt,
} from './admin-credits.view';

/**
 * `/admin/credits`: every organization's balance against the alert threshold, the
 * threshold itself (stored by the board, `PUT api/admin/settings`), and a manual refresh
 * that records a snapshot now (`POST api/admin/credits/refresh`).
 */
@Component({
  selector: 'npc-admin-credits-page',
  imports: [
    CsvDownloadComponent,
    EmptyStateComponent,
    LoadErrorComponent,
    LowBalanceBadgeComponent,
    MatButtonModule,
    MatFormFieldModule,
    ICON_IMPORTS,
    MatInputModule,
    MatTableModule,
    ReactiveFormsModule,
    RelativeTimeComponent,
  ],
  templateUrl: './admin-credits.page.html',
  styleUrl: './admin-credits.page.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class AdminCreditsPage {
  private readonly api = inject(ApiService);
  private readonly adminApi = inject(AdminApiService);
  private readonly boardMeta = inject(BoardMetaService);
  private readonly orgNames = inject(OrgNamesService);
  private readonly freshness = inject(DataFreshnessService);
  private readonly scope = this.freshness.scope();

  /** The organizations with their balances, and the settings, loaded in parallel. */
  private readonly creditsLoad = remoteResource(
    () => this.freshness.refreshes(),
    () =>
      forkJoin({
        // Balances only: the first answer has them, pending counts or not.
        orgs: this.api.orgs().pipe(
          take(1),
          this.scope.track('orgs'),
          map((answer) => answer.data),
        ),
        settings: this.adminApi.settings(),
      }),
  );
  protected readonly state = this.creditsLoad.state;

  /** The threshold in force: as loaded, then as last saved. */
  protected readonly threshold = linkedSignal(
    () => this.state().data?.settings.credit_alert_threshold ?? null,
  );
  protected readonly refreshResult = signal<RefreshResult | null>(null);
  protected readonly rows = computed(() => {
    const orgs = this.state().data?.orgs;
    return orgs ? adminCreditRows(orgs, this.refreshResult(), this.threshold()) : null;
  });
  protected readonly lastSnapshot = computed(() =>
    lastSnapshotAt(this.state().data?.orgs ?? [], this.refreshResult()),
  );
  protected readonly refreshProblems = computed(
    () => this.refreshResult()?.balances.filter((b) => b.reason).length ?? 0,
  );

  protected readonly thresholdField = new FormControl<number | null>(null, Validators.required);
  protected readonly thresholdForm = new FormGroup({ threshold: this.thresholdField });
  protected readonly saving = signal(false);
  protected readonly saved = signal<number | null>(null);
  protected readonly refreshing = signal(false);
  protected readonly refreshError = signal<ApiError | null>(null);

  /** Notes only when some balance has a problem to note. */
  protected readonly columns = computed(() =>
    this.rows()?.some((r) => r.problem) ? ['name', 'balance', 'problem'] : ['name', 'balance'],
  );
  protected readonly csvColumns = ADMIN_CREDIT_CSV_COLUMNS;
  protected readonly credits = formatCredits;
  protected readonly trackRow = (_: number, row: AdminCreditRow): string => row.slug;

  constructor() {
    this.orgNames.ensureLoaded();
    // The field shows the threshold in force until the admin starts changing it.
    effect(() => {
      const threshold = this.threshold();
      if (threshold !== null && !this.thresholdField.dirty) {
        this.thresholdField.setValue(threshold);
      }
    });
  }

  protected retry(): void {
    this.creditsLoad.reload();
  }

  protected save(): void {
    const value = this.thresholdField.value;
    this.thresholdField.markAsTouched();
    if (this.saving() || value === null || this.thresholdField.hasError('required')) return;
    this.saving.set(true);
    this.saved.set(null);
    this.adminApi.saveSettings({ credit_alert_threshold: value }).subscribe({
      next: (settings) => {
        this.saving.set(false);
        this.threshold.set(settings.credit_alert_threshold);
        this.saved.set(settings.credit_alert_threshold);
        this.thresholdField.reset(settings.credit_alert_threshold);
        // The other pages read the threshold from `api/meta`.
        this.boardMeta.load();
      },
      error: (error: unknown) => {
        this.saving.set(false);
        // Shown under the field in the server's words ("… must not be negative").
        this.thresholdField.setErrors({ server: asApiError(error).message });
      },
    });
  }

  protected refreshNow(): void {
    if (this.refreshing()) return;
    this.refreshing.set(true);
    this.refreshError.set(null);
    this.adminApi.refreshCredits().subscribe({
      next: (result) => {
        this.refreshing.set(false);
        this.refreshResult.set(result);
      },
      error: (error: unknown) => {
        this.refreshing.set(false);
        this.refreshError.set(asApiError(error));
      },
    });
  }
}
