import { ChangeDetectionStrategy, Component } from '@angular/core';

import { PagePlaceholderComponent } from '../../shell/page-placeholder.component';

/** `/repos`: which repositories are alive. */
@Component({
  selector: 'npc-repos-page',
  imports: [PagePlaceholderComponent],
  template: `
    <npc-page-placeholder
      heading="Repository health"
      summary="Every repository with its organization, last commit time, open pull requests and open issues, sortable by last commit to find dormant ones."
    />
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class ReposPage {}
