import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';
import type { AdminOverview, NpcRunFigures, RunningRun } from '@shared/board/admin';

import { ClockService } from '../../core/clock.service';
import { AppLink } from '../../ui/app-link';
import { coreHoursText } from '../../ui/core-hours-text';
import { EmptyStateComponent } from '../../ui/empty-state.component';
import { formatCount, formatDuration, formatPercent } from '../../ui/format';
import { RunStopComponent } from '../../ui/run-stop.component';
import { runningText } from '../../ui/run-text';

/** A figure below its sample, or not measurable yet. */
const NONE = '–';

/**
 * The overview's *NPC runs* block (docs/rules.md#npc-runs): per NPC, its runs of the
 * window, how they ended, the median run and the core-hours they billed, and core-hours per
 * completed task with its *n*, failed, stopped and retried runs counted; then the tasks whose
 * runs of the last 7 days cost the most.
 */
@Component({
  selector: 'npc-overview-runs',
  imports: [AppLink, EmptyStateComponent, RunStopComponent],
  template: `
    <h2 id="overview-runs-heading" i18n="@@admin.overview.runs.heading">
      NPC runs, last {{ days() }} days
    </h2>
    <p class="caption" i18n="@@admin.overview.runs.caption">
      Core-hours are what the platform billed; failed, stopped and retried runs count. Per completed
      task: every run of the NPC's tasks completed in the window, divided by those tasks. A run on a
      pull request or on no task counts for the NPC its title names.
    </p>
    @if (running().length > 0) {
      <h3 id="running-heading" i18n="@@admin.overview.runs.running">Running now</h3>
      <ul class="running" aria-labelledby="running-heading">
        @for (run of running(); track run.sn) {
          <li [attr.data-running-run]="run.sn">
            <p class="run-line">
              @if (run.issue_number !== null) {
                <a npcLink="/tasks" [query]="{ repo: run.repo, issue: run.issue_number }"
                  >{{ run.repo }}#{{ run.issue_number }} {{ run.task_title }}</a
                >
              } @else {
                <span>{{ run.repo }}</span>
              }
              <span class="sample">{{ run.npc ?? '—' }} · {{ elapsed(run) }}</span>
            </p>
            @defer {
              <npc-run-stop [run]="run" />
            }
          </li>
        }
      </ul>
    }
    @if (rows().length === 0) {
      <npc-empty-state
        icon="smart_toy"
        i18n-message="@@admin.overview.runs.empty"
        message="No NPC runs in this window."
      />
    } @else {
      <!-- Scrolls by itself on a phone, and takes focus so a keyboard can scroll it. -->
      <div
        class="table-scroll"
        tabindex="0"
        role="region"
        i18n-aria-label="@@admin.overview.runs.tableLabel"
        aria-label="NPC runs per NPC"
      >
        <table class="runs-table" data-table="npc-runs">
          <thead>
            <tr>
              <th scope="col" i18n="@@admin.overview.runs.col.npc">NPC</th>
              <th scope="col" class="num" i18n="@@admin.overview.runs.col.runs">Runs</th>
              <th scope="col" class="num" i18n="@@admin.overview.runs.col.success">Success rate</th>
              <th scope="col" class="num" i18n="@@admin.overview.runs.col.median">Median run</th>
              <th scope="col" class="num" i18n="@@admin.overview.runs.col.coreHours">Core-hours</th>
              <th scope="col" class="num" i18n="@@admin.overview.runs.col.perTask">
                Core-hours per completed task
              </th>
            </tr>
          </thead>
          <tbody>
            @for (row of rows(); track row.npc) {
              <tr [attr.data-runs-npc]="row.npc">
                <th scope="row">{{ row.npc }}</th>
                <td class="num" data-cell="runs">
                  {{ row.runs }}
                  @if (row.failedText; as failed) {
                    <span class="sample">{{ failed }}</span>
                  }
                </td>
                <td class="num" data-cell="success">{{ row.success }}</td>
                <td class="num" data-cell="median">{{ row.median }}</td>
                <td class="num" data-cell="core-hours">{{ row.coreHours }}</td>
                <td class="num" data-cell="per-task">
                  {{ row.perTask }}
                  <span class="sample" i18n="@@admin.overview.runs.n">n = {{ row.n }}</span>
                </td>
              </tr>
            }
          </tbody>
        </table>
      </div>
    }
    @if (costliest().length > 0) {
      <h3 id="costliest-heading" i18n="@@admin.overview.runs.costliest">
        Costliest tasks, last 7 days
      </h3>
      <ol class="costliest" aria-labelledby="costliest-heading">
        @for (task of costliest(); track task.key) {
          <li [attr.data-task]="task.key">
            <a npcLink="/tasks" [query]="task.query">{{ task.key }} {{ task.title }}</a>
            <span aria-hidden="true"> · </span>
            <span class="cost">{{ task.text }}</span>
          </li>
        }
      </ol>
    }
  `,
  styles: `
    :host {
      display: block;
    }
    h2 {
      margin: 0 0 4px;
      font: var(--mat-sys-title-large);
    }
    h3 {
      margin: 16px 0 8px;
      font: var(--mat-sys-title-medium);
    }
    .caption {
      margin: 0 0 12px;
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-body-medium);
    }
    .table-scroll {
      overflow-x: auto;
    }
    .runs-table {
      width: 100%;
      border-collapse: collapse;
      font: var(--mat-sys-body-medium);
    }
    .runs-table th,
    .runs-table td {
      padding: 8px;
      border-bottom: 1px solid var(--mat-sys-outline-variant);
      text-align: left;
    }
    .runs-table .num {
      text-align: right;
      white-space: nowrap;
    }
    .sample {
      display: block;
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-body-small);
    }
    .costliest {
      margin: 0;
      padding-left: 24px;
      font: var(--mat-sys-body-medium);
    }
    .costliest li {
      margin: 4px 0;
      overflow-wrap: anywhere;
    }
    .costliest a {
      color: var(--mat-sys-primary);
    }
    .cost {
      color: var(--mat-sys-on-surface-variant);
    }
    .running {
      margin: 0 0 16px;
      padding: 0;
      list-style: none;
    }
    .running li {
      padding: 8px 0;
      border-bottom: 1px solid var(--mat-sys-outline-variant);
      overflow-wrap: anywhere;
    }
    .run-line {
      margin: 0;
      font: var(--mat-sys-body-medium);
    }
    .run-line a {
      color: var(--mat-sys-primary);
    }
    @media (max-width: 599px) {
      .runs-table {
        font: var(--mat-sys-body-small);
      }
      .runs-table th,
      .runs-table td {
        padding: 6px 4px;
      }
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class OverviewRunsComponent {
  readonly runs = input.required<AdminOverview['runs']>();
  readonly days = input.required<number>();
  private readonly clock = inject(ClockService);

  /** The runs going now, the longest-running first, each stoppable. */
  protected readonly running = computed(() => this.runs().running ?? []);
  /** `running 5h 29m`, as the task cards say it. */
  protected elapsed(run: RunningRun): string {
    return runningText(run.started_at, this.clock.now());
  }

  protected readonly rows = computed(() =>
    this.runs()
      .by_npc.filter((row) => row.runs > 0 || row.completed_tasks > 0)
      .map(runRow),
  );

  protected readonly costliest = computed(() =>
    this.runs().costliest.map((task) => ({
      key: `${task.repo}#${task.number}`,
      title: task.title,
      query: { repo: task.repo, issue: task.number },
      text:
        task.runs === 1
          ? $localize`:@@admin.overview.runs.costOne:${coreHoursText(task.core_hours)}:hours: in 1 run`
          : $localize`:@@admin.overview.runs.costMany:${coreHoursText(task.core_hours)}:hours: in ${formatCount(task.runs)}:runs: runs`,
    })),
  );
}

/** One NPC's row as the table shows it. */
export function runRow(row: NpcRunFigures) {
  return {
    npc: row.npc,
    runs: formatCount(row.runs),
    failedText:
      row.failed + row.stopped > 0
        ? $localize`:@@admin.overview.runs.failedStopped:${formatCount(row.failed)}:failed: failed, ${formatCount(row.stopped)}:stopped: stopped`
        : null,
    success: row.success_rate === null ? NONE : formatPercent(row.success_rate),
    median: row.median_duration_s === null ? NONE : formatDuration(row.median_duration_s * 1000),
    coreHours: coreHoursText(row.core_hours),
    perTask:
      row.core_hours_per_completed_task === null
        ? NONE
        : coreHoursText(row.core_hours_per_completed_task),
    n: formatCount(row.completed_tasks),
  };
}
