import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import type { IssueAttention } from '@shared/board/entities';

import { ICON_IMPORTS } from '../../ui/icons';
import { ATTENTION_REASONS } from './task-board.view';

/**
 * Why an issue needs attention, in the server's words ("no NPC activity for 2 d 3 h").
 * The icon and the reason's name carry the meaning, so the badge needs no alert colour
 * (red and yellow mean low credits and dormant repositories only).
 */
@Component({
  selector: 'npc-attention-badge',
  imports: [ICON_IMPORTS],
  template: `
    <npc-icon aria-hidden="true" [name]="reason().icon" />
    <span
      ><span class="reason">{{ reason().label }}: </span
      ><span data-detail>{{ attention().detail }}</span></span
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
}
