import { Injectable, Logger } from '@nestjs/common';
import type { Issue } from '@shared/board/entities';
import { toIssue } from '@shared/board/mappers';
import { isNpcIssue } from '@shared/board/npc';
import {
  assignedNpcs,
  outcomeMeasures,
  outcomeWeeks,
  type NpcDetail,
  type NpcPull,
  type NpcScorecard,
  type NpcScorecards,
  type NpcTask,
  type OutcomeMeasures,
  type OutcomeWindow,
} from '@shared/board/outcomes';
import type { NpcRun } from '@shared/board/runs';
import { byName } from '@shared/board/text-order';
import { Clock } from '../../common/clock';
import { NotFoundError } from '../../common/errors';
import { notePending } from '../cache/freshness';
import { BoardConfig } from '../config/board-config';
import { Coverage } from '../scope/coverage.service';
import { IssueMirror } from '../sync/issue-mirror';
import { soleNpcOf } from '../sync/npc-run-records';
import { NpcPullsService, PULL_WINDOW_DAYS } from '../sync/npc-pulls.service';
import { NpcRunsService } from '../sync/npc-runs.service';
import { NpcWorkService } from '../sync/npc-work.service';

const DAY_MS = 86_400_000;
/** The most pull requests `/api/npcs/:handle` lists. */
const PULLS_LISTED = 50;

/**
 * What the board holds of the NPCs' work, by repository: each repository's pull requests and
 * runs are null while not held (or, for runs, while a bill they need is unread).
 */
interface Holdings {
  now: number;
  /** Every NPC task of the shown repositories, with what is known of its signals. */
  tasks: Issue[];
  pulls: Map<string, NpcPull[] | null>;
  runs: Map<string, NpcRun[] | null>;
}

/** One NPC's share of the holdings, narrowed to a set of repositories. */
interface Share {
  tasks: Issue[];
  pulls: NpcPull[] | null;
  runs: NpcRun[] | null;
}

/**
 * Each NPC's outcomes (docs/rules.md#npc-outcomes): its tasks, pull requests and the
 * cost of its runs, per NPC and, for one NPC, per organization and repository. Built from what
 * the board holds, without waiting: pull requests not held yet are the `outcomes`
 * enrichment, runs the `runs` one, both pending and read in the background.
 */
@Injectable()
export class OutcomesService {
  private readonly logger = new Logger(OutcomesService.name);

  constructor(
    private readonly coverage: Coverage,
    private readonly mirror: IssueMirror,
    private readonly work: NpcWorkService,
    private readonly pulls: NpcPullsService,
    private readonly runs: NpcRunsService,
    private readonly config: BoardConfig,
    private readonly clock: Clock,
  ) {}

  async scorecards(days: OutcomeWindow): Promise<NpcScorecards> {
    const held = await this.holdings(days);
    const since = held.now - days * DAY_MS;
    const npcs = this.npcsOf(held, since).map((npc) =>
      this.scorecard(
        npc,
        share(held, npc, () => true),
        since,
        held.now,
      ),
    );
    return { days, since: new Date(since).toISOString(), npcs };
  }

