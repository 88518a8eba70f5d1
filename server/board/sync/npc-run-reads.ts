import { Injectable } from '@nestjs/common';
import type { Issue } from '@shared/board/entities';
import type { NpcRun } from '@shared/board/runs';
import { BoardConfig } from '../config/board-config';
import { PlatformClient } from '../platform/platform-client';
import { coreHoursOf, soleNpcOf, toHeldRun, type HeldRun } from './npc-run-records';
import { NpcRunsService } from './npc-runs.service';

/**
 * NPC runs read now from the platform, past what the board holds (docs/rules.md#npc-runs):
 * for stopping a run and for the preflight, which must not act on a copy.
 */
@Injectable()
export class NpcRunReads {
  private readonly handles: ReadonlySet<string>;

  constructor(
    private readonly platform: PlatformClient,
    config: BoardConfig,
    private readonly runs: NpcRunsService,
  ) {
    this.handles = new Set(config.npcHandles.map((handle) => handle.toLowerCase()));
  }

  /** A run of a repository read now from the platform, with its bill when it has ended. */
  async readRun(repo: string, sn: string): Promise<NpcRun | null> {
    const [build] = (await this.platform.listBuilds(repo, { sn }, { fresh: true, maxPages: 1 }))
      .filter((b) => b.sn === sn)
      .map((b) => toHeldRun(repo, b, this.handles))
      .filter((run): run is HeldRun => run !== null);
    if (build === undefined) return null;
    const bill = build.status === 'running' ? null : await this.runs.readBill(repo, sn, true);
    return { ...build, core_hours: bill };
  }

  /**
   * The NPC runs going on a repository, read now (one call: its unfinished builds), each
   * with its NPC: the one its title names, else its task's one NPC assignee in `tasks`.
   */
  async runningOn(repo: string, tasks: readonly Issue[]): Promise<NpcRun[]> {
    const builds = await this.platform.listBuilds(
      repo,
      { status: 'pending' },
      { fresh: true, maxPages: 1 },
    );
    const byNumber = new Map(
      tasks.filter((t) => t.repository.full_name === repo).map((t) => [t.number, t]),
    );
    return builds
      .map((build) => toHeldRun(repo, build, this.handles))
      .filter((run): run is HeldRun => run !== null && run.status === 'running')
      .map((run) => {
        const task = run.issue_number === null ? undefined : byNumber.get(run.issue_number);
        return { ...run, npc: run.npc ?? (task ? soleNpcOf(task) : null), core_hours: null };
      });
  }

  /** Core-hours a run has billed so far, read now (a running run's too). */
  async billSoFar(repo: string, sn: string): Promise<number> {
    return coreHoursOf(await this.platform.getBuildStatus(repo, sn, { fresh: true }));
  }
}
