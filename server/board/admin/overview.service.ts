import { Injectable } from '@nestjs/common';
import {
  AdminOverview,
  CostlyTask,
  NpcFigures,
  NpcRunFigures,
  ResponseTimeFigures,
} from '@shared/board/admin';
import { roundCoreHours, type NpcRun } from '@shared/board/runs';
import { consumption, creditsPerTask } from '@shared/board/credits';
import type { Issue } from '@shared/board/entities';
import { isSecret, toIssue } from '@shared/board/mappers';
import { isNpcIssue } from '@shared/board/npc';
import {
  completedBetween,
  guardedPercentile,
  outcomeMeasures,
  type NpcPull,
} from '@shared/board/outcomes';
import { mean, percentile } from '@shared/board/stats';
import { byName } from '@shared/board/text-order';
import { Clock } from '../../common/clock';
import { NpcWorkService } from '../sync/npc-work.service';
import { RepoActivityService } from '../sync/repo-activity.service';
import { Coverage } from '../scope/coverage.service';
import { PlatformClient } from '../platform/platform-client';
import { BoardStore } from '../store/board-store';
import { IssueMirror } from '../sync/issue-mirror';
import { NpcPullsService } from '../sync/npc-pulls.service';
import { NpcRunsService } from '../sync/npc-runs.service';

const DAY_MS = 86_400_000;

/**
 * Completion rate, pickup latency, per-NPC figures and the two rankings
 * (docs/rules.md#admin-overview-figures).
 */
@Injectable()
export class OverviewService {
  constructor(
    private readonly platform: PlatformClient,
    private readonly coverage: Coverage,
    private readonly store: BoardStore,
    private readonly clock: Clock,
    private readonly work: NpcWorkService,
    private readonly commits: RepoActivityService,
    private readonly mirror: IssueMirror,
    private readonly runs: NpcRunsService,
    private readonly pulls: NpcPullsService,
  ) {}

  /** All figures over the last `days` days (UTC), each with its sample size. */
  async overview(days: 7 | 30): Promise<AdminOverview> {
    const now = this.clock.now();
    const from = new Date(now.getTime() - days * DAY_MS);
    const orgs = await this.coverage.coveredOrgs();
    const ctx = this.coverage.mapContext;

    const issueLists = await Promise.all(orgs.map((org) => this.mirror.orgIssues(org)));
    const npcIssues = await this.work.annotate(
      issueLists
        .flat()
        .flatMap((raw) => (raw.repo ? [toIssue(raw, raw.repo.path, ctx)] : []))
        .filter((issue) => isNpcIssue(issue)),
    );
    const created = npcIssues.filter((issue) => Date.parse(issue.created_at) >= from.getTime());
    const closed = created.filter((i) => i.state === 'closed').length;
    const completed = completedBetween(npcIssues, from, now);

    // The runs of the tasks the window can speak of: those open, or changed since it began.
    const recent = npcIssues.filter(
      (issue) =>
        issue.state === 'open' ||
        Date.parse(issue.updated_at) >= Math.min(from.getTime(), now.getTime() - 7 * DAY_MS),
    );
    const movedAt = new Map<string, number>();
    for (const issue of recent) {
      const repo = issue.repository.full_name;
      movedAt.set(repo, Math.max(movedAt.get(repo) ?? 0, Date.parse(issue.updated_at)));
    }
    const [creditRanking, activity, [taskRuns, unlinked], pulls] = await Promise.all([
      this.creditRanking(orgs, from, completed),
      this.activityRanking(orgs, from),
      this.runs.tasksRuns(recent, { bills: true }).then(async (byTask) => {
        return [byTask, await this.runs.unlinkedRuns(movedAt.keys(), { bills: true })] as const;
      }),
      this.pulls.readNow(movedAt),
    ]);
    const runs = runFigures(recent, taskRuns, unlinked, completed, from, now);
    return {
      days,
      window: { from: from.toISOString(), to: now.toISOString() },
      completion: {
        created: created.length,
        closed,
        rate: created.length === 0 ? null : closed / created.length,
      },
      response_time: responseTimes(npcIssues, from),
      npcs: npcFigures(npcIssues, pulls, windowRuns(recent, taskRuns, unlinked), from, now),
      credit_ranking: creditRanking,
      activity_ranking: activity.ranking,
      activity_unavailable: activity.unavailable,
      runs,
    };
  }

