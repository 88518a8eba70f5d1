import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { RouterLink, RouterLinkActive } from '@angular/router';

import { AdminSessionService } from '../core/admin-session.service';
import { TimeZoneService } from '../core/time-zone.service';
import { ICON_IMPORTS } from '../ui/icons';
import { ADMIN_LINK, USER_LINKS } from './nav-links';
import { NavMenuComponent } from './nav-menu.component';

/**
 * The frame's top bar: product name, the four user pages, Admin on the right. Below
 * 720 px the links fold into a menu. Content marked `npcTopBarStatus` (the data age
 * and refresh button) is projected before the Admin link. While an admin is signed in,
 * "Sign out" follows it (an icon alone on a phone, where the Admin link is in the menu).
 * The UTC switch shows every time on every page in UTC instead of the viewer's zone.
 */
@Component({
  selector: 'npc-top-bar',
  imports: [ICON_IMPORTS, NavMenuComponent, RouterLink, RouterLinkActive],
  templateUrl: './top-bar.component.html',
  styleUrl: './top-bar.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class TopBarComponent {
  private readonly adminSession = inject(AdminSessionService);
  private readonly timeZone = inject(TimeZoneService);

  protected readonly userLinks = USER_LINKS;
  protected readonly signedIn = this.adminSession.signedIn;
  protected readonly adminLink = ADMIN_LINK;
  /** Set by the first press of the menu button (a click, Enter or Space, not a Tab past it). */
  protected readonly navRequested = signal(false);

  protected readonly utc = this.timeZone.utc;
  protected readonly zoneHint = computed(() =>
    this.utc()
      ? 'Times are shown in UTC. Switch off to see them in your time zone (' +
        this.timeZone.viewerZone +
        ').'
      : 'Times are shown in your time zone (' +
        this.timeZone.viewerZone +
        '), with UTC on hover. Switch on to see them in UTC.',
  );

  protected toggleZone(): void {
    this.timeZone.toggle();
  }

  protected signOut(): void {
    this.adminSession.signOut();
  }
}
