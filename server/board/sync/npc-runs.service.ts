import { Injectable } from '@nestjs/common';
import type { Issue } from '@shared/board/entities';
import { isNpcIssue } from '@shared/board/npc';
import { summariseRuns, type NpcRun, type TaskRuns } from '@shared/board/runs';
import { LRUCache } from 'lru-cache';
import { Clock } from '../../common/clock';
import { SingleFlight } from '../../common/single-flight';
import { notePending } from '../cache/freshness';
import { BoardConfig } from '../config/board-config';
import { PlatformClient } from '../platform/platform-client';
import { BackgroundReads, CONCURRENT_READS } from './background-reads';
import { coreHoursOf, soleNpcOf, toHeldRun, type HeldRun } from './npc-run-records';
import { mapBounded } from './npc-work.service';
import { type ReadStamp, TaskMoves } from './task-moves';

const DAY_MS = 86_400_000;
/** How far back a repository's runs are held. */
export const RUN_WINDOW_DAYS = 31;
/** A repository's runs are read again at least this often while its tasks are shown. */
export const RUNS_RESYNC_MS = 3_600_000;

/** One repository's runs, as last read. */
interface RepoRuns extends ReadStamp {
  /** By `sn`, newest first. */
  runs: Map<string, HeldRun>;
}

/**
 * The NPC runs of covered repositories (docs/rules.md#npc-runs): each repository's
 * NPC builds of the last 31 days, read as background work when one of its tasks is shown
 * and held; read again, from the day of the last read, when a shown task moved since, when
 * a held run was still going a cache life ago, and every hour. A finished run's bill is read
 * once (`build/status/{sn}`) and kept. Pages get what is held (`annotateKnown`); what is
 * not held yet is the `runs` enrichment, pending.
 */
@Injectable()
export class NpcRunsService {
  private readonly held = new LRUCache<string, RepoRuns>({ max: 5_000 });
  /** Billed core-hours by `<repo>#<sn>`; a bill never changes once the run ended. */
  private readonly bills = new LRUCache<string, number>({ max: 200_000 });
  private readonly handles: ReadonlySet<string>;
  /** Reads of a repository's runs in flight. */
  private readonly inFlight = new SingleFlight<string, void>();
  private readonly moves = new TaskMoves();

  constructor(
    private readonly platform: PlatformClient,
    private readonly config: BoardConfig,
    private readonly clock: Clock,
    private readonly reads: BackgroundReads,
  ) {
    this.handles = new Set(config.npcHandles.map((handle) => handle.toLowerCase()));
  }

  /**
   * The issues with the runs the board holds for them, without waiting for a platform
   * call. An NPC issue of a repository whose runs are not held keeps `runs: null`, and one
   * whose runs may have moved since they were read keeps what is held; both queue a read
   * and note `runs` as pending, as does a finished run whose bill is unread.
   */
  annotateKnown(issues: readonly Issue[]): Issue[] {
    let pending = false;
    const now = this.clock.now().getTime();
    const annotated = issues.map((issue) => {
      if (!isNpcIssue(issue)) return issue;
      const known = this.known(issue, now);
      pending ||= known.pending;
      return known.runs === null ? issue : { ...issue, runs: summariseRuns(known.runs) };
    });
    if (pending) notePending('runs');
    return annotated;
  }

  /**
   * One task's runs, newest first, as held; `null` (with `runs` pending and the read
   * queued) while the repository's runs are not held.
   */
  taskRuns(issue: Issue): TaskRuns | null {
    if (!isNpcIssue(issue)) return null;
    const known = this.known(issue, this.clock.now().getTime());
    if (known.pending) notePending('runs');
    if (known.runs === null) return null;
    return { runs: known.runs, core_hours: summariseRuns(known.runs).core_hours };
  }

  /**
   * An NPC task's runs as held (null when its repository's are not), and whether a read
   * is queued for them: of the repository's runs, when not held or possibly moved, or of an
   * ended run's bill.
   */
  private known(issue: Issue, now: number): { runs: NpcRun[] | null; pending: boolean } {
    const repo = issue.repository.full_name;
    const queued = this.heldOrQueued(repo, Date.parse(issue.updated_at), now);
    const { held } = queued;
    let { pending } = queued;
    if (held === undefined) return { runs: null, pending };
    const runs = this.runsOf(repo, held, issue);
    if (runs.some((run) => run.status !== 'running' && run.core_hours === null)) {
      pending = true;
      this.requestBills(repo, runs);
    }
    return { runs, pending };
  }

