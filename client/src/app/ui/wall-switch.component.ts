import { ChangeDetectionStrategy, Component, inject } from '@angular/core';
import { RouterLink } from '@angular/router';

import { WallDisplayService } from '../core/wall-display.service';
import { ICON_IMPORTS } from './icons';

/**
 * The "Wall display" switch of the dashboard and the task board: a link to the same page
 * with `?wall=1` added or removed (filters kept), so it also opens a wall in a new tab.
 */
@Component({
  selector: 'npc-wall-switch',
  imports: [ICON_IMPORTS, RouterLink],
  template: `
    <a
      class="outlined-button"
      role="switch"
      data-wall-switch
      [attr.aria-checked]="on()"
      [routerLink]="[]"
      [queryParams]="wall.toggled()"
      queryParamsHandling="merge"
    >
      <npc-icon aria-hidden="true" [name]="on() ? 'check' : 'tv'" />
      <ng-container i18n="@@ui.wallDisplay">Wall display</ng-container>
    </a>
  `,
  styles: `
    :host {
      display: inline-flex;
    }
    a {
      text-decoration: none;
      white-space: nowrap;
    }
    a[aria-checked='true'] {
      background: var(--mat-sys-secondary-container);
      color: var(--mat-sys-on-secondary-container);
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class WallSwitchComponent {
  protected readonly wall = inject(WallDisplayService);
  protected readonly on = this.wall.active;
}
