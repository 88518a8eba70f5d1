import type { EmbeddedUserRow } from '../users/user.types';

/** One stage of a planned pipeline; `ms` is null for a stage that never ends by itself. */
export interface PlannedStage {
  id: string;
  name: string;
  ms: number | null;
  /** The log, one line per element; a running stage shows the share it has reached. */
  lines: string[];
}

/** A pipeline of a build: its stages run one after the other on `cores` cores. */
export interface PlannedPipeline {
  id: string;
  name: string;
  cores: number;
  labels: Record<string, string[]>;
  stages: PlannedStage[];
}

/**
 * The course of a build, fixed when it starts: pipelines run side by side from the
 * build's start; with outcome `error`, `failing` names the pipeline and stage that fail.
 */
export interface BuildPlan {
  pipelines: PlannedPipeline[];
  failing: { pipeline: number; stage: number } | null;
}

/** A build as stored, with who started it. */
export interface BuildRow {
  id: number;
  repo_id: number;
  sn: string;
  event: string;
  /** The issue's or pull request's path on the forge (`/org/repo/-/issues/3`), or empty. */
  event_url: string;
  user_id: number;
  npc_id: number | null;
  issue_id: number | null;
  pull_id: number | null;
  sha: string;
  commit_title: string;
  source_ref: string;
  target_ref: string;
  title: string;
  outcome: 'success' | 'error';
  plan: string;
  created_at: string;
  finishes_at: string | null;
  stopped_at: string | null;
  core_mh: number;
  cost_cents: number;
  charged: number;
  logs_deleted: number;
  user: EmbeddedUserRow;
}

/** What starting a build stores. */
export interface NewBuild {
  repoId: number;
  sn: string;
  event: string;
  eventUrl: string;
  userId: number;
  npcId: number | null;
  issueId: number | null;
  pullId: number | null;
  sha: string;
  commitTitle: string;
  sourceRef: string;
  targetRef: string;
  title: string;
  plan: BuildPlan;
  outcome: 'success' | 'error';
  createdAt: string;
  /** Present in the demo seed: a build whose charge the seeded ledger already holds. */
  charged?: boolean;
  /** Present in the demo seed: a build stopped at this time. */
  stoppedAt?: string;
}