  /**
   * Every NPC run of a repository as held, newest first, with the bills read so far (each
   * with the NPC its title names, or none); null while the repository's runs are not held.
   * Like `annotateKnown`, it queues what is missing or may have moved since `movedAt` (the
   * newest update of the repository's tasks), and the unread bills of the runs started
   * since `billedSince`, and says whether it did.
   */
  repoRuns(
    repo: string,
    movedAt: number,
    billedSince: number,
  ): { runs: NpcRun[] | null; pending: boolean } {
    const queued = this.heldOrQueued(repo, movedAt, this.clock.now().getTime());
    const { held } = queued;
    let { pending } = queued;
    if (held === undefined) return { runs: null, pending };
    const runs = [...held.runs.values()].map((run) => ({
      ...run,
      core_hours: run.status === 'running' ? null : (this.bills.get(`${repo}#${run.sn}`) ?? null),
    }));
    const unbilled = runs.filter(
      (run) =>
        run.status !== 'running' &&
        run.core_hours === null &&
        Date.parse(run.started_at) >= billedSince,
    );
    if (unbilled.length > 0) {
      pending = true;
      this.requestBills(repo, unbilled);
    }
    return { runs, pending };
  }

  /**
   * Reads again, now, the runs of the organization's held repositories that had a run going
   * a cache life ago (for the sync cycle); answers a line per held run of the organization
   * (`repo#sn|status`), its fingerprint for the `runs` topic. A read that fails keeps what
   * is held.
   */
  async followRunning(org: string): Promise<string[]> {
    const now = this.clock.now().getTime();
    const prefix = `${org}/`;
    const going = [...this.held.entries()].filter(
      ([repo, held]) =>
        repo.startsWith(prefix) &&
        now - held.readAt >= this.config.cacheTtlMs &&
        [...held.runs.values()].some((run) => run.status === 'running'),
    );
    await mapBounded(going, CONCURRENT_READS, ([repo]) => this.read(repo).catch(() => undefined));
    const lines: string[] = [];
    for (const [repo, held] of this.held.entries())
      if (repo.startsWith(prefix))
        for (const run of held.runs.values()) lines.push(`${repo}#${run.sn}|${run.status}`);
    return lines;
  }

  /**
   * The runs of each NPC task among `issues` (by `<repo>#<number>`), reading first what is
   * not held or may have moved: for the alert rules and the admin overview, which wait for
   * their facts (with `bills`, each ended run's bill too, when it can be read). A
   * repository whose runs cannot be read keeps what is held; with nothing held its tasks
   * are left out.
   */
  async tasksRuns(
    issues: readonly Issue[],
    options: { bills?: boolean } = {},
  ): Promise<Map<string, NpcRun[]>> {
    const tasks = issues.filter(isNpcIssue);
    const now = this.clock.now().getTime();
    const moved = new Map<string, number>();
    for (const issue of tasks) {
      const repo = issue.repository.full_name;
      moved.set(repo, Math.max(moved.get(repo) ?? 0, Date.parse(issue.updated_at)));
    }
    await mapBounded([...moved], CONCURRENT_READS, async ([repo, movedAt]) => {
      const held = this.held.get(repo);
      if (held !== undefined && !this.outdated(held, movedAt, now)) return;
      this.moves.note(repo, movedAt);
      await this.read(repo).catch(() => undefined);
    });
    const runs = new Map<string, NpcRun[]>();
    for (const issue of tasks) {
      const repo = issue.repository.full_name;
      const held = this.held.get(repo);
      if (held !== undefined) runs.set(`${repo}#${issue.number}`, this.runsOf(repo, held, issue));
    }
    if (options.bills) await this.billAll([...runs.values()].flat());
    return runs;
  }

  /**
   * The held runs of `repos` that name no task (on a pull request, or with no address),
   * each with the NPC its title names or none, for the figures that count a run for its
   * repository and NPC; with `bills`, each ended run's bill read when it can be. Call after
   * `tasksRuns` has read the repositories.
   */
  async unlinkedRuns(
    repos: Iterable<string>,
    options: { bills?: boolean } = {},
  ): Promise<NpcRun[]> {
    const runs: NpcRun[] = [];
    for (const repo of new Set(repos))
      for (const run of this.held.get(repo)?.runs.values() ?? [])
        if (run.issue_number === null)
          runs.push({ ...run, core_hours: this.bills.get(`${repo}#${run.sn}`) ?? null });
    if (options.bills) await this.billAll(runs);
    return runs;
  }

  /** Reads the bill of each ended run that lacks one, in place (null when unreadable). */
  private async billAll(runs: NpcRun[]): Promise<void> {
    const unbilled = runs.filter((run) => run.status !== 'running' && run.core_hours === null);
    await mapBounded(unbilled, CONCURRENT_READS, async (run) => {
      run.core_hours = await this.readBill(run.repo, run.sn, false).catch(() => null);
    });
  }

