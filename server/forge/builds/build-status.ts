import type { BuildStatus, StageStatus } from '@shared/platform/builds';
import type { BuildPlan, BuildRow, PlannedPipeline } from './build.types';

/**
 * Where a build's status comes from (docs/architecture.md#builds), the one place: a
 * build is never stored with a status; its status is read from its plan, its start,
 * its stop and the clock. The published words only: a build or pipeline that has not
 * finished reads `pending` (the schema lists no word for "running"); a stage that runs
 * reads `start`, one that will not run after a failure or a stop `skipped`.
 */

/**
 * The SQL twin of `buildStatus` (for the list's `status` filter), on a `builds` alias `b`;
 * its one parameter is now.
 */
export const BUILD_STATUS_SQL = `(CASE
  WHEN b.stopped_at IS NOT NULL THEN 'cancel'
  WHEN b.finishes_at IS NULL OR b.finishes_at > ? THEN 'pending'
  ELSE b.outcome END)`;

type Timing = Pick<BuildRow, 'created_at' | 'finishes_at' | 'stopped_at' | 'outcome'>;

/** A build's status at `now`. */
export function buildStatus(build: Timing, now: number): BuildStatus {
  if (build.stopped_at !== null) return 'cancel';
  if (build.finishes_at === null || Date.parse(build.finishes_at) > now) return 'pending';
  return build.outcome;
}

/** When a build's time stops counting: its stop, its end, or `now` while it runs. */
export function buildEnd(build: Timing, now: number): number {
  if (build.stopped_at !== null) return Date.parse(build.stopped_at);
  const finishes = build.finishes_at === null ? Infinity : Date.parse(build.finishes_at);
  return Math.min(finishes, now);
}

/** Planned length of a pipeline in ms (Infinity when a stage never ends). */
export function pipelineLength(pipeline: PlannedPipeline): number {
  return pipeline.stages.reduce((sum, stage) => sum + (stage.ms ?? Infinity), 0);
}

/** Length of the whole plan: its longest pipeline, cut at the failing stage. */
export function planLength(plan: BuildPlan): number {
  return Math.max(...plan.pipelines.map((_, index) => pipelineRunMs(plan, index)));
}

/** How long a pipeline runs by its plan: to its end, or to the end of its failing stage. */
function pipelineRunMs(plan: BuildPlan, index: number): number {
  const stages = plan.pipelines[index].stages;
  const last = plan.failing?.pipeline === index ? plan.failing.stage : stages.length - 1;
  return stages.slice(0, last + 1).reduce((sum, stage) => sum + (stage.ms ?? Infinity), 0);
}

/** One stage as it stands: status, when it started and ended (ms), and how much of its log shows. */
export interface StageState {
  status: StageStatus;
  startMs: number;
  endMs: number;
  shownLines: number;
  error: string;
}

/** A pipeline as it stands at `now`. */
export interface PipelineState {
  status: BuildStatus;
  durationMs: number;
  stages: StageState[];
}

/** Each pipeline of a build, and each of its stages, at `now`. */
export function pipelineStates(build: Timing & { plan: string }, now: number): PipelineState[] {
  const plan = JSON.parse(build.plan) as BuildPlan;
  const start = Date.parse(build.created_at);
  const stop = build.stopped_at === null ? Infinity : Date.parse(build.stopped_at);
  const until = Math.min(now, stop);
  return plan.pipelines.map((pipeline, index) => {
    const failAt = plan.failing?.pipeline === index ? plan.failing.stage : -1;
    const planned = pipelineRunMs(plan, index);
    let at = start;
    let failed = false;
    const stages = pipeline.stages.map((stage, s): StageState => {
      const stageStart = at;
      const stageEnd = stageStart + (stage.ms ?? Infinity);
      at = stageEnd;
      const shown = (status: StageStatus, end: number, lines: number, error = ''): StageState => ({
        status,
        startMs: status === 'pending' || status === 'skipped' ? 0 : stageStart,
        endMs: end,
        shownLines: lines,
        error,
      });
      if (failed) return shown('skipped', 0, 0);
      if (stop !== Infinity && stageStart >= stop) return shown('skipped', 0, 0);
      if (stageStart > now) return shown('pending', 0, 0);
      if (stageEnd > until) {
        const ran = until - stageStart;
        const share = stage.ms === null ? Math.min(0.9, ran / 3_600_000) : ran / stage.ms;
        const lines = Math.min(stage.lines.length, Math.ceil(stage.lines.length * share));
        return shown(until === stop ? 'cancel' : 'start', until === stop ? stop : 0, lines);
      }
      if (s === failAt) {
        failed = true;
        return shown('error', stageEnd, stage.lines.length, stage.lines[stage.lines.length - 1]);
      }
      return shown('success', stageEnd, stage.lines.length);
    });
    const endMs = Math.min(start + planned, until);
    const status: BuildStatus =
      start + planned <= until
        ? failAt >= 0
          ? 'error'
          : 'success'
        : stop <= now
          ? 'cancel'
          : 'pending';
    return { status, durationMs: Math.max(0, endMs - start), stages };
  });
}

/** Core-hours in thousandths a pipeline bills for `ms` of running: `cores` times the time. */
export function coreMilliHours(cores: number, ms: number): number {
  return Math.round((cores * ms) / 3_600);
}

/** Credits (in hundredths) a build's core-hours cost: one credit per core-hour. */
export function costCents(coreMh: number): number {
  return Math.round(coreMh / 10);
}

/** Billed time: whole seconds, rounded up, as a meter counts. */
export function billedMs(ms: number): number {
  return Math.ceil(ms / 1000) * 1000;
}

/** What a plan bills when it runs to its end (a run that never ends bills nothing here). */
export function plannedCoreMh(plan: BuildPlan): number {
  return plan.pipelines.reduce((sum, pipeline, index) => {
    const ms = pipelineRunMs(plan, index);
    return Number.isFinite(ms) ? sum + coreMilliHours(pipeline.cores, billedMs(ms)) : sum;
  }, 0);
}

/** Core-hours (thousandths) a build has used by `now`: each pipeline's cores times its time. */
export function usedCoreMh(build: Timing & { plan: string }, now: number): number {
  const plan = JSON.parse(build.plan) as BuildPlan;
  return pipelineStates(build, now).reduce(
    (sum, state, index) =>
      sum + coreMilliHours(plan.pipelines[index].cores, billedMs(state.durationMs)),
    0,
  );
}
