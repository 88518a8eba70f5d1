import { Inject, Injectable } from '@nestjs/common';
import { isoDate } from '@shared/board/credits';
import type { MapContext } from '@shared/board/mappers';
import { toPullRequest } from '@shared/board/mappers';
import { isNpcUser } from '@shared/board/npc';
import { linkedTask, type NpcPull } from '@shared/board/outcomes';
import type { PlatformPull } from '@shared/platform/types';
import { LRUCache } from 'lru-cache';
import { Clock } from '../../common/clock';
import { SingleFlight } from '../../common/single-flight';
import { notePending } from '../cache/freshness';
import { BoardConfig } from '../config/board-config';
import { PLATFORM_CONNECTION, PlatformConnection } from '../connection/platform-connection';
import { PlatformClient } from '../platform/platform-client';
import { BackgroundReads, CONCURRENT_READS, type ReadFor } from './background-reads';
import { mapBounded } from './npc-work.service';
import { type ReadStamp, TaskMoves } from './task-moves';

const DAY_MS = 86_400_000;

/** The background read of a repository's NPC pull requests, for the outcomes. */
const forOutcomes = (repo: string): ReadFor => ({ enrichment: 'outcomes', repo });
/** How far back a repository's NPC pull requests are held (by their last change). */
export const PULL_WINDOW_DAYS = 31;
/** A repository's pull requests are read again at least this often while they are shown. */
export const PULLS_RESYNC_MS = 3_600_000;

/** One repository's NPC pull requests, as last read. */
interface RepoPulls extends ReadStamp {
  /** By number. */
  pulls: Map<number, NpcPull>;
}

/**
 * The NPC pull requests of covered repositories (docs/rules.md#npc-outcomes): each
 * repository's pull requests by an NPC changed in the last 31 days, read as background work
 * when an outcome page asks and held; read again, from the day of the last read, when a
 * task of the repository moved since and every hour. A merged one's commits and reviews
 * (who finished it, how many rounds) are read once and kept. What is not held yet is the
 * `outcomes` enrichment, pending.
 */
@Injectable()
export class NpcPullsService {
  private readonly held = new LRUCache<string, RepoPulls>({ max: 5_000 });
  private readonly inFlight = new SingleFlight<string, void>();
  private readonly moves = new TaskMoves();

  constructor(
    private readonly platform: PlatformClient,
    private readonly config: BoardConfig,
    private readonly clock: Clock,
    private readonly reads: BackgroundReads,
    @Inject(PLATFORM_CONNECTION) private readonly connection: PlatformConnection,
  ) {}

  /**
   * A repository's NPC pull requests as held, without waiting (null while not held); queues
   * the read when missing or outdated (a task updated after `movedAt`, or an hour), and the
   * details of merged ones not read yet, noting `outcomes` pending while anything is queued.
   */
  known(repo: string, movedAt: number): NpcPull[] | null {
    const now = this.clock.now().getTime();
    const held = this.held.get(repo);
    let pending = false;
    if (held === undefined || this.outdated(held, movedAt, now)) {
      this.moves.note(repo, movedAt);
      this.reads.request(`pulls:${repo}`, () => this.read(repo), forOutcomes(repo));
      pending = true;
    }
    if (held !== undefined) {
      for (const pull of held.pulls.values()) {
        if (!needsDetails(pull)) continue;
        pending = true;
        this.reads.request(
          `pull:${repo}#${pull.number}`,
          () => this.readDetails(repo, pull),
          forOutcomes(repo),
        );
      }
    }
    if (pending) notePending('outcomes');
    return held === undefined ? null : [...held.pulls.values()];
  }

  /**
   * The NPC pull requests of `repos` (each with its newest task update), reading first what
   * is missing or outdated and every merged one's details: for the admin overview, which
   * waits for its facts. A repository that cannot be read keeps what is held; with nothing
   * held it is left out.
   */
  async readNow(repos: ReadonlyMap<string, number>): Promise<NpcPull[]> {
    const now = this.clock.now().getTime();
    await mapBounded([...repos], CONCURRENT_READS, async ([repo, movedAt]) => {
      const held = this.held.get(repo);
      if (held !== undefined && !this.outdated(held, movedAt, now)) return;
      this.moves.note(repo, movedAt);
      await this.read(repo).catch(() => undefined);
    });
    const pulls = [...repos.keys()].flatMap((repo) => [
      ...(this.held.get(repo)?.pulls.values() ?? []),
    ]);
    await mapBounded(pulls.filter(needsDetails), CONCURRENT_READS, (pull) =>
      this.readDetails(pull.repo, pull).catch(() => undefined),
    );
    return [...repos.keys()].flatMap((repo) => [...(this.held.get(repo)?.pulls.values() ?? [])]);
  }

