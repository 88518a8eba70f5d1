import { ChangeDetectionStrategy, Component, input } from '@angular/core';

import { ICON_IMPORTS } from '../ui/icons';

/**
 * The honest stand-in for a page that is routed but not built: its title, what it will
 * show, and a plain notice that it does not show it yet. Projected content goes below.
 */
@Component({
  selector: 'npc-page-placeholder',
  imports: [ICON_IMPORTS],
  template: `
    <header class="page-header">
      <h1>{{ heading() }}</h1>
      <p class="summary">{{ summary() }}</p>
    </header>
    <p class="notice" role="status">
      <npc-icon aria-hidden="true" name="construction" />
      <span
        ><strong i18n="@@shell.placeholder.notBuilt">Not built yet.</strong> {{ notice() }}</span
      >
    </p>
    <ng-content />
  `,
  styleUrl: './page-placeholder.component.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class PagePlaceholderComponent {
  /** The page's name, as its heading. */
  readonly heading = input.required<string>();
  /** One line on what the finished page will show. */
  readonly summary = input.required<string>();
  /** What is missing; by default the whole page. */
  readonly notice = input($localize`:@@shell.placeholder.noData:This page shows no data yet.`);
}
