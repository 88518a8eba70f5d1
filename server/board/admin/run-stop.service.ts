import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { NpcRun, StopRunRequest, StopRunResult } from '@shared/board/runs';
import { Clock } from '../../common/clock';
import { ConflictError, NotFoundError } from '../../common/errors';
import { withCode } from '../common/error-code';
import { BoardChanges } from '../events/board-changes';
import { Coverage } from '../scope/coverage.service';
import { PlatformClient } from '../platform/platform-client';
import { PlatformConflictError } from '../platform/platform.errors';
import { BoardStore } from '../store/board-store';
import { NpcRunReads } from '../sync/npc-run-reads';
import { NpcRunsService } from '../sync/npc-runs.service';
import type { Actor } from './guarded-dispatch.service';

/**
 * Stopping a runaway NPC run (docs/rules.md#npc-runs): the run is read from the
 * platform first, so a run that is not there or has finished is refused with nothing
 * written; one stopped already answers so again, harmlessly. A stop is recorded with the
 * dispatches (who, when, which run, why, the core-hours so far and the platform's answer),
 * and the pages showing the task are told.
 */
@Injectable()
export class RunStopService {
  constructor(
    private readonly platform: PlatformClient,
    private readonly coverage: Coverage,
    private readonly runs: NpcRunsService,
    private readonly reads: NpcRunReads,
    private readonly store: BoardStore,
    private readonly changes: BoardChanges,
    private readonly clock: Clock,
  ) {}

  /**
   * A run as it stands now, for the stop's confirmation: a running run's `core_hours` is
   * what it has billed so far.
   */
  async preview(repo: string, sn: string): Promise<NpcRun> {
    const run = await this.current(repo, sn);
    if (run.status !== 'running') return run;
    return { ...run, core_hours: await this.reads.billSoFar(repo, sn) };
  }

  async stop(input: StopRunRequest, actor: Actor): Promise<StopRunResult> {
    const run = await this.current(input.repo, input.sn);
    if (run.status === 'cancel')
      return { outcome: 'already_stopped', run, message: 'The run was already stopped' };
    if (run.status !== 'running') throw finished(run);

    let message: string;
    try {
      const answer = await this.platform.stopBuild(input.repo, input.sn);
      message = answer.message ?? '';
    } catch (error) {
      // It ended between the read and the stop.
      if (error instanceof PlatformConflictError) throw finished(run);
      throw error;
    }
    const stopped = (await this.reads.readRun(input.repo, input.sn)) ?? run;
    this.runs.noteRun(stopped);
    await this.store.recordDispatch({
      id: randomUUID(),
      kind: 'stop',
      dispatched_at: this.clock.now().toISOString(),
      actor,
      repo: input.repo,
      number: stopped.issue_number ?? stopped.pull_number ?? 0,
      title: stopped.title,
      npc: stopped.npc ?? '',
      previous_npc: null,
      work_mode: null,
      findings: [],
      override: false,
      override_reason: null,
      reason: input.reason || null,
      run: {
        sn: stopped.sn,
        core_hours: stopped.core_hours ?? 0,
        message,
        log_url: stopped.log_url,
      },
    });
    await this.changes.issuesChanged(input.repo);
    return { outcome: 'stopped', run: stopped, message };
  }

  /** The run read from the platform now; 404 when the repository has no such NPC run. */
  private async current(repo: string, sn: string): Promise<NpcRun> {
    const [org, name] = repo.split('/');
    await this.coverage.assertRepository(org, name);
    const run = await this.coverage.readable(repo, () => this.reads.readRun(repo, sn));
    if (run === null) {
      throw new NotFoundError(
        `${repo} has no NPC run ${sn}`,
        withCode('run_not_found', { repo, sn }),
      );
    }
    return run;
  }
}

/** 409: only a running run stops. */
function finished(run: NpcRun): ConflictError {
  return new ConflictError(
    `Run ${run.sn} has finished (${run.status}); only a running run stops`,
    withCode('run_finished', { sn: run.sn, status: run.status }),
  );
}
