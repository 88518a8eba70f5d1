import { ChangeDetectionStrategy, Component, computed, input, output, signal } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';

import { formatCount } from '../../ui/format';
import { ICON_IMPORTS } from '../../ui/icons';
import { Segment, SegmentedComponent } from '../../ui/segmented.component';
import { COLUMN_RULE } from './task-board.view';
import { TasksUrlState } from './tasks-url-state';

/** A change the filters ask for; the page writes it to the URL. */
export type TasksChange = Partial<
  Pick<
    TasksUrlState,
    'org' | 'npc' | 'state' | 'attention' | 'repository' | 'running' | 'view' | 'group'
  >
>;

/** One of the filter selects: the empty option clears its filter. */
interface FilterSelect {
  filter: 'org' | 'npc' | 'state' | 'attention';
  label: string;
  /** Layout classes besides `field`. */
  width: string;
  chosen: string;
  options: readonly { value: string; label: string }[];
}

const STATE_OPTIONS = [
  { value: '', label: $localize`:@@tasks.filter.anyState:Any state` },
  { value: 'open', label: $localize`:@@tasks.filter.open:Open` },
  { value: 'closed', label: $localize`:@@tasks.filter.closed:Closed` },
];

const ATTENTION_OPTIONS = [
  { value: '', label: $localize`:@@tasks.filter.allIssues:All issues` },
  { value: 'any', label: $localize`:@@tasks.attention.any:Needs attention` },
  { value: 'stuck', label: $localize`:@@tasks.attention.stuck:Stuck` },
  { value: 'overdue', label: $localize`:@@tasks.attention.overdue:Overdue pickup` },
];

/**
 * Organization, NPC, state and attention filters, the *Running now* toggle (shown while a
 * run is going or it is on), the repository chip (set by links from other pages), the board/list switch, and the column rule.
 */