  /**
   * Organizations by credits spent in the window (snapshot decreases; top-ups excluded),
   * with the cost of each completed NPC task.
   */
  private async creditRanking(
    orgs: string[],
    from: Date,
    completed: readonly Issue[],
  ): Promise<AdminOverview['credit_ranking']> {
    const snapshots = await this.store.listSnapshots(orgs, from);
    return orgs
      .map((org) => {
        const own = snapshots.filter((s) => s.org_slug === org);
        const consumed = Math.round(consumption(own) * 100) / 100;
        const tasks = completed.filter((i) => i.repository.full_name.startsWith(`${org}/`)).length;
        return {
          org_slug: org,
          consumed,
          snapshots: own.length,
          credits_per_task: creditsPerTask(own.length < 2 ? null : consumed, tasks),
          tasks_completed: tasks,
        };
      })
      .sort((a, b) => b.consumed - a.consumed || byName(a.org_slug, b.org_slug));
  }

  /**
   * Repositories by commits in the window, counted in the 31-day commit lists the
   * repository health page reads too (one cached read per repository and day).
   */
  private async activityRanking(
    orgs: string[],
    from: Date,
  ): Promise<{ ranking: AdminOverview['activity_ranking']; unavailable: string[] }> {
    const repos = (await Promise.all(orgs.map((org) => this.platform.listRepos(org))))
      .flat()
      .filter((r) => !isSecret(r))
      .map((r) => r.path);
    const counts = await Promise.all(
      repos.map(async (repo) => {
        const split = await this.commits.split(repo);
        const commits = split?.times.filter((t) => t >= from.getTime()).length ?? null;
        return { repo, commits };
      }),
    );
    return {
      ranking: counts
        .filter((c): c is { repo: string; commits: number } => c.commits !== null)
        .sort((a, b) => b.commits - a.commits || byName(a.repo, b.repo)),
      unavailable: counts.filter((c) => c.commits === null).map((c) => c.repo),
    };
  }
}

/** NPC usernames currently assigned to an issue. */
function npcsOf(issue: Issue): string[] {
  return issue.assignees.filter((a) => a.is_npc).map((a) => a.username);
}

/** Assigned within the window: the issues whose pickup the window measures. */
function assignedSince(issue: Issue, from: Date): boolean {
  return (
    issue.signals.assigned_at !== null && Date.parse(issue.signals.assigned_at) >= from.getTime()
  );
}

/** Pickup latency (first NPC comment − assignment) of issues assigned in the window. */
function responseTimes(issues: readonly Issue[], from: Date): AdminOverview['response_time'] {
  const measured = issues.filter((i) => assignedSince(i, from));
  const byNpc = new Map<string, (number | null)[]>();
  for (const issue of measured) {
    for (const npc of npcsOf(issue)) {
      byNpc.set(npc, [...(byNpc.get(npc) ?? []), issue.signals.pickup_latency_s]);
    }
  }
  return {
    ...figures(measured.map((i) => i.signals.pickup_latency_s)),
    by_npc: [...byNpc]
      .map(([npc, values]) => ({ npc, ...figures(values) }))
      .sort((a, b) => byName(a.npc, b.npc)),
  };
}

/**
 * Per NPC: pickup and cycle percentiles, open work, stuck and completed counts, and its pull
 * requests' outcomes (docs/rules.md#npc-outcomes), each as `outcomeMeasures` defines it.
 */
function npcFigures(
  issues: readonly Issue[],
  pulls: readonly NpcPull[],
  runs: readonly NpcRun[],
  from: Date,
  now: Date,
): NpcFigures[] {
  const npcs = new Set(issues.flatMap(npcsOf));
  return [...npcs].sort(byName).map((npc) => {
    const name = npc.toLowerCase();
    const m = outcomeMeasures({
      tasks: issues.filter((i) => npcsOf(i).includes(npc)),
      pulls: pulls.filter((pull) => pull.npc === name),
      runs: runs.filter((run) => run.npc === name),
      since: from.getTime(),
      now: now.getTime(),
    });
    return {
      npc,
      pickup_p50_s: m.pickup_p50_s,
      pickup_p95_s: m.pickup_p95_s,
      pickup_n: m.pickup_n,
      cycle_p50_s: m.cycle_p50_s,
      cycle_p95_s: m.cycle_p95_s,
      cycle_n: m.cycle_n,
      wip: m.wip,
      stuck: m.stuck,
      completed: m.tasks_completed,
      merge_rate: m.pulls?.merge_rate ?? null,
      merge_n: (m.pulls?.merged ?? 0) + (m.pulls?.closed_unmerged ?? 0),
      merged_pulls: m.pulls?.merged ?? 0,
      autonomy: m.pulls?.autonomy ?? null,
      cost_per_merged_pull: m.cost_per_merged_pull,
    };
  });
}

