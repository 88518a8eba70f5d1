import {
  ChangeDetectionStrategy,
  Component,
  Signal,
  computed,
  inject,
  signal,
} from '@angular/core';
import { Router, isActive } from '@angular/router';

import { AdminSessionService } from '../core/admin-session.service';
import { TimeZoneService } from '../core/time-zone.service';
import { WallDisplayService } from '../core/wall-display.service';
import { AppLink } from '../ui/app-link';
import { ICON_IMPORTS } from '../ui/icons';
import { languageSwitch } from './language-switch';
import { ADMIN_LINK, NavLink, USER_LINKS } from './nav-links';
import { NavMenuComponent } from './nav-menu.component';
import { WallClockComponent } from './wall-clock.component';

/**
 * The frame's top bar: product name, the four user pages, Admin on the right. Below
 * 720 px the links fold into a menu. Content marked `npcTopBarStatus` (the data age
 * and refresh button) is projected before the Admin link. While an admin is signed in,
 * "Sign out" follows it (an icon alone below a wide screen). Between 720 px and a wide
 * screen the other controls shrink in steps to leave the links their room (the scss).
 * The UTC switch shows every time on every page in UTC instead of the viewer's zone; the
 * language button beside it reloads the page in the other language (in the menu on a phone).
 * On a wall display (`?wall=1`) a clock stands before the data age.
 *
 * The links are `npcLink`s (`ui/app-link.ts`), marked current by one signal each:
 * ten `routerLink`/`routerLinkActive` directives cost a phone a noticeable part of the
 * frame's first render (docs/app.md#the-app).
 */
interface BarLink {
  readonly path: string;
  readonly active: Signal<boolean>;
}

@Component({
  selector: 'npc-top-bar',
  imports: [AppLink, ICON_IMPORTS, NavMenuComponent, WallClockComponent],
  templateUrl: './top-bar.component.html',
  styleUrl: './top-bar.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class TopBarComponent {
  private readonly adminSession = inject(AdminSessionService);
  private readonly timeZone = inject(TimeZoneService);
  private readonly router = inject(Router);

  protected readonly home = this.barLink({ path: '/', match: USER_LINKS[0].match });
  protected readonly userLinks = USER_LINKS.map((link) => ({ ...link, ...this.barLink(link) }));
  protected readonly adminLink = { ...ADMIN_LINK, ...this.barLink(ADMIN_LINK) };
  protected readonly signedIn = this.adminSession.signedIn;
  protected readonly wall = inject(WallDisplayService).active;
  /** Set by the first press of the menu button (a click, Enter or Space, not a Tab past it). */
  protected readonly navRequested = signal(false);

  protected readonly utc = this.timeZone.utc;
  /** The switch's hint, once the zone has a name (shortly after the first screen). */
  protected readonly zoneHint = computed(() => {
    const zone = this.timeZone.viewerZone();
    if (zone === null) return null;
    return this.utc()
      ? $localize`:@@shell.timeZone.hintUtc:Times are shown in UTC. Switch off to see them in your time zone (${zone}:zone:).`
      : $localize`:@@shell.timeZone.hintLocal:Times are shown in your time zone (${zone}:zone:), with UTC on hover. Switch on to see them in UTC.`;
  });
  /** The switch to the other language (see language-switch.ts). */
  protected readonly language = languageSwitch();

  /** A link's path and whether its page is the current one. */
  private barLink(link: Pick<NavLink, 'path' | 'match'>): BarLink {
    return { path: link.path, active: isActive(link.path, this.router, link.match) };
  }

  protected toggleZone(): void {
    this.timeZone.toggle();
  }

  protected signOut(): void {
    this.adminSession.signOut();
  }
}
