import { ChangeDetectionStrategy, Component, signal } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatIconModule } from '@angular/material/icon';
import { MatToolbarModule } from '@angular/material/toolbar';
import { RouterLink, RouterLinkActive } from '@angular/router';

import { ADMIN_LINK, USER_LINKS } from './nav-links';
import { NavMenuComponent } from './nav-menu.component';

/**
 * The frame's top bar: product name, the four user pages, Admin on the right. Below
 * 720 px the links fold into a menu. Content marked `npcTopBarStatus` (the data age
 * and refresh button) is projected before the Admin link.
 */
@Component({
  selector: 'npc-top-bar',
  imports: [
    MatButtonModule,
    MatIconModule,
    NavMenuComponent,
    MatToolbarModule,
    RouterLink,
    RouterLinkActive,
  ],
  templateUrl: './top-bar.component.html',
  styleUrl: './top-bar.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class TopBarComponent {
  protected readonly userLinks = USER_LINKS;
  protected readonly adminLink = ADMIN_LINK;
  /** Set by the first press of the menu button (a click, Enter or Space, not a Tab past it). */
  protected readonly navRequested = signal(false);
}