/** Every run held of the tasks, and those on no task, as one list (each once). */
function windowRuns(
  issues: readonly Issue[],
  taskRuns: TaskRunMap,
  unlinked: readonly NpcRun[],
): NpcRun[] {
  return [...issues.flatMap((issue) => taskRuns.get(taskKey(issue)) ?? []), ...unlinked];
}

/** A task's runs, by `<repo>#<number>`. */
type TaskRunMap = ReadonlyMap<string, readonly NpcRun[]>;

const taskKey = (issue: Issue): string => `${issue.repository.full_name}#${issue.number}`;

/** Billed core-hours of ended runs (a run whose bill could not be read counts nothing). */
function billed(runs: readonly NpcRun[]): number {
  return roundCoreHours(runs.reduce((sum, run) => sum + (run.core_hours ?? 0), 0));
}

/**
 * Per NPC: its runs of the window (those of its tasks, and those its title names on a pull
 * request or no task) and what they cost; the costliest tasks of 7 days; the runs going now.
 */
function runFigures(
  issues: readonly Issue[],
  taskRuns: TaskRunMap,
  unlinked: readonly NpcRun[],
  completed: readonly Issue[],
  from: Date,
  now: Date,
): AdminOverview['runs'] {
  const inWindow = [
    ...issues.flatMap((issue) => taskRuns.get(taskKey(issue)) ?? []),
    ...unlinked,
  ].filter((run) => Date.parse(run.started_at) >= from.getTime());
  const npcs = new Set([
    ...inWindow.flatMap((run) => (run.npc === null ? [] : [run.npc])),
    ...completed.flatMap(npcsOf).map((npc) => npc.toLowerCase()),
  ]);
  const byNpc = [...npcs].sort(byName).map((npc): NpcRunFigures => {
    const own = inWindow.filter((run) => run.npc === npc);
    const ended = own.filter((run) => run.status !== 'running');
    const succeeded = ended.filter((run) => run.status === 'success').length;
    const done = completed.filter((task) =>
      npcsOf(task).some((name) => name.toLowerCase() === npc),
    );
    const doneHours = billed(done.flatMap((task) => taskRuns.get(taskKey(task)) ?? []));
    return {
      npc,
      runs: own.length,
      succeeded,
      failed: ended.filter((run) => run.status === 'error').length,
      stopped: ended.filter((run) => run.status === 'cancel').length,
      success_rate: ended.length === 0 ? null : succeeded / ended.length,
      median_duration_s: guardedPercentile(
        ended.map((run) => run.duration_s),
        0.5,
      ),
      core_hours: billed(ended),
      core_hours_per_completed_task:
        done.length === 0 ? null : roundCoreHours(doneHours / done.length),
      completed_tasks: done.length,
    };
  });
  const weekAgo = now.getTime() - 7 * DAY_MS;
  const costliest = issues
    .map((issue): CostlyTask => {
      const week = (taskRuns.get(taskKey(issue)) ?? []).filter(
        (run) => Date.parse(run.started_at) >= weekAgo,
      );
      return {
        repo: issue.repository.full_name,
        number: issue.number,
        title: issue.title,
        npc: week.find((run) => run.npc !== null)?.npc ?? null,
        runs: week.length,
        core_hours: billed(week),
      };
    })
    .filter((task) => task.core_hours > 0)
    .sort(
      (a, b) =>
        b.core_hours - a.core_hours || byName(`${a.repo}#${a.number}`, `${b.repo}#${b.number}`),
    )
    .slice(0, 5);
  const titles = new Map(issues.map((issue) => [taskKey(issue), issue.title]));
  const running = [...issues.flatMap((issue) => taskRuns.get(taskKey(issue)) ?? []), ...unlinked]
    .filter((run) => run.status === 'running')
    .sort((a, b) => Date.parse(a.started_at) - Date.parse(b.started_at) || byName(a.sn, b.sn))
    .map((run) => ({
      ...run,
      task_title:
        run.issue_number === null ? null : (titles.get(`${run.repo}#${run.issue_number}`) ?? null),
    }));
  return { by_npc: byNpc, costliest, running };
}

function figures(values: readonly (number | null)[]): ResponseTimeFigures {
  const answered = values.filter((v): v is number => v !== null);
  const round = (v: number | null): number | null => (v === null ? null : Math.round(v));
  return {
    answered: answered.length,
    waiting: values.length - answered.length,
    average_seconds: round(mean(answered)),
    p95_seconds: round(percentile(answered, 0.95)),
  };
}
