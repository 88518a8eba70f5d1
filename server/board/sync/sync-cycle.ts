import { Injectable, Logger } from '@nestjs/common';
import type { BoardChange } from '@shared/board/events';
import { createHash } from 'node:crypto';
import { Clock } from '../../common/clock';
import { SingleFlight } from '../../common/single-flight';
import { BACKGROUND_RESERVE, UpstreamBudget } from '../budget/upstream-budget';
import { BoardChanges } from '../events/board-changes';
import { RefreshAhead } from '../cache/refresh-ahead';
import { DistributedLock } from '../locks/distributed-lock';
import { BoardConfig } from '../config/board-config';
import { Coverage } from '../scope/coverage.service';
import { PlatformClient } from '../platform/platform-client';
import { signalOf } from './held-issues';
import { IssueMirror } from './issue-mirror';
import { NpcRunsService } from './npc-runs.service';

const CYCLE_LOCK = 'sync:cycle';

/**
 * The sync looking for changes by itself, once per cache life (docs/architecture.md#live-pages).
 * For each covered organization it reads what the pages' core fields come from, the
 * repository list and the issues (through the response cache and the issue mirror, so it
 * costs what a viewer's read after the cache life would, and shares it with them), as
 * background work within the call budget. What differs from the previous cycle's
 * fingerprint is a change, and the answers showing it are dropped from the route cache.
 * A fingerprint this process has not taken yet counts as a change too: what the board
 * answered between its start and its first cycle (or before a restart) is not known, so
 * the first cycle publishes every organization it reads and open pages reload once; a
 * change made at any time after the start reaches them within two cache lives. The NPC
 * runs it follows are those held that had a run going (`NpcRunsService.followRunning`):
 * a run that ends or a new one seen is a `runs` change. Then the
 * answers viewers asked for recently
 * are rebuilt ahead of their expiry (`RefreshAhead`), so a viewer who comes back gets
 * them from the cache and the page path makes no platform call after a route's first
 * answer; only then are the changes published, so open pages find the new answers ready.
 *
 * Behind several replicas one cycle runs per half cache life: the first replica to take
 * the lock runs it, and the change reaches every replica's streams through the feed.
 */
@Injectable()
export class SyncCycle {
  private readonly logger = new Logger(SyncCycle.name);
  /** `topic org` → fingerprint of what the last cycle read. */
  private readonly prints = new Map<string, string>();
  private readonly runs = new SingleFlight<'cycle', BoardChange[]>();

  constructor(
    private readonly coverage: Coverage,
    private readonly platform: PlatformClient,
    private readonly mirror: IssueMirror,
    private readonly changes: BoardChanges,
    private readonly budget: UpstreamBudget,
    private readonly lock: DistributedLock,
    private readonly config: BoardConfig,
    private readonly ahead: RefreshAhead,
    private readonly clock: Clock,
    private readonly npcRuns: NpcRunsService,
  ) {}

  /** One cycle (joined if one is running); the changes it found and published. */
  run(): Promise<BoardChange[]> {
    return this.runs.run('cycle', () => this.runOnce());
  }

  private async runOnce(): Promise<BoardChange[]> {
    // Not released: the lock spaces the replicas' cycles; it expires before the next one.
    const held = await this.lock.acquire(CYCLE_LOCK, Math.ceil(this.config.cacheTtlMs / 2));
    if (!held) return [];
    let orgs: string[];
    try {
      orgs = await this.budget.background(() => this.coverage.coveredOrgs());
    } catch (error) {
      this.logger.debug(`Sync cycle skipped: ${(error as Error).message}`);
      return [];
    }
    // What the cycle reads and rebuilds stays fresh until the next cycle.
    const freshUntil = this.clock.now().getTime() + this.config.cacheTtlMs;
    const found = (await Promise.all(orgs.map((org) => this.syncOrg(org, freshUntil)))).flat();
    await this.changes.synced(found, () => this.ahead.run(freshUntil));
    return found;
  }

  /** One organization's repositories and issues; a read that fails waits for the next cycle. */
  private async syncOrg(org: string, freshUntil: number): Promise<BoardChange[]> {
    const found: BoardChange[] = [];
    try {
      await this.budget.background(
        async () => {
          const repositories = await this.platform.listRepos(org);
          const repoLines = repositories.map((r) => `${r.path}|${signalOf(r)}`);
          if (this.moved('repos', org, repoLines)) found.push({ topic: 'repos', org });
          const issues = await this.mirror.orgIssues(org);
          const issueLines = issues.map(
            (i) => `${i.repo?.path ?? ''}#${i.number}|${i.state}|${i.updated_at}`,
          );
          if (this.moved('issues', org, issueLines)) found.push({ topic: 'issues', org });
          const runLines = await this.npcRuns.followRunning(org);
          if (this.moved('runs', org, runLines)) found.push({ topic: 'runs', org });
        },
        BACKGROUND_RESERVE,
        { freshUntil },
      );
    } catch (error) {
      this.logger.debug(`Sync of ${org} deferred: ${(error as Error).message}`);
    }
    return found;
  }

  /** Record the fingerprint of `lines`; true when it differs from the previous one or there is none. */
  private moved(topic: BoardChange['topic'], org: string, lines: string[]): boolean {
    const hash = createHash('sha1');
    for (const line of lines.sort()) hash.update(line).update('\n');
    const print = hash.digest('base64');
    const key = `${topic} ${org}`;
    const previous = this.prints.get(key);
    this.prints.set(key, print);
    return previous !== print;
  }
}
