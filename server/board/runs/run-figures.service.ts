import { Injectable, Logger } from '@nestjs/common';
import { isoDate } from '@shared/board/credits';
import { toIssue } from '@shared/board/mappers';
import { isNpcIssue } from '@shared/board/npc';
import { roundCoreHours, type OrgRunFigures, type RunFigures } from '@shared/board/runs';
import { Clock } from '../../common/clock';
import { notePending } from '../cache/freshness';
import { Coverage } from '../scope/coverage.service';
import { IssueMirror } from '../sync/issue-mirror';
import { NpcRunsService, RUN_WINDOW_DAYS } from '../sync/npc-runs.service';

const DAY_MS = 86_400_000;

/**
 * Sums over one organization's runs: `listed` while every repository's runs are held (the
 * counts), `billed` while every bill they need is read too (the core-hours); `pending`
 * while anything is queued (a first read, a re-read due, a bill).
 */
interface Tally {
  listed: boolean;
  billed: boolean;
  pending: boolean;
  running: number;
  runs: number;
  coreHours: number;
  linked: number;
  today: number;
}

/**
 * Each covered organization's NPC runs at a glance (docs/rules.md#npc-runs): what is
 * running, what today and the window have billed, and how much of it belongs to a task.
 * Built from the runs the board holds, without waiting: what is not held yet is read in
 * the background and named pending (`runs`), its figures null until then.
 */
@Injectable()
export class RunFiguresService {
  private readonly logger = new Logger(RunFiguresService.name);

  constructor(
    private readonly coverage: Coverage,
    private readonly mirror: IssueMirror,
    private readonly runs: NpcRunsService,
    private readonly clock: Clock,
  ) {}

  async figures(days: 7 | 30): Promise<RunFigures> {
    const now = this.clock.now().getTime();
    const since = now - days * DAY_MS;
    const orgs = await this.coverage.coveredOrgs();
    const tallies = await Promise.all(orgs.map((org) => this.tally(org, now, since)));
    if (tallies.some((tally) => tally === null || tally.pending)) notePending('runs');
    return {
      days,
      since: new Date(since).toISOString(),
      orgs: orgs.map((org, i) => figuresOf(org, tallies[i])),
    };
  }

  /**
   * One organization's runs: those of its shown repositories with an NPC task updated in
   * the last 31 days (the window the board holds runs for); null when its issues cannot be
   * read now.
   */
  private async tally(org: string, now: number, since: number): Promise<Tally | null> {
    let movedAt: Map<string, number>;
    try {
      movedAt = await this.npcRepositories(org, now - RUN_WINDOW_DAYS * DAY_MS);
    } catch (error) {
      this.logger.debug(`Runs of ${org} deferred: ${(error as Error).message}`);
      return null;
    }
    const today = Date.parse(isoDate(new Date(now)));
    const tally: Tally = {
      listed: true,
      billed: true,
      pending: false,
      running: 0,
      runs: 0,
      coreHours: 0,
      linked: 0,
      today: 0,
    };
    for (const [repo, moved] of movedAt) {
      const { runs, pending } = this.runs.repoRuns(repo, moved, since);
      tally.pending ||= pending;
      if (runs === null) tally.listed = false;
      for (const run of runs ?? []) {
        if (run.status === 'running') tally.running++;
        const started = Date.parse(run.started_at);
        if (started < since) continue;
        tally.runs++;
        if (run.status === 'running') continue;
        if (run.core_hours === null) {
          tally.billed = false;
          continue;
        }
        tally.coreHours += run.core_hours;
        if (run.issue_number !== null) tally.linked += run.core_hours;
        if (started >= today) tally.today += run.core_hours;
      }
    }
    return tally;
  }

  /** The organization's shown repositories with NPC work since `activeSince`, each with its newest task update. */
  private async npcRepositories(org: string, activeSince: number): Promise<Map<string, number>> {
    const [raws, visible] = await Promise.all([
      this.mirror.orgIssues(org),
      this.coverage.visibleRepositories(org),
    ]);
    const shown = new Set(visible.map((repo) => repo.path));
    const ctx = this.coverage.mapContext;
    const movedAt = new Map<string, number>();
    for (const raw of raws) {
      const path = raw.repo?.path;
      if (path === undefined || !shown.has(path)) continue;
      const updated = Date.parse(raw.updated_at);
      if (!(updated >= activeSince) || !isNpcIssue(toIssue(raw, path, ctx))) continue;
      movedAt.set(path, Math.max(movedAt.get(path) ?? 0, updated));
    }
    return movedAt;
  }
}

/** The counts once every repository is held; the core-hours once every bill is read too. */
function figuresOf(org: string, tally: Tally | null): OrgRunFigures {
  const listed = tally?.listed === true;
  const billed = listed && tally.billed;
  const hours = (value: number): number | null => (billed ? roundCoreHours(value) : null);
  return {
    org,
    running: listed ? tally.running : null,
    core_hours_today: hours(tally?.today ?? 0),
    runs: listed ? tally.runs : null,
    core_hours: hours(tally?.coreHours ?? 0),
    linked_core_hours: hours(tally?.linked ?? 0),
  };
}
