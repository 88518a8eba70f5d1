import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { NPC_ISSUE_EVENT } from '@shared/platform/builds';
import { buildStatus } from '../builds/build-status';
import { BuildsRepository } from '../builds/builds.repository';
import { BuildsService } from '../builds/builds.service';
import { Clock } from '../common/clock';
import { iso } from '../common/time';
import { LedgerRepository } from '../credits/ledger.repository';
import { EventsService } from '../events/events.service';
import { CommentsRepository } from '../issues/comments.repository';
import { IssuesRepository } from '../issues/issues.repository';
import { LabelsRepository } from '../issues/labels.repository';
import { NPC_DONE, NPC_PROGRESS, NPC_REPLIES } from '../seed/demo-data';
import { Prng } from '../seed/prng';
import { ForgeDatabase } from '../storage/forge-database';
import { NpcPusher } from './npc-pusher';
import { type SimIssueRow, SimulatorRepository } from './simulator.repository';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Spending per day assumed for an organization without recent history (hundredths). */
const DEFAULT_DAILY_CENTS = 2_400;
/** Each organization dispatches a waiting issue to an NPC about this often. */
const DISPATCH_EVERY_MS = 45 * MINUTE_MS;
/** A task in progress is finished after about this long on average. */
const TASK_MEAN_MS = 36 * HOUR_MS;
/** Tasks in progress considered per organization and round. */
const MAX_TASKS = 100;
const PROGRESS_LABEL = {
  name: 'in progress',
  color: 'fbca04',
  description: 'Someone is working on it',
};

/**
 * How long after its assignment an NPC answers an issue: 5 to 35 minutes, fixed per
 * issue, so that with a round every few minutes pickups stay inside a 60-minute SLO.
 */
export function pickupDelayMs(issueId: number): number {
  return (5 + ((issueId * 7) % 31)) * MINUTE_MS;
}

/**
 * How long an NPC works on a task between two progress comments: 6 to 18 hours, fixed
 * per issue, so that its tasks never go 24 hours without activity while the demo runs.
 */
export function updateEveryMs(issueId: number): number {
  return (6 + ((issueId * 5) % 13)) * HOUR_MS;
}

/** What one round did, for logs and tests. */
export interface SimulationRound {
  /** Issues given to an NPC this round (answered in a later round). */
  assigned: number;
  /** Issues answered by their NPC (a comment and the progress label). */
  pickedUp: number;
  /** Progress comments on tasks in progress. */
  updated: number;
  closed: number;
  spentCents: number;
  /** Runs started (pickups, progress and retries of failed runs). */
  runs: number;
}

/**
 * Demo NPCs at work: every round, in each organization, NPCs answer the issues given
 * to them once a short pickup delay has passed (comment, label `in progress`), a
 * waiting issue is dispatched to an NPC now and then, NPCs post a progress comment on
 * their tasks every few hours, finish some (close as completed) and spend credits at
 * the organization's recent rate. Dispatches and closes happen at rates per hour, so a
 * round's share grows with the time it covers; the pickup and update delays are fixed
 * per issue and time comes from the injected clock, so a demo left running keeps its
 * pickups inside the SLO and no task stuck. Each answer and progress comment is a run
 * (docs/architecture.md#builds): a build that starts as the NPC posts; a failed run is
 * retried in the next round; runs that finished are charged. The demo's held issues
 * (stuck and overdue cases) and build cases are never touched, so they keep showing.
 */
