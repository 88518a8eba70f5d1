import { ChangeDetectionStrategy, Component, inject } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { Router } from '@angular/router';

import { AppLink } from '../ui/app-link';
import { ICON_IMPORTS } from '../ui/icons';

/** Any URL no route knows: say so, and offer the way back. */
@Component({
  selector: 'npc-not-found-page',
  imports: [AppLink, MatButtonModule, ICON_IMPORTS],
  template: `
    <npc-icon class="icon" aria-hidden="true" name="search_off" />
    <h1 i18n="@@shell.notFound.heading">Page not found</h1>
    <p>
      <ng-container i18n="@@shell.notFound.text"
        >There is no page at <code>{{ url }}</code>. The link may be old, or the address
        mistyped.</ng-container
      >
    </p>
    <a mat-flat-button npcLink="/" i18n="@@shell.notFound.home">Go to the dashboard</a>
  `,
  styles: `
    :host {
      display: block;
      max-width: 60ch;
      margin: 48px auto;
      text-align: center;
    }
    .icon {
      width: 48px;
      height: 48px;
      font-size: 48px;
      color: var(--mat-sys-on-surface-variant);
    }
    h1 {
      font: var(--mat-sys-headline-medium);
    }
    code {
      overflow-wrap: anywhere;
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export default class NotFoundPage {
  protected readonly url = inject(Router).url;
}
