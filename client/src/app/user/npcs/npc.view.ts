import type { AttentionReason } from '@shared/board/entities';
import type { NpcDetail, NpcPull, NpcTask, OutcomeWeek } from '@shared/board/outcomes';

import { coreHoursText } from '../../ui/core-hours-text';
import type { CsvColumn } from '../../ui/csv';
import { formatCount, formatDuration } from '../../ui/format';
import type { IconName } from '../../ui/icons';
import { ShownTime, shownRelativeTime } from '../../ui/relative-time.component';
import { WeeklySeries } from '../charts/chart-options';
import { ATTENTION_REASONS, columnLabel } from '../tasks/task-board.view';
import {
  MeasureCells,
  MeasureDefinition,
  PendingParts,
  measureCells,
  measureCsvColumns,
} from './outcome-measures';
import { MeasureRow, weekName } from './npcs.view';

/** The headline figures of an NPC's page: each measure with its definition. */
export interface MeasureFigure {
  definition: MeasureDefinition;
  cells: MeasureCells;
}

/** The NPC's organizations, each leading to its tasks there on the task board. */
export function orgRows(detail: NpcDetail, pending: PendingParts): MeasureRow[] {
  return detail.by_org.map((scope) => ({
    key: scope.org,
    name: scope.org,
    link: { path: '/tasks', query: { org: scope.org, npc: detail.npc } },
    note: null,
    cells: measureCells(scope.measures, pending),
    trend: null,
    measures: scope.measures,
  }));
}

/** The NPC's repositories, each leading to its tasks there on the task board. */
export function repoRows(detail: NpcDetail, pending: PendingParts): MeasureRow[] {
  return detail.by_repo.map((scope) => ({
    key: scope.repo,
    name: scope.repo,
    link: { path: '/tasks', query: { repository: scope.repo, npc: detail.npc } },
    note: null,
    cells: measureCells(scope.measures, pending),
    trend: null,
    measures: scope.measures,
  }));
}

/** The export of an organization or repository table. */
export function scopeCsvColumns(nameHeader: string): CsvColumn<MeasureRow>[] {
  return [
    { header: nameHeader, value: (r) => r.name },
    ...measureCsvColumns<MeasureRow>((r) => r.measures),
  ];
}

export function organizationHeader(): string {
  return $localize`:@@npc.column.org:Organization`;
}

export function repositoryHeader(): string {
  return $localize`:@@npc.column.repo:Repository`;
}

/** One of the NPC's open tasks as its row shows it. */
export interface TaskRow {
  key: string;
  task: NpcTask;
  column: string;
  attention: { reason: AttentionReason; label: string; icon: IconName } | null;
  updated: ShownTime;
  /** The task board with this task's dialog open. */
  query: { repo: string; issue: number };
}

export function taskRows(tasks: readonly NpcTask[], now: number): TaskRow[] {
  return tasks.map((task) => ({
    key: `${task.repo}#${task.number}`,
    task,
    column: columnLabel(task.column),
    attention: task.attention
      ? { reason: task.attention, ...ATTENTION_REASONS[task.attention] }
      : null,
    updated: shownRelativeTime(task.updated_at, now),
    query: { repo: task.repo, issue: task.number },
  }));
}

export const TASK_CSV_COLUMNS: CsvColumn<TaskRow>[] = [
  { header: $localize`:@@npc.tasks.column.title:Task`, value: (r) => r.task.title },
  { header: $localize`:@@npc.column.repo:Repository`, value: (r) => r.task.repo },
  { header: $localize`:@@npc.csv.number:Number`, value: (r) => r.task.number },
  { header: $localize`:@@npc.tasks.column.column:Column`, value: (r) => r.column },
  {
    header: $localize`:@@npc.tasks.column.attention:Needs attention`,
    value: (r) => r.attention?.label ?? null,
  },
  { header: $localize`:@@npc.csv.updatedAt:Last change`, value: (r) => r.task.updated_at },
  { header: $localize`:@@npc.csv.url:Address`, value: (r) => r.task.web_url },
];

/** How a pull request ended up, as its row names it. */
export type PullOutcome = NpcPull['state'];

export const PULL_OUTCOMES: Record<PullOutcome, { label: string; icon: IconName }> = {
  open: { label: $localize`:@@npc.pull.open:open`, icon: 'radio_button_unchecked' },
  merged: { label: $localize`:@@npc.pull.merged:merged`, icon: 'check_circle' },
  closed: { label: $localize`:@@npc.pull.closed:closed unmerged`, icon: 'close' },
};

/** One of the NPC's pull requests as its row shows it. */
export interface PullRow {
  key: string;
  pull: NpcPull;
  outcome: { state: PullOutcome; label: string; icon: IconName };
  opened: ShownTime;
  /** Merged minus opened, seconds; null unless merged. */
  timeToMergeS: number | null;
  timeToMerge: string;
  reviewRounds: string;
  /** Who committed to a merged one: "NPC only", "a person too"; a dash otherwise. */
  commits: string;
  /** The task board with the task it delivers open, or null. */
  taskQuery: { repo: string; issue: number } | null;
}

