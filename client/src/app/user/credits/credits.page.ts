import { ChangeDetectionStrategy, Component } from '@angular/core';

import { PagePlaceholderComponent } from '../../shell/page-placeholder.component';

/** `/credits`: balances and how fast they run down. */
@Component({
  selector: 'npc-credits-page',
  imports: [PagePlaceholderComponent],
  template: `
    <npc-page-placeholder
      heading="Credits monitor"
      summary="Each organization's balance, average daily consumption and predicted exhaustion date, with a 7- or 30-day trend; rows below the alert threshold in red."
    />
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class CreditsPage {}
