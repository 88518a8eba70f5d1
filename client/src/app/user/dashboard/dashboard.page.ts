import { ChangeDetectionStrategy, Component } from '@angular/core';

import { PagePlaceholderComponent } from '../../shell/page-placeholder.component';

/** `/`: the organizations at a glance. */
@Component({
  selector: 'npc-dashboard-page',
  imports: [PagePlaceholderComponent],
  template: `
    <npc-page-placeholder
      heading="Dashboard"
      summary="One card per organization with its repository count, active NPC issues and credit balance, above a line chart of credit consumption."
    />
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class DashboardPage {}
