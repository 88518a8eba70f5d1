import { ChangeDetectionStrategy, Component, input } from '@angular/core';

import { formatCredits } from './format';
import { ICON_IMPORTS } from './icons';

/**
 * The badge beside an organization under the credit alert threshold: "below N" with a
 * warning icon, so a red row's meaning never rests on colour alone
 * (docs/app.md#the-app). The credits monitor and the admin credits page show it.
 */
@Component({
  selector: 'npc-low-balance-badge',
  imports: [ICON_IMPORTS],
  template: `<npc-icon aria-hidden="true" name="warning" /><ng-container
      i18n="@@ui.lowBalance.below"
      >below {{ credits(threshold()) }}</ng-container
    >`,
  styles: `
    :host {
      display: inline-flex;
      align-items: center;
      gap: 2px;
      margin-left: 8px;
      padding: 0 8px 0 4px;
      border-radius: 999px;
      background: var(--npc-alert-red);
      color: var(--mat-sys-on-error);
      font: var(--mat-sys-label-medium);
      white-space: nowrap;
    }
    npc-icon {
      width: 16px;
      height: 16px;
      font-size: 16px;
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class LowBalanceBadgeComponent {
  /** The alert threshold the balance is under. */
  readonly threshold = input.required<number>();
  protected readonly credits = formatCredits;
}
