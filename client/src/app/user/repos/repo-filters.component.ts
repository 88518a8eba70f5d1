import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';

import { ICON_IMPORTS } from '../../ui/icons';
import { NPC_MARKS, ReposUrlState } from './repos.view';

/** A change the filters ask for; the page writes it to the URL. */
export type ReposChange = Partial<
  Pick<ReposUrlState, 'org' | 'npcOnly' | 'npcDormant' | 'sort' | 'dir'>
>;

/**
 * Organization and name filters, the two NPC marks as toggles, and the one-click way to the
 * dormant repositories: native controls drawn like Material's, which cost a phone far less
 * on the page's first render.
 */
@Component({
  selector: 'npc-repo-filters',
  imports: [ICON_IMPORTS],
  templateUrl: './repo-filters.component.html',
  styleUrl: './repo-filters.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class RepoFiltersComponent {
  readonly state = input.required<ReposUrlState>();
  readonly orgs = input.required<readonly { slug: string; name: string }[]>();
  readonly changed = output<ReposChange>();
  /** The search field's text as typed; the page waits for a pause before using it. */
  readonly searched = output<string>();

  protected readonly marks = NPC_MARKS;
  protected readonly oldestFirst = computed(
    () => this.state().sort === 'last_commit' && this.state().dir === 'asc',
  );
}