export function pullRows(pulls: readonly NpcPull[], now: number): PullRow[] {
  return pulls.map((pull) => {
    const merged = pull.merged_at === null ? null : Date.parse(pull.merged_at);
    const seconds =
      merged === null ? null : Math.max(0, (merged - Date.parse(pull.created_at)) / 1000);
    return {
      key: `${pull.repo}#${pull.number}`,
      pull,
      outcome: { state: pull.state, ...PULL_OUTCOMES[pull.state] },
      opened: shownRelativeTime(pull.created_at, now),
      timeToMergeS: seconds,
      timeToMerge: seconds === null ? '—' : formatDuration(seconds * 1000),
      reviewRounds: pull.review_rounds === null ? '—' : formatCount(pull.review_rounds),
      commits:
        pull.human_commit === null
          ? '—'
          : pull.human_commit
            ? $localize`:@@npc.pull.humanCommit:a person too`
            : $localize`:@@npc.pull.npcOnly:NPC only`,
      taskQuery: pull.task_number === null ? null : { repo: pull.repo, issue: pull.task_number },
    };
  });
}

export const PULL_CSV_COLUMNS: CsvColumn<PullRow>[] = [
  { header: $localize`:@@npc.pulls.column.title:Pull request`, value: (r) => r.pull.title },
  { header: $localize`:@@npc.column.repo:Repository`, value: (r) => r.pull.repo },
  { header: $localize`:@@npc.csv.number:Number`, value: (r) => r.pull.number },
  { header: $localize`:@@npc.pulls.column.outcome:Outcome`, value: (r) => r.outcome.label },
  { header: $localize`:@@npc.csv.createdAt:Opened`, value: (r) => r.pull.created_at },
  { header: $localize`:@@npc.csv.mergedAt:Merged`, value: (r) => r.pull.merged_at },
  {
    header: $localize`:@@npc.csv.timeToMerge:Time to merge (s)`,
    value: (r) => (r.timeToMergeS === null ? null : Math.round(r.timeToMergeS)),
  },
  {
    header: $localize`:@@npc.pulls.column.reviewRounds:Review rounds`,
    value: (r) => r.pull.review_rounds,
  },
  {
    header: $localize`:@@npc.csv.humanCommit:Commit by a person`,
    value: (r) => r.pull.human_commit,
  },
  { header: $localize`:@@npc.csv.task:Task number`, value: (r) => r.pull.task_number },
  { header: $localize`:@@npc.csv.url:Address`, value: (r) => r.pull.web_url },
];

/** The three weekly trends of an NPC's page. */
export type TrendKey = 'tasks' | 'pulls' | 'core_hours';

export interface Trend {
  key: TrendKey;
  heading: string;
  series: WeeklySeries;
  /** Whether no week has a value yet: the board is still reading, or it could not. */
  unknown: boolean;
}

/** The weeks' names, `2026-11-01`, oldest first. */
export function weekNames(weeks: readonly OutcomeWeek[]): string[] {
  return weeks.map(weekName);
}

/** Completed tasks, merged pull requests and core-hours per week. */
export function trends(weeks: readonly OutcomeWeek[]): Trend[] {
  const tasks = weeks.map((w) => w.tasks_completed);
  const pulls = weeks.map((w) => w.pulls_merged);
  const hours = weeks.map((w) => w.core_hours);
  return [
    {
      key: 'tasks',
      heading: $localize`:@@npc.trend.tasks:Tasks completed`,
      series: {
        label: $localize`:@@npc.trend.tasksLabel:Tasks completed`,
        values: tasks,
        format: formatCount,
        counts: true,
      },
      unknown: false,
    },
    {
      key: 'pulls',
      heading: $localize`:@@npc.trend.pulls:Pull requests merged`,
      series: {
        label: $localize`:@@npc.trend.pullsLabel:Pull requests merged`,
        values: pulls,
        format: formatCount,
        counts: true,
      },
      unknown: pulls.every((v) => v === null),
    },
    {
      key: 'core_hours',
      heading: $localize`:@@npc.trend.coreHours:Core-hours`,
      series: {
        label: $localize`:@@npc.trend.coreHoursLabel:Core-hours`,
        values: hours,
        format: coreHoursText,
        counts: false,
      },
      unknown: hours.every((v) => v === null),
    },
  ];
}

/** What a live update may change on the page, for the marks it leaves on rows. */
export function pullFigures(row: PullRow): unknown[] {
  return [row.pull.state, row.pull.merged_at, row.pull.review_rounds, row.pull.human_commit];
}

export function taskFigures(row: TaskRow): unknown[] {
  return [row.task.column, row.task.attention, row.task.title];
}