@Component({
  selector: 'npc-task-filters',
  imports: [MatButtonModule, SegmentedComponent, ICON_IMPORTS],
  template: `
    <div class="bar">
      @for (select of selects(); track select.filter) {
        <div [class]="'field ' + select.width">
          <label [attr.for]="'filter-' + select.filter">{{ select.label }}</label>
          <select
            [id]="'filter-' + select.filter"
            [attr.data-filter]="select.filter"
            (change)="pick(select.filter, $event)"
          >
            @for (option of select.options; track option.value) {
              <option [value]="option.value" [selected]="select.chosen === option.value">
                {{ option.label }}
              </option>
            }
          </select>
        </div>
      }

      <span class="spacer"></span>

      <npc-segmented
        i18n-label="@@tasks.filter.view"
        label="View"
        [segments]="views"
        [value]="state().view"
        (valueChange)="changed.emit({ view: $event })"
      />

      <button
        mat-icon-button
        type="button"
        i18n-aria-label="@@tasks.filter.ruleButton"
        aria-label="How issues are sorted into columns"
        i18n-title="@@tasks.filter.ruleButton"
        title="How issues are sorted into columns"
        [attr.aria-expanded]="ruleShown()"
        aria-controls="column-rule"
        (click)="ruleShown.set(!ruleShown())"
      >
        <npc-icon name="info" />
      </button>
    </div>
    @if (state().repository || state().running || runningCount() > 0 || state().view === 'board') {
      <div class="chips">
        @if (state().view === 'board') {
          <button
            type="button"
            class="chip toggle"
            data-filter="group"
            [attr.aria-pressed]="state().group === 'npc'"
            (click)="changed.emit({ group: state().group === 'npc' ? null : 'npc' })"
          >
            <npc-icon
              aria-hidden="true"
              [name]="state().group === 'npc' ? 'check' : 'view_agenda'"
            />
            <span i18n="@@tasks.filter.groupByNpc">Group by NPC</span>
          </button>
        }
        @if (runningCount() > 0 || state().running) {
          <button
            type="button"
            class="chip toggle"
            data-filter="running"
            [attr.aria-pressed]="state().running"
            (click)="changed.emit({ running: !state().running })"
          >
            <npc-icon aria-hidden="true" [name]="state().running ? 'check' : 'play_circle'" />
            <span i18n="@@tasks.filter.running">Running now ({{ count(runningCount()) }})</span>
          </button>
        }
        @if (state().repository; as repository) {
          <span class="chip" data-filter="repository">
            <span i18n="@@tasks.filter.repositoryChip">Repository: {{ repository }}</span>
            <button
              type="button"
              class="chip-remove"
              [attr.aria-label]="removeLabel(repository)"
              i18n-title="@@tasks.filter.everyRepository"
              title="Show every repository"
              (click)="changed.emit({ repository: null })"
            >
              <npc-icon aria-hidden="true" name="close" />
            </button>
          </span>
        }
      </div>
    }
    @if (ruleShown()) {
      <p id="column-rule" class="rule">
        <npc-icon aria-hidden="true" name="info" />
        <span i18n="@@tasks.filter.ruleText"
          >{{ rule }} Only NPC issues are shown: an NPC wrote them or is assigned.</span
        >
      </p>
    }
  `,
  styles: `
    @use '../../ui/outlined-field' as outlined;

    :host {
      display: block;
      margin-bottom: 16px;
    }
    .bar {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 12px;
    }
    @include outlined.outlined-field;
    .field {
      width: 220px;
      max-width: 100%;
    }
    .field.narrow {
      width: 180px;
    }
    .spacer {
      flex: 1 1 auto;
    }
    .chips {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      margin-top: 12px;
    }
    .chip {
      display: inline-flex;
      align-items: center;
      gap: 4px;
      max-width: 100%;
      padding: 2px 2px 2px 12px;
      border: 1px solid var(--mat-sys-outline-variant);
      border-radius: 8px;
      background: var(--mat-sys-secondary-container);
      color: var(--mat-sys-on-secondary-container);
      font: var(--mat-sys-label-large);
      overflow-wrap: anywhere;
    }
    .chip.toggle {
      gap: 6px;
      padding: 6px 12px 6px 8px;
      background: var(--mat-sys-surface);
      color: var(--mat-sys-on-surface);
      cursor: pointer;
    }
    .chip.toggle[aria-pressed='true'] {
      background: var(--mat-sys-secondary-container);
      color: var(--mat-sys-on-secondary-container);
    }
    .chip.toggle npc-icon {
      width: 18px;
      height: 18px;
      font-size: 18px;
    }
    .chip-remove {
      display: inline-flex;
      flex: none;
      align-items: center;
      justify-content: center;
      width: 32px;
      height: 32px;
      padding: 0;
      border: 0;
      border-radius: 50%;
      background: none;
      color: inherit;
      cursor: pointer;
    }
    .chip-remove:hover {
      background: color-mix(in srgb, currentColor 12%, transparent);
    }
    .chip-remove npc-icon {
      width: 18px;
      height: 18px;
      font-size: 18px;
    }
    .rule {
      display: flex;
      gap: 8px;
      max-width: 80ch;
      margin: 12px 0 0;
      padding: 12px 16px;
      border-radius: 12px;
      background: var(--mat-sys-surface-container);
      font: var(--mat-sys-body-medium);
    }
    .rule npc-icon {
      flex: none;
      color: var(--mat-sys-primary);
    }
    /* On a phone: organization on its own line, NPC and state side by side, attention on its
       own line, then the view switch: whether the switch fits beside the attention filter
       would depend on the font, and the font arriving would move it. */
    @media (max-width: 599.98px) {
      .field,
      .field.narrow {
        flex: 1 1 calc(50% - 6px);
        width: auto;
        min-width: 0;
      }
      .field.wide,
      .field.attention {
        flex-basis: 100%;
      }
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class TaskFiltersComponent {
  readonly state = input.required<TasksUrlState>();
  readonly orgs = input.required<readonly { slug: string; name: string }[]>();
  readonly npcs = input.required<readonly string[]>();
  /** Issues shown with an NPC run going now: the *Running now* filter offers itself then. */
  readonly runningCount = input(0);
  readonly changed = output<TasksChange>();
  protected readonly count = formatCount;

  /** BOARD_COLUMN_RULE (@shared/board/columns) in the app's language. */
  protected readonly rule = COLUMN_RULE;
  protected readonly views: readonly Segment<TasksUrlState['view']>[] = [
    { value: 'board', label: $localize`:@@tasks.filter.board:Board`, icon: 'view_kanban' },
    { value: 'list', label: $localize`:@@tasks.filter.list:List`, icon: 'table_rows' },
  ];
  protected readonly ruleShown = signal(false);
  protected readonly removeLabel = (repository: string): string =>
    $localize`:@@tasks.filter.removeRepository:Remove the filter repository ${repository}:repository:`;
  /** The four selects, each with its options and the one the URL names. */
  protected readonly selects = computed((): readonly FilterSelect[] => {
    const state = this.state();
    return [
      {
        filter: 'org',
        label: $localize`:@@tasks.filter.organization:Organization`,
        width: 'wide',
        chosen: state.org ?? '',
        options: [
          { value: '', label: $localize`:@@tasks.filter.allOrganizations:All organizations` },
          ...this.orgs().map((org) => ({ value: org.slug, label: org.name })),
        ],
      },
      {
        filter: 'npc',
        label: $localize`:@@tasks.filter.npc:NPC`,
        width: '',
        chosen: state.npc ?? '',
        options: [
          { value: '', label: $localize`:@@tasks.filter.anyNpc:Any NPC` },
          ...this.npcs().map((npc) => ({ value: npc, label: npc })),
        ],
      },
      {
        filter: 'state',
        label: $localize`:@@tasks.list.col.state:State`,
        width: 'narrow',
        chosen: state.state ?? '',
        options: STATE_OPTIONS,
      },
      {
        filter: 'attention',
        label: $localize`:@@tasks.filter.attention:Attention`,
        width: 'narrow attention',
        chosen: state.attention ?? '',
        options: ATTENTION_OPTIONS,
      },
    ];
  });

  /** A select's new value as a change; the first option (empty) clears the filter. */
  protected pick(filter: FilterSelect['filter'], event: Event): void {
    const value = (event.target as HTMLSelectElement).value || null;
    this.changed.emit({ [filter]: value });
  }
}
