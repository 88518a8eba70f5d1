import type {
  DtoBuildStageResult,
  DtoBuildStatusResult,
  DtoLogInfo,
  DtoPipelineStatus,
} from '@shared/platform/published';
import {
  billedMs,
  buildEnd,
  buildStatus,
  coreMilliHours,
  pipelineStates,
  type PipelineState,
} from './build-status';
import type { BuildPlan, BuildRow, PlannedPipeline } from './build.types';

/** Where a build lives: its repository's path and the forge's public address. */
export interface BuildPlace {
  repoPath: string;
  publicUrl: string;
}

/** The web address of a build's log. */
export function buildLogUrl(place: BuildPlace, sn: string): string {
  return `${place.publicUrl}/${place.repoPath}/-/build/logs/${sn}`;
}

/** `key=value` pairs of a pipeline's labels, as the list's `labels` string. */
function labelText(pipeline: PlannedPipeline): string {
  return Object.entries(pipeline.labels)
    .map(([key, values]) => `${key}=${values.join(',')}`)
    .join(';');
}

/** `dto.LogInfo`: a build in the list, at `now`. */
export function toLogInfo(row: BuildRow, place: BuildPlace, now: number): DtoLogInfo {
  const plan = JSON.parse(row.plan) as BuildPlan;
  const states = pipelineStates(row, now);
  const start = Date.parse(row.created_at);
  return {
    buildLogUrl: buildLogUrl(place, row.sn),
    commitTitle: row.commit_title,
    createTime: row.created_at,
    duration: Math.max(0, buildEnd(row, now) - start),
    event: row.event,
    // Stored as a path on the forge, so the address follows the forge's public URL.
    eventUrl: row.event_url.startsWith('/') ? place.publicUrl + row.event_url : row.event_url,
    freeze: row.user.frozen === 1,
    groupName: place.repoPath.split('/')[0],
    labels: plan.pipelines.map(labelText).join(' '),
    nickName: row.user.nickname,
    pipelineFailCount: states.filter((state) => state.status === 'error').length,
    pipelineSuccessCount: states.filter((state) => state.status === 'success').length,
    pipelineTotalCount: states.length,
    pipelines: plan.pipelines.map((pipeline, index) => ({
      createTime: row.created_at,
      duration: states[index].durationMs,
      id: pipeline.id,
      labels: labelText(pipeline),
      status: states[index].status,
    })),
    sha: row.sha,
    slug: place.repoPath,
    sn: row.sn,
    sourceRef: row.source_ref,
    sourceSlug: place.repoPath,
    status: buildStatus(row, now),
    targetRef: row.target_ref,
    title: row.title,
    userName: row.user.username,
  };
}

/** `dto.PipelineStatus`: duration in ms; what is billed is the time in whole seconds. */
function toPipelineStatus(
  pipeline: PlannedPipeline,
  state: PipelineState,
  now: number,
): DtoPipelineStatus {
  const metricDuration = billedMs(state.durationMs);
  return {
    duration: state.durationMs,
    id: pipeline.id,
    labels: Object.entries(pipeline.labels).map(([key, value]) => ({ key, value })),
    metricCoreHours: coreMilliHours(pipeline.cores, metricDuration) / 1000,
    metricDuration,
    name: pipeline.name,
    stages: pipeline.stages.map((stage, index) => {
      const stageState = state.stages[index];
      return {
        duration: stageDuration(stageState, now),
        id: stage.id,
        name: stage.name,
        status: stageState.status,
      };
    }),
    status: state.status,
  };
}

/** `dto.BuildStatusResult`: the build's status and each pipeline's, keyed by pipeline id. */
export function toBuildStatus(row: BuildRow, now: number): DtoBuildStatusResult {
  const plan = JSON.parse(row.plan) as BuildPlan;
  const states = pipelineStates(row, now);
  return {
    status: buildStatus(row, now),
    pipelinesStatus: Object.fromEntries(
      plan.pipelines.map((pipeline, index) => [
        pipeline.id,
        toPipelineStatus(pipeline, states[index], now),
      ]),
    ),
  };
}

/** `dto.BuildStageResult`, or null when the build has no such pipeline or stage. */
export function toStageResult(
  row: BuildRow,
  pipelineId: string,
  stageId: string,
  now: number,
): DtoBuildStageResult | null {
  const plan = JSON.parse(row.plan) as BuildPlan;
  const index = plan.pipelines.findIndex((pipeline) => pipeline.id === pipelineId);
  const stageIndex =
    index < 0 ? -1 : plan.pipelines[index].stages.findIndex((s) => s.id === stageId);
  if (stageIndex < 0) return null;
  const stage = plan.pipelines[index].stages[stageIndex];
  const state = pipelineStates(row, now)[index].stages[stageIndex];
  return {
    content: row.logs_deleted === 1 ? [] : stage.lines.slice(0, state.shownLines),
    duration: stageDuration(state, now),
    endTime: state.endMs,
    error: state.error,
    id: stage.id,
    name: stage.name,
    startTime: state.startMs,
    status: state.status,
  };
}

/** A stage's time so far (ms): to its end, or to `now` while it runs. */
function stageDuration(state: { startMs: number; endMs: number }, now: number): number {
  if (state.startMs === 0) return 0;
  if (state.endMs > 0) return state.endMs - state.startMs;
  return Math.max(0, now - state.startMs);
}
