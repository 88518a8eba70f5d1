import { planBuild } from './build-plan';
import { buildStatus, pipelineStates, planLength, plannedCoreMh, usedCoreMh } from './build-status';

const START = Date.parse('2030-01-01T00:00:00.000Z');
const at = (ms: number): string => new Date(ms).toISOString();

/** A stored build of `plan`, started at START, optionally stopped. */
function stored(outcome: 'success' | 'error', stoppedAt: number | null = null, endless = false) {
  const { plan } = planBuild(7, { kind: 'npc', outcome, endless, workMs: 10 * 60_000 });
  const length = planLength(plan);
  return {
    plan: JSON.stringify(plan),
    outcome,
    created_at: at(START),
    finishes_at: Number.isFinite(length) ? at(START + length) : null,
    stopped_at: stoppedAt === null ? null : at(stoppedAt),
    length,
    course: plan,
  };
}

describe('build status', () => {
  it('reads pending while it runs, with the running stage at start, then the outcome', () => {
    const build = stored('success');
    const during = START + build.course.pipelines[0].stages[0].ms! + 1000;
    expect(buildStatus(build, during)).toBe('pending');
    expect(pipelineStates(build, during)[0].stages.map((s) => s.status)).toEqual([
      'success',
      'start',
      'pending',
    ]);
    expect(buildStatus(build, START + build.length)).toBe('success');
    expect(usedCoreMh(build, START + build.length)).toBe(plannedCoreMh(build.course));
  });

  it('skips the stages after a failing one', () => {
    const build = stored('error');
    const after = START + build.length;
    expect(buildStatus(build, after)).toBe('error');
    expect(pipelineStates(build, after)[0].stages.map((s) => s.status)).toEqual([
      'success',
      'error',
      'skipped',
    ]);
  });

  it('ends a stopped build as cancel, billing only the time it ran', () => {
    const stop = START + 90_000;
    const build = stored('success', stop);
    const later = START + 10 * build.length;
    expect(buildStatus(build, later)).toBe('cancel');
    const [pipeline] = pipelineStates(build, later);
    expect(pipeline.status).toBe('cancel');
    expect(pipeline.durationMs).toBe(90_000);
    expect(usedCoreMh(build, later)).toBeLessThan(plannedCoreMh(build.course));
  });

  it('never ends a runaway by itself', () => {
    const build = stored('success', null, true);
    expect(build.finishes_at).toBeNull();
    expect(buildStatus(build, START + 1000 * 3_600_000)).toBe('pending');
  });
});
