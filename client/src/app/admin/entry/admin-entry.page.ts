import { ChangeDetectionStrategy, Component, inject } from '@angular/core';
import { ActivatedRoute, Router, RouterLink } from '@angular/router';

import { AdminSessionService } from '../../core/admin-session.service';
import { ICON_IMPORTS, IconName } from '../../ui/icons';
import { returnUrl } from '../admin.guard';
import { SettingsCardComponent } from './settings-card.component';
import { SignInFormComponent } from './sign-in-form.component';

interface AdminTile {
  readonly path: string;
  readonly label: string;
  readonly icon: IconName;
  readonly text: string;
}

/**
 * `/admin`: the sign-in form while signed out, the admin pages as tiles once signed
 * in. The admin guard sends signed-out visitors here with the page they wanted as `next`.
 */
@Component({
  selector: 'npc-admin-entry-page',
  imports: [ICON_IMPORTS, RouterLink, SettingsCardComponent, SignInFormComponent],
  templateUrl: './admin-entry.page.html',
  styleUrl: './admin-entry.page.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class AdminEntryPage {
  private readonly router = inject(Router);
  private readonly route = inject(ActivatedRoute);

  protected readonly signedIn = inject(AdminSessionService).signedIn;
  protected readonly tiles: readonly AdminTile[] = [
    {
      path: 'dashboard',
      label: $localize`:@@admin.overview.heading:Overview`,
      icon: 'monitoring',
      text: $localize`:@@admin.entry.tile.overviewText:Completion rate, pickup and cycle times per NPC, consumption and activity rankings.`,
    },
    {
      path: 'dispatch',
      label: $localize`:@@admin.route.dispatch:Dispatch`,
      icon: 'send',
      text: $localize`:@@admin.entry.tile.dispatchText:Create an issue from a Markdown requirement and assign an NPC.`,
    },
    {
      path: 'dispatches',
      label: $localize`:@@admin.route.dispatches:Dispatch history`,
      icon: 'history',
      text: $localize`:@@admin.entry.tile.dispatchesText:Who dispatched what, the checks overridden, and where each task stands now.`,
    },
    {
      path: 'credits',
      label: $localize`:@@admin.entry.tile.credits:Credits`,
      icon: 'toll',
      text: $localize`:@@admin.entry.tile.creditsText:Balances, the alert threshold and a manual refresh.`,
    },
    {
      path: 'alerts',
      label: $localize`:@@admin.route.alerts:Alerts`,
      icon: 'warning',
      text: $localize`:@@admin.entry.tile.alertsText:Firing alerts, their deliveries, the channels they go to and the rule switches.`,
    },
  ];

  protected onSignedIn(): void {
    // `next`: the admin page the guard turned the visitor away from.
    const target = returnUrl(this.route.snapshot.queryParamMap.get('next'));
    if (target) void this.router.navigateByUrl(target);
  }
}
