import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import type { DispatchFinding } from '@shared/board/dispatch';

import { findingText } from '../../core/error-text';
import { AppLink } from '../../ui/app-link';
import { ICON_IMPORTS } from '../../ui/icons';
import { findingLink } from './dispatch.view';

/**
 * The preflight's findings for the dispatch being written: blocking ones first, each
 * with its explanation (written from its code and params) and links to the board pages
 * that show the cause.
 */
@Component({
  selector: 'npc-dispatch-findings',
  imports: [AppLink, ICON_IMPORTS],
  template: `
    <section class="findings" aria-labelledby="findings-heading" aria-live="polite">
      <h2 id="findings-heading">
        <ng-container i18n="@@admin.findings.heading">Checks</ng-container>
        @if (checking()) {
          <span class="checking" i18n="@@admin.findings.checking">checking…</span>
        }
      </h2>
      @if (findings().length === 0) {
        <p class="clear" data-findings="clear">
          <npc-icon aria-hidden="true" name="check_circle" />
          @if (checking()) {
            <ng-container i18n="@@admin.findings.checkingDispatch"
              >Checking this dispatch…</ng-container
            >
          } @else {
            <ng-container i18n="@@admin.findings.clear">Nothing stands in the way.</ng-container>
          }
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
                  @if (finding.severity === 'block') {
                    <strong i18n="@@admin.findings.blocks">Blocks:</strong>
                  } @else {
                    <strong i18n="@@admin.findings.warning">Warning:</strong>
                  }
                  {{ text(finding) }}
                </p>
                @if (finding.links.length > 0) {
                  <p class="links">
                    @for (link of finding.links; track link.url) {
                      <a
                        [npcLink]="route(link.url).path"
                        [query]="route(link.url).query"
                        target="_blank"
                        >{{ linkLabel(finding, link) }}</a
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
  protected readonly text = findingTextOf;
  protected readonly linkLabel = findingLinkLabel;
}

/** A finding in the app's words, or its own message when its params cannot tell it. */
export function findingTextOf(finding: DispatchFinding): string {
  return findingText(finding) ?? finding.message;
}

/**
 * The label of a finding's link in the app's words: an issue keeps its own label (its
 * reference and title); a board page is named from the finding's params.
 */
export function findingLinkLabel(
  finding: Pick<DispatchFinding, 'code' | 'params'>,
  link: { label: string; url: string },
): string {
  const query = findingLink(link.url).query;
  if (query['issue'] !== undefined) return link.label;
  const npc = typeof finding.params?.['npc'] === 'string' ? finding.params['npc'] : query['npc'];
  const org = typeof finding.params?.['org'] === 'string' ? finding.params['org'] : query['org'];
  switch (finding.code) {
    case 'wip_limit':
      return npc
        ? $localize`:@@admin.findings.link.openTasks:Open tasks of ${npc}:npc:`
        : link.label;
    case 'low_runway':
    case 'below_threshold':
      return org ? $localize`:@@admin.findings.link.credits:Credits of ${org}:org:` : link.label;
    case 'dormant_repository':
      return org ? $localize`:@@admin.findings.link.repos:Repositories of ${org}:org:` : link.label;
    case 'npc_stuck_here':
      return npc
        ? $localize`:@@admin.findings.link.stuckTasks:All stuck tasks of ${npc}:npc:`
        : link.label;
    default:
      return link.label;
  }
}
