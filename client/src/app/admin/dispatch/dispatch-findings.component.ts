import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import type { DispatchFinding } from '@shared/board/dispatch';

import { AppLink } from '../../ui/app-link';
import { ICON_IMPORTS } from '../../ui/icons';
import { findingLink } from './dispatch.view';

/**
 * The preflight's findings for the dispatch being written: blocking ones first, each
 * with its explanation and links to the board pages that show the cause.
 */
@Component({
  selector: 'npc-dispatch-findings',
  imports: [AppLink, ICON_IMPORTS],
  template: `
    <section class="findings" aria-labelledby="findings-heading" aria-live="polite">
      <h2 id="findings-heading">
        Checks
        @if (checking()) {
          <span class="checking">checking…</span>
        }
      </h2>
      @if (findings().length === 0) {
        <p class="clear" data-findings="clear">
          <npc-icon aria-hidden="true" name="check_circle" />
          {{ checking() ? 'Checking this dispatch…' : 'Nothing stands in the way.' }}
        </p>
      } @else {
        <ul>
          @for (finding of findings(); track finding.code) {
            <li [class]="finding.severity" [attr.data-finding]="finding.code">
              <npc-icon
                aria-hidden="true"
                [name]="finding.severity === 'block' ? 'error' : 'warning'"
              />
              <div>
                <p>
                  <strong>{{ finding.severity === 'block' ? 'Blocks:' : 'Warning:' }}</strong>
                  {{ finding.message }}
                </p>
                @if (finding.links.length > 0) {
                  <p class="links">
                    @for (link of finding.links; track link.url) {
                      <a
                        [npcLink]="route(link.url).path"
                        [query]="route(link.url).query"
                        target="_blank"
                        >{{ link.label }}</a
                      >
                    }
                  </p>
                }
              </div>
            </li>
          }
        </ul>
      }
    </section>
  `,
  styles: `
    .findings {
      max-width: 720px;
    }
    h2 {
      margin: 0 0 8px;
      font: var(--mat-sys-title-small);
    }
    .checking {
      margin-left: 8px;
      font: var(--mat-sys-body-small);
      color: var(--mat-sys-on-surface-variant);
    }
    ul {
      display: flex;
      flex-direction: column;
      gap: 8px;
      margin: 0;
      padding: 0;
      list-style: none;
    }
    li,
    .clear {
      display: flex;
      align-items: flex-start;
      gap: 10px;
      margin: 0;
      padding: 10px 14px;
      border-radius: 12px;
      font: var(--mat-sys-body-medium);
    }
    li p {
      margin: 0;
      overflow-wrap: anywhere;
    }
    li npc-icon {
      flex: none;
    }
    .warn {
      background: var(--mat-sys-surface-container-high);
      border-left: 4px solid var(--npc-warn, #b26a00);
    }
    .block {
      background: var(--mat-sys-error-container);
      color: var(--mat-sys-on-error-container);
    }
    .links {
      display: flex;
      flex-wrap: wrap;
      gap: 2px 16px;
      margin-top: 4px !important;
    }
    a {
      color: inherit;
      font-weight: 500;
    }
    .clear {
      color: var(--mat-sys-on-surface-variant);
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class DispatchFindingsComponent {
  readonly findings = input.required<readonly DispatchFinding[]>();
  /** A preflight is on its way for the latest input. */
  readonly checking = input(false);

  protected readonly route = findingLink;
}
