import { ChangeDetectionStrategy, Component } from '@angular/core';

import { PagePlaceholderComponent } from '../../shell/page-placeholder.component';

/** `/admin/dashboard`: how well the NPCs work. */
@Component({
  selector: 'npc-admin-overview-page',
  imports: [PagePlaceholderComponent],
  template: `
    <npc-page-placeholder
      heading="Overview"
      summary="Task completion rate over 7 and 30 days, NPC response time (average and P95), and rankings of credit consumption and repository activity."
    />
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class OverviewPage {}
