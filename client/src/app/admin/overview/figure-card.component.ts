import { ChangeDetectionStrategy, Component, input } from '@angular/core';

import { FigureCard } from './overview.view';

/**
 * One headline figure: its name, the value, what it is made of, the sample size, and how
 * it is computed behind a disclosure that works by keyboard and touch alike.
 */
@Component({
  selector: 'npc-figure-card',
  template: `
    <article class="card" [attr.data-figure]="card().key" [attr.aria-labelledby]="card().key">
      <h3 class="label" [id]="card().key">{{ card().label }}</h3>
      <p class="value" data-value>{{ card().value }}</p>
      <p class="detail">{{ card().detail }}</p>
      <p class="sample" data-sample>{{ card().sample }}</p>
      <details class="how">
        <summary i18n="@@admin.overview.figure.how">How is this computed?</summary>
        <p>{{ card().how }}</p>
      </details>
    </article>
  `,
  styles: `
    /* Rounded like the card, for the ring a live update leaves on it. */
    :host {
      display: block;
      border-radius: 16px;
    }
    .card {
      display: flex;
      flex-direction: column;
      gap: 4px;
      height: 100%;
      box-sizing: border-box;
      padding: 16px 20px;
      border-radius: 16px;
      background: var(--mat-sys-surface-container);
    }
    p {
      margin: 0;
    }
    .label {
      margin: 0;
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-title-small);
    }
    .value {
      font: var(--mat-sys-display-small);
      font-variant-numeric: tabular-nums;
    }
    .detail {
      font: var(--mat-sys-body-medium);
    }
    .sample {
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-body-small);
    }
    .how {
      margin-top: auto;
      padding-top: 8px;
      font: var(--mat-sys-body-small);
      summary {
        width: fit-content;
        color: var(--mat-sys-primary);
        cursor: pointer;
      }
      p {
        margin-top: 4px;
        color: var(--mat-sys-on-surface-variant);
      }
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class FigureCardComponent {
  readonly card = input.required<FigureCard>();
}
