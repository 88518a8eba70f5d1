import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../common/clock';
import { iso } from '../common/time';
import { LedgerRepository } from '../credits/ledger.repository';
import { EventsService } from '../events/events.service';
import { CommentsRepository } from '../issues/comments.repository';
import { IssuesRepository } from '../issues/issues.repository';
import { LabelsRepository } from '../issues/labels.repository';
import { NPC_DONE, NPC_REPLIES } from '../seed/demo-data';
import { Prng } from '../seed/prng';
import { ForgeDatabase } from '../storage/forge-database';
import { NpcPusher } from './npc-pusher';
import { type SimIssueRow, SimulatorRepository } from './simulator.repository';

const DAY_MS = 86_400_000;
/** Spending per day assumed for an organization without recent history (hundredths). */
const DEFAULT_DAILY_CENTS = 2_400;
const PROGRESS_LABEL = {
  name: 'in progress',
  color: 'fbca04',
  description: 'Someone is working on it',
};

/** What one round did, for logs and tests. */
export interface SimulationRound {
  pickedUp: number;
  closed: number;
  spentCents: number;
}

/**
 * Demo NPCs at work: every round, in each organization, they pick up waiting issues
 * (assign, comment, label `in progress`), finish some (close as completed) and spend
 * credits at the organization's recent rate. Time comes from the injected clock. The
 * demo's held issues (stuck and overdue cases) are never touched, so they keep showing.
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
    const result: SimulationRound = { pickedUp: 0, closed: 0, spentCents: 0 };
    if (npcs.length === 0) return result;
    const now = this.clock.now();
    const at = iso(now);
    this.db.transaction(() => {
      for (const org of this.sim.orgs()) {
        for (const issue of this.sim.pending(org.id, this.rng.int(0, 2))) {
          const npc = issue.npc_id ?? this.rng.pick(npcs);
          if (issue.npc_id === null) {
            this.issues.addAssignees(issue.id, [npc]);
            this.issueEvent(
              issue,
              npc,
              { action: 'assigned', assignees: [names.get(npc) ?? ''] },
              at,
            );
          }
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
          result.pickedUp += 1;
        }
        for (const issue of this.sim.inProgress(org.id, 3)) {
          if (!this.rng.chance(0.25)) continue;
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
