import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import type { OrgRunFigures } from '@shared/board/runs';

import { AppLink } from '../../ui/app-link';
import { formatCoreHours, formatCount, formatCredits } from '../../ui/format';
import { ICON_IMPORTS } from '../../ui/icons';
import { OrgCardView } from './dashboard.view';

/**
 * One organization on the dashboard: the name leads to its tasks, the balance to its row
 * in the credits monitor. Without `card` it is the skeleton shown while loading.
 */
@Component({
  selector: 'npc-org-card',
  imports: [AppLink, ICON_IMPORTS],
  templateUrl: './org-card.component.html',
  styleUrl: './org-card.component.scss',
  host: {
    '[attr.data-org]': 'card()?.slug ?? slug()',
    '[attr.aria-busy]': '!card()',
    '[class.low]': 'card()?.low',
  },
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class OrgCardComponent {
  /** The data, or null while loading. */
  readonly card = input<OrgCardView | null>(null);
  /** The organization's slug, known before its data (from `api/meta`). */
  readonly slug = input('');
  readonly threshold = input<number | null>(null);
  /** The organization's NPC runs; null while they are being read. */
  readonly runs = input<OrgRunFigures | null>(null);

  /** Runs going now, and core-hours billed today; each null until known. */
  protected readonly running = computed(() => this.runs()?.running ?? null);
  protected readonly today = computed(() => this.runs()?.core_hours_today ?? null);

  protected readonly count = formatCount;
  protected readonly credits = formatCredits;
  protected readonly coreHours = formatCoreHours;
}
