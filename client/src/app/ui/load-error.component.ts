import { ChangeDetectionStrategy, Component, input, output } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';

import { ApiError } from '../core/api-error';
import { ICON_IMPORTS } from './icons';

/** A failed load: what could not be loaded, the server's words, and Retry. */
@Component({
  selector: 'npc-load-error',
  imports: [MatButtonModule, ICON_IMPORTS],
  template: `
    <div class="box" role="alert">
      <npc-icon aria-hidden="true" name="error" />
      <p class="text">
        <strong i18n="@@ui.loadError.heading">Could not load {{ what() }}.</strong>
        {{ error().message }}
        @if (error().requestId; as requestId) {
          <span class="request-id" i18n="@@ui.requestId">Request id {{ requestId }}</span>
        }
      </p>
      <button mat-stroked-button type="button" [disabled]="retrying()" (click)="retry.emit()">
        <npc-icon name="refresh" />
        @if (retrying()) {
          <ng-container i18n="@@ui.retrying">Retrying…</ng-container>
        } @else {
          <ng-container i18n="@@ui.retry">Retry</ng-container>
        }
      </button>
    </div>
  `,
  styles: `
    :host {
      display: block;
      margin: 16px 0;
    }
    .box {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 12px;
      padding: 12px 16px;
      border: 1px solid var(--mat-sys-outline-variant);
      border-radius: 12px;
      background: var(--mat-sys-surface-container-low);
    }
    npc-icon {
      flex: none;
      color: var(--mat-sys-error);
    }
    .text {
      flex: 1 1 240px;
      min-width: 0;
      margin: 0;
      overflow-wrap: anywhere;
      font: var(--mat-sys-body-medium);
    }
    .request-id {
      display: inline-block;
      margin-left: 8px;
      font: var(--mat-sys-body-small);
      color: var(--mat-sys-on-surface-variant);
    }
    button npc-icon {
      color: inherit;
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class LoadErrorComponent {
  /** What failed, completing "Could not load …": "the organizations". */
  readonly what = input.required<string>();
  readonly error = input.required<ApiError>();
  readonly retrying = input(false);
  readonly retry = output<void>();
}
