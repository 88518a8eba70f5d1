import { ChangeDetectionStrategy, Component, computed, inject, input, signal } from '@angular/core';
import { FormControl, FormGroup, ReactiveFormsModule, Validators } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatSelectModule } from '@angular/material/select';
import { MAX_REASON_LENGTH } from '@shared/board/dispatch';
import type { Issue } from '@shared/board/entities';

import { BoardMetaService } from '../../core/board-meta.service';
import { DataFreshnessService } from '../../core/data-freshness.service';
import { HandoverApi } from '../../core/handover-api.service';
import { asApiError } from '../../core/remote-state';
import { formatCount } from '../../ui/format';

/**
 * *Hand to another NPC*, in the issue dialog for a signed-in admin: replaces the issue's
 * NPC assignee and comments the mention (`HandoverApi.redispatch`), then reloads what the
 * pages show. The dialog loads it only for a signed-in admin.
 */
@Component({
  selector: 'npc-handover',
  imports: [
    MatButtonModule,
    MatFormFieldModule,
    MatInputModule,
    MatSelectModule,
    ReactiveFormsModule,
  ],
  template: `
    @if (!open()) {
      <button mat-stroked-button type="button" (click)="open.set(true)" data-action="handover">
        <ng-container i18n="@@tasks.handover.open">Hand to another NPC</ng-container>
      </button>
    } @else {
      <form class="handover" [formGroup]="form" (ngSubmit)="submit()" novalidate>
        <mat-form-field appearance="outline" subscriptSizing="dynamic">
          <mat-label i18n="@@tasks.handover.npc">New NPC</mat-label>
          <mat-select formControlName="npc" data-field="handover-npc">
            @for (handle of candidates(); track handle) {
              <mat-option [value]="handle">{{ handle }}</mat-option>
            }
          </mat-select>
          @if (form.controls.npc.touched && form.controls.npc.invalid) {
            <mat-error i18n="@@tasks.handover.npcRequired">Choose an NPC.</mat-error>
          }
        </mat-form-field>
        <mat-form-field appearance="outline" subscriptSizing="dynamic" class="reason">
          <mat-label i18n="@@tasks.handover.reason">Reason (optional)</mat-label>
          <input matInput formControlName="reason" data-field="handover-reason" />
          @if (form.controls.reason.hasError('maxlength')) {
            <mat-error i18n="@@tasks.handover.reasonTooLong"
              >At most {{ count(maxReason) }} characters.</mat-error
            >
          }
        </mat-form-field>
        <div class="buttons">
          <button mat-button type="button" (click)="open.set(false)">
            <ng-container i18n="@@tasks.handover.cancel">Cancel</ng-container>
          </button>
          <button mat-flat-button type="submit" [disabled]="sending()">
            @if (sending()) {
              <ng-container i18n="@@tasks.handover.sending">Handing over…</ng-container>
            } @else {
              <ng-container i18n="@@tasks.handover.submit">Hand over</ng-container>
            }
          </button>
        </div>
        @if (error(); as message) {
          <p class="error" role="alert">{{ message }}</p>
        }
      </form>
    }
    @if (done(); as npc) {
      <p class="done" role="status">
        <ng-container i18n="@@tasks.handover.done"
          >Handed to {{ npc }}; the mention is on the issue.</ng-container
        >
      </p>
    }
  `,
  styles: `
    :host {
      display: block;
    }
    .handover {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 8px 12px;
    }
    .reason {
      flex: 1 1 200px;
    }
    .buttons {
      display: flex;
      gap: 8px;
    }
    .error,
    .done {
      flex-basis: 100%;
      margin: 4px 0 0;
      font: var(--mat-sys-body-medium);
    }
    .error {
      color: var(--mat-sys-error);
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class HandoverComponent {
  private readonly api = inject(HandoverApi);
  private readonly meta = inject(BoardMetaService).meta;
  private readonly freshness = inject(DataFreshnessService);

  readonly issue = input.required<Pick<Issue, 'repository' | 'number' | 'assignees'>>();

  protected readonly maxReason = MAX_REASON_LENGTH;
  protected readonly count = formatCount;
  protected readonly open = signal(false);
  protected readonly sending = signal(false);
  protected readonly error = signal<string | null>(null);
  protected readonly done = signal<string | null>(null);
  protected readonly form = new FormGroup({
    npc: new FormControl('', { nonNullable: true, validators: Validators.required }),
    reason: new FormControl('', {
      nonNullable: true,
      validators: Validators.maxLength(MAX_REASON_LENGTH),
    }),
  });

  /** The configured NPCs other than the one the issue is with. */
  protected readonly candidates = computed(() => {
    const current = new Set(
      this.issue()
        .assignees.filter((a) => a.is_npc)
        .map((a) => a.username),
    );
    return (this.meta()?.npc_handles ?? []).filter((handle) => !current.has(handle));
  });

  protected submit(): void {
    this.form.markAllAsTouched();
    if (this.form.invalid || this.sending()) return;
    const { npc, reason } = this.form.getRawValue();
    const issue = this.issue();
    this.sending.set(true);
    this.error.set(null);
    const why = reason.trim();
    this.api.redispatch(issue, { npc, ...(why ? { reason: why } : {}) }).subscribe({
      next: () => {
        this.sending.set(false);
        this.open.set(false);
        this.done.set(npc);
        // The board dropped its cached lists: every page shown reloads them.
        this.freshness.refresh();
      },
      error: (error: unknown) => {
        this.sending.set(false);
        this.error.set(asApiError(error).message);
      },
    });
  }
}
