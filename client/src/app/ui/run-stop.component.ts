import { HttpClient } from '@angular/common/http';
import {
  ChangeDetectionStrategy,
  Component,
  computed,
  inject,
  input,
  output,
  signal,
} from '@angular/core';
import { FormControl, ReactiveFormsModule, Validators } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MAX_REASON_LENGTH } from '@shared/board/dispatch';
import type { NpcRun, StopRunResult } from '@shared/board/runs';

import { DataFreshnessService } from '../core/data-freshness.service';
import { remoteResource } from '../core/remote-resource';
import { asApiError } from '../core/remote-state';
import { formatCount } from './format';
import { coreHoursText } from './core-hours-text';

/**
 * *Stop run*, beside a running NPC run for a signed-in admin: the confirmation reads the
 * run as it stands (`GET api/admin/runs`) and names it, its task and the core-hours it has
 * billed so far; confirming stops it (`POST api/admin/runs/stop`, with an optional reason),
 * says so through `stopped` and reloads what the pages show. The admin token is added by adminAuthInterceptor.
 */
@Component({
  selector: 'npc-run-stop',
  imports: [MatButtonModule, MatFormFieldModule, MatInputModule, ReactiveFormsModule],
  template: `
    @if (!confirming()) {
      <button mat-stroked-button type="button" (click)="confirm()" data-action="stop-run">
        <ng-container i18n="@@runs.stop.open">Stop run</ng-container>
      </button>
    } @else {
      <form
        class="confirm"
        role="group"
        i18n-aria-label="@@runs.stop.label"
        aria-label="Stop this run"
        (ngSubmit)="stop()"
        novalidate
      >
        <p class="question" data-stop-question>
          @if (preview(); as now) {
            <ng-container i18n="@@runs.stop.question"
              >Stop run {{ now.sn }} of {{ task() }}? It has billed
              {{ hours(now.core_hours ?? 0) }} so far.</ng-container
            >
          } @else {
            <ng-container i18n="@@runs.stop.reading">Reading the run…</ng-container>
          }
        </p>
        <mat-form-field appearance="outline" subscriptSizing="dynamic" class="reason">
          <mat-label i18n="@@runs.stop.reason">Reason (optional)</mat-label>
          <input matInput [formControl]="reason" data-field="stop-reason" />
          @if (reason.hasError('maxlength')) {
            <mat-error i18n="@@runs.stop.reasonTooLong"
              >At most {{ count(maxReason) }} characters.</mat-error
            >
          }
        </mat-form-field>
        <div class="buttons">
          <button mat-button type="button" (click)="confirming.set(false)">
            <ng-container i18n="@@runs.stop.cancel">Keep it running</ng-container>
          </button>
          <button mat-flat-button type="submit" [disabled]="sending() || !preview()">
            @if (sending()) {
              <ng-container i18n="@@runs.stop.sending">Stopping…</ng-container>
            } @else {
              <ng-container i18n="@@runs.stop.submit">Stop run</ng-container>
            }
          </button>
        </div>
      </form>
    }
    @if (error(); as message) {
      <p class="error" role="alert">{{ message }}</p>
    }
  `,
  styles: `
    :host {
      display: block;
      margin-top: 6px;
    }
    .confirm {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 8px 12px;
    }
    .question {
      flex-basis: 100%;
      margin: 0;
      font: var(--mat-sys-body-medium);
    }
    .reason {
      flex: 1 1 200px;
    }
    .buttons {
      display: flex;
      gap: 8px;
    }
    .error {
      margin: 4px 0 0;
      font: var(--mat-sys-body-medium);
    }
    .error {
      color: var(--mat-sys-error);
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class RunStopComponent {
  private readonly http = inject(HttpClient);
  private readonly freshness = inject(DataFreshnessService);

  readonly run = input.required<NpcRun>();
  /** The stop went through (or the run had been stopped already). */
  readonly stopped = output<StopRunResult>();

  protected readonly maxReason = MAX_REASON_LENGTH;
  protected readonly count = formatCount;
  protected readonly hours = coreHoursText;
  protected readonly confirming = signal(false);
  /** The run as it stands, read each time the confirmation opens. */
  private readonly previewLoad = remoteResource(
    () => (this.confirming() ? this.run() : undefined),
    ({ repo, sn }) => this.http.get<NpcRun>('api/admin/runs', { params: { repo, sn } }),
  );
  protected readonly preview = computed(() => this.previewLoad.state().data);
  private readonly stopError = signal<string | null>(null);
  protected readonly error = computed(
    () => this.stopError() ?? this.previewLoad.state().error?.message ?? null,
  );
  protected readonly sending = signal(false);
  protected readonly reason = new FormControl('', {
    nonNullable: true,
    validators: Validators.maxLength(MAX_REASON_LENGTH),
  });

  /** `org/repo #12`, or the repository alone for a run linked to no task. */
  protected task(): string {
    const run = this.run();
    const number = run.issue_number ?? run.pull_number;
    return number === null ? run.repo : `${run.repo} #${number}`;
  }

  protected confirm(): void {
    this.stopError.set(null);
    this.confirming.set(true);
  }

  protected stop(): void {
    if (this.reason.invalid || this.sending()) return;
    const { repo, sn } = this.run();
    const why = this.reason.value.trim();
    this.sending.set(true);
    this.stopError.set(null);
    this.http
      .post<StopRunResult>('api/admin/runs/stop', { repo, sn, ...(why ? { reason: why } : {}) })
      .subscribe({
        next: (result) => {
          this.sending.set(false);
          this.confirming.set(false);
          this.stopped.emit(result);
          // The board told the task's pages; this one reloads at once.
          this.freshness.refresh();
        },
        error: (error: unknown) => {
          this.sending.set(false);
          this.stopError.set(asApiError(error).message);
        },
      });
  }
}