  /** Reads a repository's NPC pull requests now; concurrent asks join the read in flight. */
  read(repo: string): Promise<void> {
    return this.inFlight.run(repo, () => this.readOnce(repo));
  }

  private async readOnce(repo: string): Promise<void> {
    const now = this.clock.now().getTime();
    const before = this.held.get(repo);
    const movedAt = this.moves.take(repo, before);
    const windowStart = now - PULL_WINDOW_DAYS * DAY_MS;
    const from = Math.max(before?.readAt ?? windowStart, windowStart);
    const listed = await this.platform.listPulls(repo, {
      state: 'all',
      updated_time_begin: isoDate(new Date(from)),
      order_by: '-updated_at',
    });
    const ctx: MapContext = { npcHandles: this.config.npcHandles, webUrl: this.webUrl };
    const pulls = new Map<number, NpcPull>();
    for (const raw of listed) {
      if (!isNpcUser(raw.author, this.config.npcHandles)) continue;
      const pull = toNpcPull(raw, repo, ctx);
      const kept = before?.pulls.get(pull.number);
      // A merged pull request's details do not change; an unmerged one has none.
      pulls.set(
        pull.number,
        kept?.state === 'merged' && pull.state === 'merged' ? { ...pull, ...details(kept) } : pull,
      );
    }
    for (const [number, pull] of before?.pulls ?? [])
      if (!pulls.has(number) && Date.parse(pull.updated_at) >= windowStart) pulls.set(number, pull);
    this.held.set(repo, { readAt: now, movedAt, pulls });
  }

  /** Reads who committed on a merged pull request and how many rounds its review took. */
  private async readDetails(repo: string, pull: NpcPull): Promise<void> {
    const [commits, reviews] = await Promise.all([
      this.platform.listPullCommits(repo, pull.number),
      this.platform.listPullReviews(repo, pull.number),
    ]);
    const human_commit = commits.some(
      (commit) => !isNpcUser(commit.author ?? { username: '' }, this.config.npcHandles),
    );
    const review_rounds =
      reviews.filter((review) => review.state.toLowerCase() === 'changes_requested').length + 1;
    const held = this.held.get(repo)?.pulls;
    const current = held?.get(pull.number);
    if (current !== undefined && current.state === 'merged')
      held!.set(pull.number, { ...current, review_rounds, human_commit });
  }

  private get webUrl(): string {
    return this.connection.available ? this.connection.webUrl : '';
  }

  private outdated(held: RepoPulls, taskMovedAt: number, now: number): boolean {
    return taskMovedAt > held.movedAt || now - held.readAt >= PULLS_RESYNC_MS;
  }
}

/** Whether a held pull request still waits for its commits and reviews. */
function needsDetails(pull: NpcPull): boolean {
  return pull.state === 'merged' && (pull.review_rounds === null || pull.human_commit === null);
}

function details(pull: NpcPull): Pick<NpcPull, 'review_rounds' | 'human_commit'> {
  return { review_rounds: pull.review_rounds, human_commit: pull.human_commit };
}

/** A listed pull request by an NPC, as held (its details unread). */
export function toNpcPull(raw: PlatformPull, repo: string, ctx: MapContext): NpcPull {
  const mapped = toPullRequest(raw, repo, ctx);
  return {
    repo,
    number: mapped.number,
    title: mapped.title,
    web_url: mapped.web_url,
    npc: raw.author.username.toLowerCase(),
    state: raw.state,
    created_at: raw.created_at,
    updated_at: raw.updated_at,
    merged_at: raw.state === 'merged' ? raw.updated_at : null,
    task_number: linkedTask({ body: raw.body ?? '', head_ref: raw.head?.ref ?? '' }),
    review_rounds: null,
    human_commit: null,
  };
}
