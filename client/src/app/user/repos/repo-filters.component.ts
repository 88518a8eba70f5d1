import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';

import { ICON_IMPORTS, IconName } from '../../ui/icons';
import { NPC_MARKS, ReposUrlState } from './repos.view';

/** A change the filters ask for; the page writes it to the URL. */
export type ReposChange = Partial<
  Pick<ReposUrlState, 'org' | 'npcOnly' | 'npcDormant' | 'sort' | 'dir'>
>;

/** One of the filters' toggle buttons. */
interface FilterToggle {
  label: string;
  icon: IconName;
  /** Its `data-filter`: the URL parameter it sets. */
  filter?: string;
  /** How the mark is computed, shown on hover. */
  title?: string;
  pressed: boolean;
  /** What a click asks for. */
  change: ReposChange;
  /** Set apart at the row's end. */
  apart?: boolean;
}

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

  protected readonly toggles = computed((): FilterToggle[] => {
    const { npcOnly, npcDormant, sort, dir } = this.state();
    return [
      {
        label: $localize`:@@repos.npcOnlyLabel:Kept alive by NPCs only`,
        icon: 'smart_toy',
        filter: 'npc_only',
        title: NPC_MARKS.npcOnly.how,
        pressed: npcOnly,
        change: { npcOnly: !npcOnly },
      },
      {
        label: $localize`:@@repos.filter.npcDormant:NPC work in dormant`,
        icon: 'bedtime',
        filter: 'npc_dormant',
        title: NPC_MARKS.npcWorkInDormant.how,
        pressed: npcDormant,
        change: { npcDormant: !npcDormant },
      },
      {
        label: $localize`:@@repos.filter.oldestFirst:Oldest commit first`,
        icon: 'history',
        pressed: sort === 'last_commit' && dir === 'asc',
        change: { sort: 'last_commit', dir: 'asc' },
        apart: true,
      },
    ];
  });
}