  async detail(handle: string, days: OutcomeWindow): Promise<NpcDetail> {
    const npc = handle.toLowerCase();
    const held = await this.holdings(days);
    const since = held.now - days * DAY_MS;
    if (!this.npcsOf(held, since).includes(npc))
      throw new NotFoundError(`No NPC named ${handle} works in the covered organizations`);
    const all = share(held, npc, () => true);
    // The NPC's own items split by repository once, so a repository or an organization
    // costs its own items, not another pass over every held task.
    const byRepo = repoShares(held, npc, all.tasks);
    const worked = [...byRepo.keys()]
      .filter((repo) => hasWork(byRepo.get(repo)!, since))
      .sort(byName);
    const orgs = [...new Set(worked.map((repo) => repo.split('/')[0]))].sort(byName);
    const measures = (own: Share): OutcomeMeasures =>
      outcomeMeasures({ ...own, since, now: held.now });
    const orgShare = (org: string): Share => {
      const inOrg = (repo: string) => repo.startsWith(`${org}/`);
      const parts = [...byRepo].filter(([repo]) => inOrg(repo)).map(([, part]) => part);
      return {
        tasks: all.tasks.filter((task) => inOrg(task.repository.full_name)),
        pulls: joined(parts.map((part) => part.pulls)),
        runs: joined(parts.map((part) => part.runs)),
      };
    };
    return {
      ...this.scorecard(npc, all, since, held.now),
      days,
      since: new Date(since).toISOString(),
      by_org: orgs.map((org) => ({ org, measures: measures(orgShare(org)) })),
      by_repo: worked.map((repo) => ({ repo, measures: measures(byRepo.get(repo)!) })),
      tasks: all.tasks
        .filter((task) => task.state === 'open')
        .sort((a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at))
        .map(toNpcTask),
      pulls: (all.pulls ?? [])
        .filter((pull) => Date.parse(pull.updated_at) >= since)
        .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at))
        .slice(0, PULLS_LISTED),
    };
  }

  private scorecard(npc: string, own: Share, since: number, now: number): NpcScorecard {
    return {
      npc,
      configured: this.configured.has(npc),
      measures: outcomeMeasures({ ...own, since, now }),
      weeks: outcomeWeeks({ ...own, now }),
    };
  }

  /** The configured NPCs, then every other seen at work in the window, each by name. */
  private npcsOf(held: Holdings, since: number): string[] {
    const seen = new Set<string>();
    for (const task of held.tasks)
      if (task.state === 'open' || Date.parse(task.updated_at) >= since)
        for (const npc of assignedNpcs(task)) seen.add(npc);
    for (const pulls of held.pulls.values())
      for (const pull of pulls ?? []) if (Date.parse(pull.updated_at) >= since) seen.add(pull.npc);
    for (const runs of held.runs.values())
      for (const run of runs ?? [])
        if (run.npc !== null && Date.parse(run.started_at) >= since) seen.add(run.npc);
    const configured = [...this.configured];
    const others = [...seen].filter((npc) => !this.configured.has(npc)).sort(byName);
    return [...configured.sort(byName), ...others];
  }

  private get configured(): Set<string> {
    return new Set(this.config.npcHandles.map((handle) => handle.toLowerCase()));
  }

  /**
   * The NPC tasks of every covered organization's shown repositories, and the pull requests
   * and runs held for the repositories with NPC work (an NPC task open or changed in the
   * last 31 days, or an NPC pull request by the repository's count), queuing what is missing.
   */
  private async holdings(days: OutcomeWindow): Promise<Holdings> {
    const now = this.clock.now().getTime();
    const activeSince = now - PULL_WINDOW_DAYS * DAY_MS;
    const ctx = this.coverage.mapContext;
    const tasks: Issue[] = [];
    const movedAt = new Map<string, number>();
    for (const org of await this.coverage.coveredOrgs()) {
      try {
        const [raws, visible] = await Promise.all([
          this.mirror.orgIssues(org),
          this.coverage.visibleRepositories(org),
        ]);
        for (const repo of visible)
          if ((repo.npc_created_pull_count ?? 0) > 0) movedAt.set(repo.path, 0);
        const shown = new Set(visible.map((repo) => repo.path));
        for (const raw of raws) {
          const path = raw.repo?.path;
          if (path === undefined || !shown.has(path)) continue;
          const issue = toIssue(raw, path, ctx);
          if (!isNpcIssue(issue)) continue;
          tasks.push(issue);
          const updated = Date.parse(issue.updated_at);
          if (updated >= activeSince || issue.state === 'open' || movedAt.has(path))
            movedAt.set(path, Math.max(movedAt.get(path) ?? 0, updated));
        }
      } catch (error) {
        this.logger.debug(`Outcomes of ${org} deferred: ${(error as Error).message}`);
      }
    }
    const { issues } = await this.work.annotateKnown(tasks);
    const byTask = new Map(
      issues.map((task) => [`${task.repository.full_name}#${task.number}`, task]),
    );
    const billedSince = now - days * DAY_MS;
    const pulls = new Map<string, NpcPull[] | null>();
    const runs = new Map<string, NpcRun[] | null>();
    for (const [repo, moved] of movedAt) {
      pulls.set(repo, this.pulls.known(repo, moved));
      const { runs: held, pending } = this.runs.repoRuns(repo, moved, billedSince);
      if (pending) notePending('runs');
      runs.set(
        repo,
        held?.map((run) => {
          if (run.npc !== null || run.issue_number === null) return run;
          const task = byTask.get(`${repo}#${run.issue_number}`);
          return { ...run, npc: task ? soleNpcOf(task) : null };
        }) ?? null,
      );
    }
    return { now, tasks: issues, pulls, runs };
  }
}

/** An NPC's tasks, pull requests and runs in the repositories `inScope` allows. */
function share(held: Holdings, npc: string, inScope: (repo: string) => boolean): Share {
  const repos = [...held.pulls.keys()].filter(inScope);
  const gather = <T>(byRepo: Map<string, T[] | null>, mine: (item: T) => boolean): T[] | null => {
    const items: T[] = [];
    for (const repo of repos) {
      const held = byRepo.get(repo);
      if (held === null || held === undefined) return null;
      items.push(...held.filter(mine));
    }
    return items;
  };
  return {
    tasks: held.tasks.filter(
      (task) => inScope(task.repository.full_name) && assignedNpcs(task).includes(npc),
    ),
    pulls: gather(held.pulls, (pull) => pull.npc === npc),
    runs: gather(held.runs, (run) => run.npc === npc),
  };
}

/**
 * One NPC's share per held repository, in one pass over the holdings: a repository not
 * held yet has null pull requests or runs, as `share` gives for it alone. `tasks` are the
 * NPC's own (from `share`).
 */
function repoShares(held: Holdings, npc: string, tasks: readonly Issue[]): Map<string, Share> {
  const mine = <T extends { npc: string | null }>(items: T[] | null | undefined): T[] | null =>
    items == null ? null : items.filter((item) => item.npc === npc);
  const byRepo = new Map<string, Share>();
  for (const [repo, pulls] of held.pulls) {
    byRepo.set(repo, { tasks: [], pulls: mine(pulls), runs: mine(held.runs.get(repo)) });
  }
  for (const task of tasks) byRepo.get(task.repository.full_name)?.tasks.push(task);
  return byRepo;
}

/** Lists joined in order; null when any is (a repository not held yet). */
function joined<T>(lists: readonly (T[] | null)[]): T[] | null {
  return lists.some((list) => list === null) ? null : (lists.flat() as T[]);
}

/** Whether a share has anything the window can speak of. */
function hasWork(own: Share, since: number): boolean {
  return (
    own.tasks.some((task) => task.state === 'open' || Date.parse(task.updated_at) >= since) ||
    (own.pulls ?? []).some((pull) => Date.parse(pull.updated_at) >= since) ||
    (own.runs ?? []).some((run) => Date.parse(run.started_at) >= since)
  );
}

function toNpcTask(task: Issue): NpcTask {
  return {
    repo: task.repository.full_name,
    number: task.number,
    title: task.title,
    web_url: task.web_url,
    column: task.column === 'in_progress' ? 'in_progress' : 'pending',
    updated_at: task.updated_at,
    attention: task.attention?.reason ?? null,
  };
}
