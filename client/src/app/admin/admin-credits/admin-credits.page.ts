import { ChangeDetectionStrategy, Component } from '@angular/core';

import { PagePlaceholderComponent } from '../../shell/page-placeholder.component';

/** `/admin/credits`: balances, the alert threshold and a manual refresh. */
@Component({
  selector: 'npc-admin-credits-page',
  imports: [PagePlaceholderComponent],
  template: `
    <npc-page-placeholder
      heading="Credit management"
      summary="Current balance per organization with the alert threshold setting, organizations below it marked red, and a manual refresh of credit data."
    />
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class AdminCreditsPage {}
