import type { Issue } from '@shared/board/entities';
import {
  eventTarget,
  roundCoreHours,
  runNpc,
  type NpcRun,
  type RunStatus,
} from '@shared/board/runs';
import { isNpcEvent } from '@shared/platform/builds';
import type { DtoBuildStatusResult, DtoLogInfo } from '@shared/platform/published';

/** A run as held: everything but the bill, which is kept apart (read once, never changes). */
export type HeldRun = Omit<NpcRun, 'core_hours'>;

/**
 * A build as a run of `repo` (docs/rules.md#npc-runs), or null when it is not an NPC
 * run; its NPC is the one its title names among `handles` (lower-case), if any.
 */
export function toHeldRun(
  repo: string,
  build: DtoLogInfo,
  handles: ReadonlySet<string>,
): HeldRun | null {
  if (!isNpcEvent(build.event ?? '')) return null;
  const target = eventTarget(build.eventUrl ?? '');
  const here = target !== null && target.repo === repo;
  return {
    sn: build.sn,
    repo,
    issue_number: here && target.kind === 'issue' ? target.number : null,
    pull_number: here && target.kind === 'pull' ? target.number : null,
    npc: runNpc(build.title ?? '', handles),
    started_by: build.userName ?? '',
    event: build.event,
    title: build.title ?? '',
    status: runStatus(build.status),
    started_at: new Date(Date.parse(build.createTime)).toISOString(),
    duration_s: Math.round((build.duration ?? 0) / 1000),
    log_url: build.buildLogUrl ?? '',
  };
}

/** An issue's one NPC assignee (lower-case), or null with none or several. */
export function soleNpcOf(issue: Issue): string | null {
  const assigned = issue.assignees.filter((a) => a.is_npc);
  return assigned.length === 1 ? assigned[0].username.toLowerCase() : null;
}

/** The platform's build status in the board's words: anything unfinished is running. */
export function runStatus(status: string | undefined): RunStatus {
  return status === 'success' || status === 'error' || status === 'cancel' ? status : 'running';
}

/** A build's billed core-hours: the sum of its pipelines'. */
export function coreHoursOf(status: DtoBuildStatusResult): number {
  return roundCoreHours(
    Object.values(status.pipelinesStatus ?? {}).reduce(
      (sum, pipeline) => sum + (pipeline.metricCoreHours ?? 0),
      0,
    ),
  );
}
