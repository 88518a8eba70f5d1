import { ChangeDetectionStrategy, Component, input } from '@angular/core';

import { AppLink } from '../../ui/app-link';
import { ICON_IMPORTS } from '../../ui/icons';
import { PullRow } from './npc.view';

const NO_MARKS: ReadonlySet<string> = new Set();

/**
 * An NPC's pull requests with their outcome, time to merge, review rounds, who committed
 * and the task each delivers; each opens on the platform. Rows stack on a phone.
 */
@Component({
  selector: 'npc-npc-pulls',
  imports: [AppLink, ICON_IMPORTS],
  template: `
    <table class="list" data-table="pulls">
      <thead>
        <tr>
          <th scope="col" i18n="@@npc.pulls.column.title">Pull request</th>
          <th scope="col" i18n="@@npc.pulls.column.outcome">Outcome</th>
          <th scope="col" i18n="@@npc.pulls.column.opened">Opened</th>
          <th scope="col" class="num" i18n="@@npc.pulls.column.timeToMerge">Time to merge</th>
          <th scope="col" class="num" i18n="@@npc.pulls.column.reviewRounds">Review rounds</th>
          <th scope="col" i18n="@@npc.pulls.column.commits">Commits by</th>
          <th scope="col" i18n="@@npc.pulls.column.task">Task</th>
        </tr>
      </thead>
      <tbody>
        @for (row of rows(); track row.key) {
          <tr
            [attr.data-pull]="row.key"
            [attr.data-outcome]="row.outcome.state"
            [class.live-changed]="changed().has(row.key)"
          >
            <td i18n-data-label="@@npc.pulls.column.title" data-label="Pull request" class="title">
              <a [href]="row.pull.web_url" target="_blank" rel="noopener noreferrer"
                >{{ row.pull.title
                }}<npc-icon class="external" aria-hidden="true" name="open_in_new"
              /></a>
              <span class="where">{{ row.pull.repo }} #{{ row.pull.number }}</span>
            </td>
            <td i18n-data-label="@@npc.pulls.column.outcome" data-label="Outcome">
              <span class="outcome" [attr.data-state]="row.outcome.state">
                <npc-icon aria-hidden="true" [name]="row.outcome.icon" />
                {{ row.outcome.label }}
              </span>
            </td>
            <td i18n-data-label="@@npc.pulls.column.opened" data-label="Opened">
              <time [attr.datetime]="row.opened.iso" [attr.title]="row.opened.hover">{{
                row.opened.text
              }}</time>
            </td>
            <td
              i18n-data-label="@@npc.pulls.column.timeToMerge"
              data-label="Time to merge"
              class="num"
              data-cell="time-to-merge"
            >
              {{ row.timeToMerge }}
            </td>
            <td
              i18n-data-label="@@npc.pulls.column.reviewRounds"
              data-label="Review rounds"
              class="num"
            >
              {{ row.reviewRounds }}
            </td>
            <td i18n-data-label="@@npc.pulls.column.commits" data-label="Commits by">
              {{ row.commits }}
            </td>
            <td i18n-data-label="@@npc.pulls.column.task" data-label="Task">
              @if (row.taskQuery; as query) {
                <a npcLink="/tasks" [query]="query">#{{ query.issue }}</a>
              } @else {
                —
              }
            </td>
          </tr>
        }
      </tbody>
    </table>
  `,
  styleUrl: './npc-list-table.scss',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class NpcPullsComponent {
  readonly rows = input.required<readonly PullRow[]>();
  readonly changed = input<ReadonlySet<string>>(NO_MARKS);
}
