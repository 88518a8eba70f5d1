import { ChangeDetectionStrategy, Component, computed, inject, input, signal } from '@angular/core';
import type { StopRunResult, TaskRuns } from '@shared/board/runs';

import { AdminSessionService } from '../../core/admin-session.service';
import { ClockService } from '../../core/clock.service';
import { RemoteState } from '../../core/remote-state';
import { coreHoursText } from '../../ui/core-hours-text';
import { formatDuration } from '../../ui/format';
import { ICON_IMPORTS } from '../../ui/icons';
import { LoadErrorComponent } from '../../ui/load-error.component';
import { RelativeTimeComponent } from '../../ui/relative-time.component';
import { RunStopComponent } from '../../ui/run-stop.component';
import { RUN_STATUSES } from './runs.view';

/**
 * A task's NPC runs in its dialog, newest first: outcome, NPC, start, duration, billed
 * core-hours and the build log, with the task's total; a signed-in admin can stop the run
 * that is going (RunStopComponent, loaded only for admins).
 */
@Component({
  selector: 'npc-issue-runs',
  imports: [ICON_IMPORTS, LoadErrorComponent, RelativeTimeComponent, RunStopComponent],
  template: `
    <h3 class="heading" id="runs-heading">
      <ng-container i18n="@@runs.heading">NPC runs</ng-container>
      @if (total(); as text) {
        <span class="total" data-runs-total>{{ text }}</span>
      }
    </h3>
    @if (stopNote(); as note) {
      <p class="note" role="status" data-stop-done>{{ note }}</p>
    }
    @if (runs().error; as error) {
      <npc-load-error
        i18n-what="@@runs.loadError"
        what="the runs"
        [error]="error"
        [retrying]="runs().loading"
      />
    } @else if (pending()) {
      <p class="none" aria-busy="true" i18n="@@runs.counting">Reading the runs…</p>
    } @else if (runs().data; as task) {
      @if (task.runs.length) {
        <ol class="runs" aria-labelledby="runs-heading">
          @for (run of task.runs; track run.sn) {
            <li class="run" [attr.data-run]="run.sn" [attr.data-status]="run.status">
              <p class="line">
                <span class="status" [class.running]="run.status === 'running'">
                  <npc-icon aria-hidden="true" [name]="statuses[run.status].icon" />
                  {{ statuses[run.status].label }}
                </span>
                @if (run.npc; as npc) {
                  <span class="npc">{{ npc }}</span>
                }
                <span aria-hidden="true">·</span>
                <npc-relative-time [time]="run.started_at" />
              </p>
              <p class="line figures">
                <span>{{
                  duration(
                    run.status === 'running' ? elapsed(run.started_at) : run.duration_s * 1000
                  )
                }}</span>
                @if (run.core_hours !== null) {
                  <span aria-hidden="true">·</span>
                  <span data-core-hours>{{ coreHours(run.core_hours) }}</span>
                }
                @if (run.log_url) {
                  <span aria-hidden="true">·</span>
                  <a [href]="run.log_url" target="_blank" rel="noopener noreferrer">
                    <ng-container i18n="@@runs.log">Build log</ng-container>
                    <span class="visually-hidden"> {{ run.sn }}</span>
                  </a>
                }
              </p>
              @if (admin() && run.status === 'running') {
                @defer {
                  <npc-run-stop [run]="run" (stopped)="noteStop($event)" />
                }
              }
            </li>
          }
        </ol>
      } @else {
        <p class="none" i18n="@@runs.none">No NPC runs in the last 31 days.</p>
      }
    }
  `,
  styles: `
    :host {
      display: block;
      margin-top: 16px;
      padding-top: 12px;
      border-top: 1px solid var(--mat-sys-outline-variant);
    }
    .heading {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: 8px;
      margin: 0 0 8px;
      font: var(--mat-sys-title-small);
    }
    .total {
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-body-small);
    }
    .runs {
      display: flex;
      flex-direction: column;
      gap: 8px;
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .run {
      padding: 6px 10px;
      border-radius: 8px;
      background: var(--mat-sys-surface-container-low);
    }
    .line {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 4px 6px;
      margin: 0;
      font: var(--mat-sys-body-small);
      color: var(--mat-sys-on-surface-variant);
    }
    .status {
      display: inline-flex;
      align-items: center;
      gap: 4px;
      color: var(--mat-sys-on-surface);
      font-weight: 600;
    }
    .status.running {
      padding: 0 6px 0 2px;
      border-radius: 6px;
      background: var(--mat-sys-secondary-container);
      color: var(--mat-sys-on-secondary-container);
    }
    .npc {
      color: var(--mat-sys-on-surface);
    }
    a {
      color: var(--mat-sys-primary);
    }
    npc-icon {
      width: 16px;
      height: 16px;
      font-size: 16px;
    }
    .note {
      margin: 0 0 8px;
      font: var(--mat-sys-body-medium);
    }
    .none {
      margin: 0;
      color: var(--mat-sys-on-surface-variant);
      font: var(--mat-sys-body-medium);
    }
  `,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class IssueRunsComponent {
  readonly runs = input.required<RemoteState<TaskRuns>>();
  /** The answer went without the task's runs: they are being read. */
  readonly pending = input(false);
  protected readonly admin = inject(AdminSessionService).signedIn;
  private readonly clock = inject(ClockService);

  protected readonly statuses = RUN_STATUSES;
  protected readonly duration = formatDuration;
  protected readonly coreHours = coreHoursText;

  /** `12.5 core-h in all`: the finished runs', once every bill of them is known. */
  protected readonly total = computed(() => {
    const task = this.runs().data;
    if (!task || task.core_hours === null) return null;
    if (!task.runs.some((run) => run.status !== 'running')) return null;
    return $localize`:@@runs.total:${coreHoursText(task.core_hours)}:hours: in all`;
  });

  /** What the last stop from here did, said until the dialog closes. */
  protected readonly stopNote = signal<string | null>(null);

  protected noteStop(result: StopRunResult): void {
    this.stopNote.set(
      result.outcome === 'stopped'
        ? $localize`:@@runs.stop.done:Run ${result.run.sn}:sn: stopped; it billed ${coreHoursText(result.run.core_hours ?? 0)}:hours:.`
        : $localize`:@@runs.stop.already:Run ${result.run.sn}:sn: had been stopped already.`,
    );
  }

  protected elapsed(startedAt: string): number {
    return this.clock.now() - Date.parse(startedAt);
  }
}
