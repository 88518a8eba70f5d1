import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';
import type { IssueAttention } from '@shared/board/entities';

import { ClockService } from '../../core/clock.service';
import { formatDuration } from '../../ui/format';
import { ICON_IMPORTS } from '../../ui/icons';
import { ATTENTION_REASONS } from './task-board.view';

/**
 * Why an issue needs attention ("no NPC activity for 2d 3h"), written from the reason,
 * since when and the pickup SLO, so it reads in the app's language and keeps time.
 * The icon and the reason's name carry the meaning, so the badge needs no alert colour
 * (red and yellow mean low credits and dormant repositories only).
 */
@Component({
  selector: 'npc-attention-badge',
  imports: [ICON_IMPORTS],
  template: `
    <npc-icon aria-hidden="true" [name]="reason().icon" />
    <span
      ><span class="reason" i18n="@@tasks.badge.reason">{{ reason().label }}: </span
      ><span data-detail>{{ detail() }}</span></span
    >
  `,
  styles: `
    :host {
      display: inline-flex;
      align-items: flex-start;
      gap: 4px;
      max-width: 100%;
      padding: 2px 8px 2px 4px;
      border-radius: 8px;
      background: var(--mat-sys-tertiary-container);
      color: var(--mat-sys-on-tertiary-container);
      font: var(--mat-sys-label-medium);
      overflow-wrap: anywhere;
    }
    .reason {
      font-weight: 600;
    }
    npc-icon {
      flex: none;
      width: 16px;
      height: 16px;
      font-size: 16px;
    }
  `,
  host: { '[attr.data-reason]': 'attention().reason' },
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class AttentionBadgeComponent {
  readonly attention = input.required<IssueAttention>();
  protected readonly reason = computed(() => ATTENTION_REASONS[this.attention().reason]);
  private readonly clock = inject(ClockService);

  protected readonly detail = computed(() => {
    const { reason, since, slo_minutes: slo } = this.attention();
    const waited = formatDuration(this.clock.now() - Date.parse(since));
    if (reason === 'stuck') {
      return $localize`:@@tasks.badge.stuckDetail:no NPC activity for ${waited}:duration:`;
    }
    return slo === null
      ? $localize`:@@tasks.badge.overdueDetail:waiting for pickup ${waited}:duration:`
      : $localize`:@@tasks.badge.overdueDetailSlo:waiting for pickup ${waited}:duration:, SLO ${formatDuration(slo * 60_000)}:slo:`;
  });
}