  /** Hold `run` as just read (after a stop), with its bill once it has ended. */
  noteRun(run: NpcRun): void {
    const { core_hours: bill, ...held } = run;
    if (bill !== null) this.bills.set(`${run.repo}#${run.sn}`, bill);
    const repo = this.held.get(run.repo);
    if (repo?.runs.has(run.sn)) repo.runs.set(run.sn, held);
  }

  /**
   * Reads a repository's NPC runs now (a first read, or from the day of the last one);
   * asks while one is in flight (the sync cycle's and the alert rules' at the same tick)
   * join it.
   */
  read(repo: string): Promise<void> {
    return this.inFlight.run(repo, () => this.readOnce(repo));
  }

  private async readOnce(repo: string): Promise<void> {
    const now = this.clock.now().getTime();
    const before = this.held.get(repo);
    // What this read covers: the task updates seen until now (later ones wait for the next).
    const movedAt = this.moves.take(repo, before);
    const windowStart = now - RUN_WINDOW_DAYS * DAY_MS;
    // Again from the day of the last read, or of the oldest run still going then.
    let from = before === undefined ? windowStart : before.readAt;
    for (const run of before?.runs.values() ?? [])
      if (run.status === 'running') from = Math.min(from, Date.parse(run.started_at));
    const builds = await this.platform.listBuilds(
      repo,
      { createTime: new Date(Math.max(from, windowStart)).toISOString().slice(0, 10) },
      { fresh: true },
    );
    const runs = new Map<string, HeldRun>();
    const read = builds
      .map((build) => toHeldRun(repo, build, this.handles))
      .filter((run): run is HeldRun => run !== null);
    for (const run of read) runs.set(run.sn, run);
    for (const [sn, run] of before?.runs ?? [])
      if (!runs.has(sn) && Date.parse(run.started_at) >= windowStart) runs.set(sn, run);
    const sorted = [...runs.values()].sort(
      (a, b) => Date.parse(b.started_at) - Date.parse(a.started_at) || (a.sn < b.sn ? 1 : -1),
    );
    this.held.set(repo, {
      readAt: now,
      movedAt,
      runs: new Map(sorted.map((run) => [run.sn, run])),
    });
  }

  /**
   * Whether held runs may have moved: a task was updated after what the read covers, a run
   * was going two cache lives ago, or an hour went. A run going is the sync cycle's to
   * follow, every cache life (`followRunning`); a reader asks for it only when a cycle was
   * missed (held back by the budget, or not this replica's), so an answer does not name
   * `runs` pending, and its page does not ask again and again, just because a run is going.
   */
  private outdated(held: RepoRuns, taskMovedAt: number, now: number): boolean {
    if (taskMovedAt > held.movedAt) return true;
    const age = now - held.readAt;
    if (age >= RUNS_RESYNC_MS) return true;
    if (age < 2 * this.config.cacheTtlMs) return false;
    for (const run of held.runs.values()) if (run.status === 'running') return true;
    return false;
  }

  /** A repository's held runs, with a read queued (`pending`) when missing or outdated. */
  private heldOrQueued(
    repo: string,
    movedAt: number,
    now: number,
  ): { held: RepoRuns | undefined; pending: boolean } {
    const held = this.held.get(repo);
    if (held !== undefined && !this.outdated(held, movedAt, now)) return { held, pending: false };
    this.moves.note(repo, movedAt);
    this.requestRead(repo);
    return { held, pending: true };
  }

  private requestRead(repo: string): void {
    this.reads.request(`runs:${repo}`, () => this.read(repo), { enrichment: 'runs', repo });
  }

  private requestBills(repo: string, runs: readonly NpcRun[]): void {
    for (const run of runs)
      if (run.status !== 'running' && run.core_hours === null)
        this.reads.request(`bill:${repo}#${run.sn}`, () => this.readBill(repo, run.sn, false), {
          enrichment: 'runs',
          repo,
          priority: 'later',
        });
  }

  /** A finished run's billed core-hours, read once and kept (read again when `fresh`). */
  async readBill(repo: string, sn: string, fresh: boolean): Promise<number> {
    const key = `${repo}#${sn}`;
    const kept = this.bills.get(key);
    if (kept !== undefined && !fresh) return kept;
    const hours = coreHoursOf(await this.platform.getBuildStatus(repo, sn, { fresh }));
    this.bills.set(key, hours);
    return hours;
  }

  /** The held runs of one task, with their bills as far as read, newest first. */
  private runsOf(repo: string, held: RepoRuns, issue: Issue): NpcRun[] {
    const fallback = soleNpcOf(issue);
    const runs: NpcRun[] = [];
    for (const run of held.runs.values()) {
      if (run.issue_number !== issue.number) continue;
      const bill = run.status === 'running' ? undefined : this.bills.get(`${repo}#${run.sn}`);
      runs.push({ ...run, npc: run.npc ?? fallback, core_hours: bill ?? null });
    }
    return runs;
  }
}
