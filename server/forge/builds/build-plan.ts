import { createHash } from 'node:crypto';
import { Prng } from '../seed/prng';
import type { BuildPlan, PlannedStage } from './build.types';

const SECOND_MS = 1000;

/** How a build should go; everything else is drawn from the build's own seed. */
export interface PlanOptions {
  /** An NPC's run (`npc:go` stage) or a pipeline from the repository's configuration. */
  kind: 'npc' | 'pipeline';
  /** Chance that the run fails (default 0.12). */
  failChance?: number;
  /** Force the outcome instead of drawing it. */
  outcome?: 'success' | 'error';
  /** Multiplies the working stage's length and cores' time (a costly task). */
  scale?: number;
  /** The working stage never ends by itself (a runaway run). */
  endless?: boolean;
  /** The working stage's length, instead of a drawn one. */
  workMs?: number;
  /** Cores, instead of drawn ones. */
  cores?: number;
}

/** A number from a build's serial number: the same `sn` always gives the same plan. */
export function seedOf(sn: string): number {
  return createHash('sha256').update(sn).digest().readUInt32BE(0);
}

/**
 * The course of a build: an NPC run is one pipeline (prepare, the NPC's work, report);
 * a configured pipeline checks out, installs and tests. Lengths and cores are drawn from
 * `seed`, so a build's course depends on its serial number and the options only.
 */
export function planBuild(
  seed: number,
  options: PlanOptions,
): { plan: BuildPlan; outcome: 'success' | 'error' } {
  const rng = new Prng(seed);
  const outcome = options.outcome ?? (rng.chance(options.failChance ?? 0.12) ? 'error' : 'success');
  const scale = options.scale ?? 1;
  const seconds = (min: number, max: number): number => Math.round(rng.range(min, max)) * SECOND_MS;
  const work =
    options.endless === true
      ? null
      : (options.workMs ?? Math.round(rng.range(3, 18) * scale * 60) * SECOND_MS);
  const stages: PlannedStage[] =
    options.kind === 'npc'
      ? [
          stage('stage-1', 'prepare', seconds(15, 60), [
            'Pulling image cnbcool/npc-runner:latest',
            'Cloning repository',
            'Checking out the commit',
          ]),
          stage('stage-2', 'npc:go', work, [
            'Reading the task',
            'Planning the change',
            'Editing files',
            'Running the checks',
            'Writing the answer',
          ]),
          stage('stage-3', 'report', seconds(5, 30), ['Posting the result', 'Done']),
        ]
      : [
          stage('stage-1', 'checkout', seconds(5, 20), ['Cloning repository', 'Checked out']),
          stage('stage-2', 'install', seconds(30, 120), ['npm ci', 'added 812 packages']),
          stage('stage-3', 'test', work, ['npm test', 'Running the suites', 'All suites done']),
        ];
  const failing = outcome === 'error' ? { pipeline: 0, stage: 1 } : null;
  if (failing) {
    const failed = stages[failing.stage];
    failed.lines = [...failed.lines.slice(0, 2), 'Error: the step exited with code 1'];
  }
  const cores = options.cores ?? rng.pick([2, 4, 4, 8]);
  return {
    plan: {
      pipelines: [
        {
          id: 'pipeline-1',
          name: options.kind === 'npc' ? 'npc' : 'default',
          cores,
          labels: { kind: [options.kind] },
          stages,
        },
      ],
      failing,
    },
    outcome,
  };
}

function stage(id: string, name: string, ms: number | null, lines: string[]): PlannedStage {
  return { id, name, ms, lines };
}