@Injectable()
export class NpcSimulatorService implements OnApplicationShutdown {
  private readonly logger = new Logger('Forge');
  private readonly rng = new Prng(0x51a1);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: ForgeDatabase,
    private readonly sim: SimulatorRepository,
    private readonly issues: IssuesRepository,
    private readonly comments: CommentsRepository,
    private readonly labels: LabelsRepository,
    private readonly ledger: LedgerRepository,
    private readonly clock: Clock,
    private readonly pusher: NpcPusher,
    private readonly events: EventsService,
    private readonly builds: BuildsService,
    private readonly buildRows: BuildsRepository,
  ) {}

  /** Run a round every `intervalMs` until the application stops. */
  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      try {
        this.round(intervalMs);
      } catch (error) {
        this.logger.warn(`NPC simulator round failed: ${String(error)}`);
      }
      this.pushCommits().catch((error: unknown) =>
        this.logger.warn(`NPC simulator commits failed: ${String(error)}`),
      );
    }, intervalMs);
    this.timer.unref();
    this.logger.log(`NPC simulator on: a round every ${Math.round(intervalMs / 1000)} s`);
  }

  /** Stop the rounds. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  onApplicationShutdown(): void {
    this.stop();
  }

  /** One round covering `elapsedMs` of NPC work, in one transaction. */
  round(elapsedMs: number): SimulationRound {
    const npcUsers = this.sim.npcs();
    const npcs = npcUsers.map((user) => user.id);
    const names = new Map(npcUsers.map((user) => [user.id, user.username]));
    const result: SimulationRound = {
      assigned: 0,
      pickedUp: 0,
      updated: 0,
      closed: 0,
      spentCents: 0,
      runs: 0,
    };
    if (npcs.length === 0) return result;
    const now = this.clock.now();
    const at = iso(now);
    const cases = this.sim.buildCaseIssues();
    this.db.transaction(() => {
      this.ledger.settleBuilds(at);
      for (const org of this.sim.orgs()) {
        const answered = new Set<number>();
        // An organization without credit sets no NPC to work.
        const run = (issue: SimIssueRow, npc: number): void => {
          if (cases.has(issue.id) || this.ledger.balance(org.id) <= 0) return;
          if (this.startRun(issue, npc)) result.runs += 1;
        };
        for (const issue of this.sim.awaitingPickup(org.id)) {
          if (now.getTime() - Date.parse(issue.since) < pickupDelayMs(issue.id)) continue;
          this.pickUp(issue, issue.npc_id, at);
          run(issue, issue.npc_id);
          answered.add(issue.id);
          result.pickedUp += 1;
        }
        const dispatch = this.rng.chance(elapsedMs / DISPATCH_EVERY_MS) ? 1 : 0;
        for (const issue of this.sim.undispatched(org.id, dispatch)) {
          // Dispatched now, picked up in a later round once its pickup delay has passed.
          const npc = this.rng.pick(npcs);
          this.issues.addAssignees(issue.id, [npc]);
          this.issueEvent(
            issue,
            npc,
            { action: 'assigned', assignees: [names.get(npc) ?? ''] },
            at,
          );
          this.issues.touch(issue.id, at);
          result.assigned += 1;
        }
        for (const issue of this.sim.working(org.id)) {
          const last = Date.parse(issue.last_comment_at ?? issue.since);
          if (!answered.has(issue.id) && this.lastRunFailed(issue.id, now.getTime()))
            run(issue, issue.npc_id);
          if (answered.has(issue.id) || now.getTime() - last < updateEveryMs(issue.id)) continue;
          const note = this.comments.insert(
            issue.id,
            issue.npc_id,
            this.rng.pick(NPC_PROGRESS),
            at,
          );
          this.commentEvent(issue, issue.npc_id, note.id, at);
          this.issues.touch(issue.id, at);
          run(issue, issue.npc_id);
          result.updated += 1;
        }
        for (const issue of this.sim.inProgress(org.id, MAX_TASKS)) {
          if (!this.rng.chance(elapsedMs / TASK_MEAN_MS)) continue;
          const npc = issue.npc_id as number;
          const done = this.comments.insert(issue.id, npc, this.rng.pick(NPC_DONE), at);
          this.commentEvent(issue, npc, done.id, at);
          this.issues.update(issue.id, {
            state: 'closed',
            stateReason: 'completed',
            closedAt: at,
            at,
          });
          this.issueEvent(issue, npc, { action: 'closed', state_reason: 'completed' }, at);
          result.closed += 1;
        }
        result.spentCents += this.spend(org.id, now, elapsedMs, at);
      }
    });
    return result;
  }

  /**
   * A run of `npc` on a task, started by the task's author, on the commit the
   * repository's newest build ran on; false when the repository has never built.
   */
  private startRun(issue: SimIssueRow, npc: number): boolean {
    const commit = this.buildRows.latestCommit(issue.repo_id);
    if (!commit) return false;
    const path = this.sim.repoPath(issue.repo_id);
    this.builds.startBuild({
      repoId: issue.repo_id,
      kind: 'npc',
      event: NPC_ISSUE_EVENT,
      eventUrl: `/${path}/-/issues/${issue.number}`,
      userId: issue.author_id,
      npcId: npc,
      issueId: issue.id,
      pullId: null,
      sha: commit.sha,
      commitTitle: commit.title,
      sourceRef: 'main',
      targetRef: 'main',
      title: `${this.sim.username(npc)}: ${issue.title}`,
    });
    return true;
  }

  /** Whether a task's newest run has failed (and waits for its retry). */
  private lastRunFailed(issueId: number, now: number): boolean {
    const latest = this.buildRows.ofIssue(issueId).at(-1);
    return latest !== undefined && buildStatus(latest, now) === 'error';
  }

  /** `npc` answers an issue given to it: a comment and the `in progress` label. */
  private pickUp(issue: SimIssueRow, npc: number, at: string): void {
    const reply = this.comments.insert(issue.id, npc, this.rng.pick(NPC_REPLIES), at);
    this.commentEvent(issue, npc, reply.id, at);
    const label =
      this.labels.byNames(issue.repo_id, [PROGRESS_LABEL.name])[0] ??
      this.labels.insert(
        issue.repo_id,
        PROGRESS_LABEL.name,
        PROGRESS_LABEL.color,
        PROGRESS_LABEL.description,
      );
    this.issues.addLabels(issue.id, [label.id]);
    this.issues.touch(issue.id, at);
  }

  /** An `IssueEvent` about `issue` (assignment, close) by `actor`, as the issue services record it. */
  private issueEvent(
    issue: SimIssueRow,
    actor: number,
    fields: Record<string, unknown>,
    at: string,
  ): void {
    this.events.record({
      repoId: issue.repo_id,
      type: 'IssueEvent',
      actorId: actor,
      payload: { ...fields, issue: { number: String(issue.number), title: issue.title } },
      createdAt: at,
    });
  }

  /** An NPC's comment, as the comments service would record it. */
  private commentEvent(issue: SimIssueRow, npc: number, commentId: number, at: string): void {
    this.events.record({
      repoId: issue.repo_id,
      type: 'IssueCommentEvent',
      actorId: npc,
      payload: {
        action: 'created',
        issue: { number: String(issue.number), title: issue.title },
        comment: { id: String(commentId) },
      },
      createdAt: at,
    });
  }

  /** NPCs push a commit to some repositories (git work, so outside the round's transaction). */
  pushCommits(): Promise<number> {
    return this.pusher.round(this.rng);
  }

  /** Spend at the organization's rate over the last week, with some noise, never below zero. */
  private spend(namespaceId: number, now: Date, elapsedMs: number, at: string): number {
    const weekSpend = this.sim.spentSince(namespaceId, iso(new Date(now.getTime() - 7 * DAY_MS)));
    const daily = weekSpend > 0 ? weekSpend / 7 : DEFAULT_DAILY_CENTS;
    const wanted = Math.round(((daily * elapsedMs) / DAY_MS) * this.rng.range(0.5, 1.5));
    const amount = Math.min(wanted, this.ledger.balance(namespaceId));
    if (amount <= 0) return 0;
    this.ledger.append(namespaceId, -amount, 'spend', 'NPC model calls', at);
    return amount;
  }
}
