import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';

import { ApiError } from '../core/api-error';
import { ICON_IMPORTS, IconName } from '../ui/icons';

/**
 * Shown under the top bar when the board API cannot serve data. A 503 is the board
 * saying the platform is not configured or not reachable: its message says what to do,
 * so it is quoted as is.
 */
@Component({
  selector: 'npc-api-banner',
  imports: [MatButtonModule, ICON_IMPORTS],
  template: `
    <div class="banner" [class.unavailable]="error().unavailable" role="alert">
      <npc-icon aria-hidden="true" [name]="icon()" />
      <p class="text">
        <strong>{{ headline() }}</strong>
        {{ error().message }}
        @if (error().requestId; as requestId) {
          <span class="request-id" i18n="@@ui.requestId">Request id {{ requestId }}</span>
        }
      </p>
      <button mat-button type="button" [disabled]="retrying()" (click)="retry.emit()">
        @if (retrying()) {
          <ng-container i18n="@@ui.retrying">Retrying…</ng-container>
        } @else {
          <ng-container i18n="@@ui.retry">Retry</ng-container>
        }
      </button>
    </div>
  `,
  styleUrl: './api-banner.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class ApiBannerComponent {
  /** The failure to explain. */
  readonly error = input.required<ApiError>();
  /** True while the retry is in flight. */
  readonly retrying = input(false);
  /** Asks the owner to try again. */
  readonly retry = output<void>();

  protected readonly icon = computed<IconName>(() =>
    this.error().unavailable ? 'warning' : 'cloud_off',
  );
  protected readonly headline = computed(() =>
    this.error().unavailable
      ? $localize`:@@shell.apiBanner.unavailable:The platform is not available.`
      : $localize`:@@shell.apiBanner.failed:Board data is unavailable.`,
  );
}
