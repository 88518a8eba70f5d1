import { ChangeDetectionStrategy, Component, afterNextRender, viewChild } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatDividerModule } from '@angular/material/divider';
import { MatMenuModule, MatMenuTrigger } from '@angular/material/menu';
import { RouterLink, RouterLinkActive } from '@angular/router';

import { ICON_IMPORTS } from '../ui/icons';
import { languageSwitch } from './language-switch';
import { ADMIN_LINK, USER_LINKS } from './nav-links';

/**
 * The phone's navigation menu: the pages, then the other language. The top bar loads it
 * with `@defer` on the first press of its placeholder button: the menu and the overlay
 * code behind it weigh about 20 KB gzip, which every page load would otherwise pay for a
 * button only phones show.
 */
@Component({
  selector: 'npc-nav-menu',
  imports: [
    MatButtonModule,
    MatDividerModule,
    ICON_IMPORTS,
    MatMenuModule,
    RouterLink,
    RouterLinkActive,
  ],
  template: `
    <button
      mat-icon-button
      [matMenuTriggerFor]="navMenu"
      i18n-aria-label="@@shell.nav.openMenu"
      aria-label="Open navigation menu"
    >
      <npc-icon name="menu" />
    </button>

    <mat-menu #navMenu="matMenu">
      @for (link of userLinks; track link.path) {
        <a
          mat-menu-item
          [routerLink]="link.path"
          routerLinkActive="active"
          [routerLinkActiveOptions]="link.match"
          ariaCurrentWhenActive="page"
        >
          <npc-icon [name]="link.icon" />
          <span>{{ link.label }}</span>
        </a>
      }
      <mat-divider />
      <a
        mat-menu-item
        [routerLink]="adminLink.path"
        routerLinkActive="active"
        [routerLinkActiveOptions]="adminLink.match"
        ariaCurrentWhenActive="page"
      >
        <npc-icon [name]="adminLink.icon" />
        <span>{{ adminLink.label }}</span>
      </a>
      <mat-divider />
      <button
        mat-menu-item
        type="button"
        data-language-switch
        [attr.aria-label]="language.label"
        (click)="language.go()"
      >
        <npc-icon name="translate" />
        <span [attr.lang]="language.target">{{ language.name }}</span>
      </button>
    </mat-menu>
  `,
  styles: `
    :host {
      display: contents;
    }
    /* The current page, as in the top bar: a tonal fill, plus aria-current. */
    a[mat-menu-item].active {
      background-color: var(--mat-sys-secondary-container);
      --mat-menu-item-label-text-color: var(--mat-sys-on-secondary-container);
      --mat-menu-item-icon-color: var(--mat-sys-on-secondary-container);
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class NavMenuComponent {
  private readonly trigger = viewChild.required(MatMenuTrigger);

  protected readonly userLinks = USER_LINKS;
  protected readonly adminLink = ADMIN_LINK;
  protected readonly language = languageSwitch();

  constructor() {
    // The press that loaded this component was meant to open the menu: finish it.
    afterNextRender(() => this.trigger().openMenu());
  }
}
