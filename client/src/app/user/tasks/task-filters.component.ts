import { ChangeDetectionStrategy, Component, input, output, signal } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatButtonToggleModule } from '@angular/material/button-toggle';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatSelectModule } from '@angular/material/select';
import { BOARD_COLUMN_RULE } from '@shared/board/columns';

import { ICON_IMPORTS } from '../../ui/icons';
import { TasksUrlState } from './tasks-url-state';

/** A change the filters ask for; the page writes it to the URL. */
export type TasksChange = Partial<
  Pick<TasksUrlState, 'org' | 'npc' | 'state' | 'attention' | 'repository' | 'view'>
>;

/**
 * Organization, NPC, state and attention filters, the repository chip (set by links from
 * other pages), the board/list switch, and the column rule.
 */
@Component({
  selector: 'npc-task-filters',
  imports: [
    MatButtonModule,
    MatButtonToggleModule,
    MatFormFieldModule,
    ICON_IMPORTS,
    MatSelectModule,
  ],
  template: `
    <div class="bar">
      <mat-form-field appearance="outline" subscriptSizing="dynamic" class="field wide">
        <mat-label>Organization</mat-label>
        <mat-select
          data-filter="org"
          [value]="state().org ?? ''"
          (valueChange)="changed.emit({ org: $event || null })"
        >
          <mat-option value="">All organizations</mat-option>
          @for (org of orgs(); track org.slug) {
            <mat-option [value]="org.slug">{{ org.name }}</mat-option>
          }
        </mat-select>
      </mat-form-field>

      <mat-form-field appearance="outline" subscriptSizing="dynamic" class="field">
        <mat-label>NPC</mat-label>
        <mat-select
          data-filter="npc"
          [value]="state().npc ?? ''"
          (valueChange)="changed.emit({ npc: $event || null })"
        >
          <mat-option value="">Any NPC</mat-option>
          @for (npc of npcs(); track npc) {
            <mat-option [value]="npc">{{ npc }}</mat-option>
          }
        </mat-select>
      </mat-form-field>

      <mat-form-field appearance="outline" subscriptSizing="dynamic" class="field narrow">
        <mat-label>State</mat-label>
        <mat-select
          data-filter="state"
          [value]="state().state ?? ''"
          (valueChange)="changed.emit({ state: $event || null })"
        >
          <mat-option value="">Any state</mat-option>
          <mat-option value="open">Open</mat-option>
          <mat-option value="closed">Closed</mat-option>
        </mat-select>
      </mat-form-field>

      <mat-form-field appearance="outline" subscriptSizing="dynamic" class="field narrow">
        <mat-label>Attention</mat-label>
        <mat-select
          data-filter="attention"
          [value]="state().attention ?? ''"
          (valueChange)="changed.emit({ attention: $event || null })"
        >
          <mat-option value="">All issues</mat-option>
          <mat-option value="any">Needs attention</mat-option>
          <mat-option value="stuck">Stuck</mat-option>
          <mat-option value="overdue">Overdue pickup</mat-option>
        </mat-select>
      </mat-form-field>

      <span class="spacer"></span>

      <mat-button-toggle-group
        hideSingleSelectionIndicator
        aria-label="View"
        [value]="state().view"
        (change)="changed.emit({ view: $event.value })"
      >
        <mat-button-toggle value="board"
          ><mat-icon aria-hidden="true" svgIcon="view_kanban" /> Board</mat-button-toggle
        >
        <mat-button-toggle value="list"
          ><mat-icon aria-hidden="true" svgIcon="table_rows" /> List</mat-button-toggle
        >
      </mat-button-toggle-group>

      <button
        mat-icon-button
        type="button"
        aria-label="How issues are sorted into columns"
        title="How issues are sorted into columns"
        [attr.aria-expanded]="ruleShown()"
        aria-controls="column-rule"
        (click)="ruleShown.set(!ruleShown())"
      >
        <mat-icon svgIcon="info" />
      </button>
    </div>
    @if (state().repository; as repository) {
      <div class="chips" data-filter="repository">
        <span class="chip">
          <span>Repository: {{ repository }}</span>
          <button
            type="button"
            class="chip-remove"
            [attr.aria-label]="'Remove the filter repository ' + repository"
            [attr.title]="'Show every repository'"
            (click)="changed.emit({ repository: null })"
          >
            <mat-icon aria-hidden="true" svgIcon="close" />
          </button>
        </span>
      </div>
    }
    @if (ruleShown()) {
      <p id="column-rule" class="rule">
        <mat-icon aria-hidden="true" svgIcon="info" />
        <span>{{ rule }} Only NPC issues are shown: an NPC wrote them or is assigned.</span>
      </p>
    }
  `,
  styles: `
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
    .chip-remove mat-icon {
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
    .rule mat-icon {
      flex: none;
      color: var(--mat-sys-primary);
    }
    /* On a phone: organization on its own line, NPC and state side by side. */
    @media (max-width: 599.98px) {
      .field,
      .field.narrow {
        flex: 1 1 calc(50% - 6px);
        width: auto;
        min-width: 0;
      }
      .field.wide {
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
  readonly changed = output<TasksChange>();

  protected readonly rule = BOARD_COLUMN_RULE;
  protected readonly ruleShown = signal(false);
}
