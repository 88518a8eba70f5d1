import { ChangeDetectionStrategy, Component } from '@angular/core';

import { PagePlaceholderComponent } from '../../shell/page-placeholder.component';

/** `/admin/dispatch`: hand work to an NPC. */
@Component({
  selector: 'npc-admin-dispatch-page',
  imports: [PagePlaceholderComponent],
  template: `
    <npc-page-placeholder
      heading="Task dispatch"
      summary="A form that creates an issue in a chosen repository from a Markdown requirement and assigns one of the NPCs, with or without work mode."
    />
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class DispatchPage {}
