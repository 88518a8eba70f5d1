import { ChangeDetectionStrategy, Component, input } from '@angular/core';

import { ICON_IMPORTS, IconName } from './icons';

/** Nothing to show, said plainly, with room for the action that fixes it. */
@Component({
  selector: 'npc-empty-state',
  imports: [ICON_IMPORTS],
  template: `
    <npc-icon aria-hidden="true" [name]="icon()" />
    <p>{{ message() }}</p>
    <ng-content />
  `,
  styles: `
    :host {
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: 8px;
      padding: 32px 16px;
      text-align: center;
      color: var(--mat-sys-on-surface-variant);
    }
    npc-icon {
      width: 40px;
      height: 40px;
      font-size: 40px;
    }
    p {
      margin: 0;
      font: var(--mat-sys-body-large);
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class EmptyStateComponent {
  readonly message = input.required<string>();
  readonly icon = input<IconName>('inbox');
}
