import { ChangeDetectionStrategy, Component } from '@angular/core';

import { PagePlaceholderComponent } from '../../shell/page-placeholder.component';

/** `/tasks`: NPC issues across the covered organizations. */
@Component({
  selector: 'npc-tasks-page',
  imports: [PagePlaceholderComponent],
  template: `
    <npc-page-placeholder
      heading="Task board"
      summary="NPC issues filtered by organization, NPC and state, as three columns (pending pickup, in progress, done) or as a list; a card opens the issue's details."
    />
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class TasksPage {}
