import { ChangeDetectionStrategy, Component } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatDividerModule } from '@angular/material/divider';
import { MatIconModule } from '@angular/material/icon';
import { MatMenuModule } from '@angular/material/menu';
import { MatToolbarModule } from '@angular/material/toolbar';
import { RouterLink, RouterLinkActive } from '@angular/router';

import { ADMIN_LINK, USER_LINKS } from './nav-links';

/**
 * The frame's top bar: product name, the four user pages, Admin on the right. Below
 * 720 px the links fold into a menu. Content marked `npcTopBarStatus` (the data age
 * and refresh button, later) is projected before the Admin link.
 */
@Component({
  selector: 'npc-top-bar',
  imports: [
    MatButtonModule,
    MatDividerModule,
    MatIconModule,
    MatMenuModule,
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
}
