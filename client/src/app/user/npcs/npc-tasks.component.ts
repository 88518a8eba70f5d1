import { ChangeDetectionStrategy, Component, input } from '@angular/core';

import { AppLink } from '../../ui/app-link';
import { ICON_IMPORTS } from '../../ui/icons';
import { TaskRow } from './npc.view';

const NO_MARKS: ReadonlySet<string> = new Set();

/** An NPC's open tasks, each opening in the task board's dialog; rows stack on a phone. */
@Component({
  selector: 'npc-npc-tasks',
  imports: [AppLink, ICON_IMPORTS],
  template: `
    <table class="list" data-table="tasks">
      <thead>
        <tr>
          <th scope="col" i18n="@@npc.tasks.column.title">Task</th>
          <th scope="col" i18n="@@npc.column.repo">Repository</th>
          <th scope="col" i18n="@@npc.tasks.column.column">Column</th>
          <th scope="col" i18n="@@npc.tasks.column.updated">Last change</th>
        </tr>
      </thead>
      <tbody>
        @for (row of rows(); track row.key) {
          <tr [attr.data-task]="row.key" [class.live-changed]="changed().has(row.key)">
            <td i18n-data-label="@@npc.tasks.column.title" data-label="Task" class="title">
              <a npcLink="/tasks" [query]="row.query">{{ row.task.title }}</a>
              @if (row.attention; as attention) {
                <span class="chip" [attr.data-attention]="attention.reason">
                  <npc-icon aria-hidden="true" [name]="attention.icon" />
                  {{ attention.label }}
                </span>
              }
            </td>
            <td i18n-data-label="@@npc.column.repo" data-label="Repository" class="nowrap">
              {{ row.task.repo }} #{{ row.task.number }}
            </td>
            <td i18n-data-label="@@npc.tasks.column.column" data-label="Column">
              {{ row.column }}
            </td>
            <td i18n-data-label="@@npc.tasks.column.updated" data-label="Last change">
              <time [attr.datetime]="row.updated.iso" [attr.title]="row.updated.hover">{{
                row.updated.text
              }}</time>
            </td>
          </tr>
        }
      </tbody>
    </table>
  `,
  styleUrl: './npc-list-table.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class NpcTasksComponent {
  readonly rows = input.required<readonly TaskRow[]>();
  readonly changed = input<ReadonlySet<string>>(NO_MARKS);
}
