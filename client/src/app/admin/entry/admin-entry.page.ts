import { ChangeDetectionStrategy, Component } from '@angular/core';
import { MatIconModule } from '@angular/material/icon';
import { RouterLink } from '@angular/router';

import { PagePlaceholderComponent } from '../../shell/page-placeholder.component';

interface AdminTile {
  readonly path: string;
  readonly label: string;
  readonly icon: string;
  readonly text: string;
}

/** `/admin`: the way into the three admin pages. */
@Component({
  selector: 'npc-admin-entry-page',
  imports: [MatIconModule, PagePlaceholderComponent, RouterLink],
  template: `
    <npc-page-placeholder
      heading="Admin"
      summary="Entry to the admin pages: overview metrics, task dispatch and credit management."
      notice="Signing in with the admin token is not available yet, so the admin pages show no data."
    >
      <nav class="tiles" aria-label="Admin pages">
        @for (tile of tiles; track tile.path) {
          <a class="tile" [routerLink]="tile.path">
            <mat-icon aria-hidden="true">{{ tile.icon }}</mat-icon>
            <span class="label">{{ tile.label }}</span>
            <span class="text">{{ tile.text }}</span>
          </a>
        }
      </nav>
    </npc-page-placeholder>
  `,
  styleUrl: './admin-entry.page.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class AdminEntryPage {
  protected readonly tiles: readonly AdminTile[] = [
    {
      path: 'dashboard',
      label: 'Overview',
      icon: 'monitoring',
      text: 'Completion rate, NPC response time, consumption and activity rankings.',
    },
    {
      path: 'dispatch',
      label: 'Dispatch',
      icon: 'send',
      text: 'Create an issue from a Markdown requirement and assign an NPC.',
    },
    {
      path: 'credits',
      label: 'Credits',
      icon: 'toll',
      text: 'Balances, the alert threshold and a manual refresh.',
    },
  ];
}
